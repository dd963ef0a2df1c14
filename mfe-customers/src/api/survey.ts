// The property survey (spec 5, docs/customers-calls.md): the questions, and a property's answers saved.
import { apiGet, apiPut, useFleetMutation } from '@fleet/shared-api';
import type { SurveyQuestionDef } from '@fleet/contract';
import { useQuery } from '@fleet/shared-api/query';
import type { CustomerArea } from '../description';
import { callPrefix, customerKeys } from './customers';

/** A question of the survey, as fleet-api answers it. */
export type { SurveyQuestionDef };

/** A property's answers by question key. */
export type Answers = Record<string, string>;

/** The questions (the same for every property): read once per page. */
export function useSurveyQuestions(enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'survey-questions'],
    queryFn: async () => (await apiGet<SurveyQuestionDef[]>('/api/survey/questions')).info ?? [],
    enabled,
    staleTime: Infinity,
  });
}

export const useSaveSurveyAnswers = (area: CustomerArea, propertyId: number) =>
  useFleetMutation((answers: Answers) => apiPut<null>(`${callPrefix(area)}/property/survey`, { property_id: propertyId, answers }), { invalidate: [customerKeys.all] });
