// The lists a multi-site dialog chooses from, 25 options a page (spec: dropdowns load 25 and more on
// scroll): a site's or person's company, a company's agencies, a person's or assignment's site.
import { apiList, type ListInfo, type SearchParams } from '@fleet/shared-api';

export type ChoiceList = 'companies' | 'agencies' | 'sites';

const CHOICE_PATHS: Record<ChoiceList, string> = {
  companies: '/api/nms/multi-site-company/list',
  agencies: '/api/nms/agencies/options',
  sites: '/api/nms/sites/list',
};

/** One page of a choice list, its rows as the call answers them. */
export function fetchChoicePage(list: ChoiceList, params: SearchParams): Promise<ListInfo<Record<string, unknown>>> {
  return apiList<Record<string, unknown>>(CHOICE_PATHS[list], params);
}
