import { useOpenWithBack } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { CompanyDialog } from './CompanyDialog';
import { EditableList, useEditing } from './EditableList';
import { SiteDialog } from './SiteDialog';
import { RowActions, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useCompanies, useSites, type CompanyRow, type SiteRow } from '../api/nms';
import { COMPANY_VIEW_PATHS, SITE_VIEW_PATHS, type PlaceArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';

const COMPANY_FILTERS = ['company_name', 'contact_person_email'] as const;
const SITE_FILTERS = ['site_name', 'company_name'] as const;

/** The multi-site companies of the slice (Admin, Agency), each opening its dashboard. */
export function CompaniesPage({ area }: { area: 'admin' | 'agency' }) {
  const { t } = useHeatPumpTranslation();
  const openWithBack = useOpenWithBack();
  const list = useListState({ filterKeys: COMPANY_FILTERS });
  const companies = useCompanies(list.toQuery());
  const title = t('places.company');
  const editing = useEditing<CompanyRow>();
  const columns: DataColumn<CompanyRow>[] = [
    { key: 'company_name', header: t('places.companyName') },
    { key: 'company_address', header: t('places.companyAddress'), sortable: false },
    { key: 'contact_person_email', header: t('places.contactEmail') },
    ...(area === 'admin' ? [{ key: 'agencies', header: t('places.agencies'), sortable: false, render: (c: CompanyRow) => c.agencies.map((a) => a.agency_name).join(', ') || '-' }] : []),
    { key: 'sites_count', header: t('places.sites'), sortable: false, align: 'end' },
    { key: 'heat_pumps', header: t('models.heatPumps'), sortable: false, align: 'end' },
    { key: 'action', header: t('list.action'), sortable: false, render: (c) => (
        <RowActions name={c.company_name} onView={() => openWithBack(COMPANY_VIEW_PATHS[area].replace(':id', String(c.id)))} onEdit={() => editing.edit(c)} />
      ),
    },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'company_name', label: t('places.companyName') },
    { key: 'contact_person_email', label: t('places.contactEmail') },
  ];
  return (
    <EditableList title={title} list={list} filters={filters} result={companies} columns={columns} add={{ label: t('companyForm.add'), onClick: editing.add }}>
      <CompanyDialog open={editing.open} company={editing.record} admin={area === 'admin'} onClose={editing.close} />
    </EditableList>
  );
}

/** The sites of the slice (Admin, mscc, sm), each opening its dashboard. */
export function SitesPage({ area }: { area: PlaceArea }) {
  const { t } = useHeatPumpTranslation();
  const openWithBack = useOpenWithBack();
  const list = useListState({ filterKeys: SITE_FILTERS });
  const sites = useSites(list.toQuery());
  const title = t('places.sites');
  // spec: Admin and Agency choose the site's company; a company contact's sites are its company's; a site manager adds none
  const mayEdit = area !== 'sitemanager';
  const editing = useEditing<SiteRow>();
  const columns: DataColumn<SiteRow>[] = [
    { key: 'site_name', header: t('places.siteName') },
    { key: 'site_address', header: t('places.siteAddress'), sortable: false },
    ...(area === 'admin' || area === 'agency' ? [{ key: 'company_name', header: t('places.companyName') }] : []),
    { key: 'site_manager_name', header: t('places.siteManager'), sortable: false },
    { key: 'site_manager_email', header: t('places.siteManagerEmail'), sortable: false },
    { key: 'heat_pumps', header: t('models.heatPumps'), sortable: false, align: 'end' },
    { key: 'action', header: t('list.action'), sortable: false, render: (s) => (
        <RowActions
          name={s.site_name}
          onView={() => openWithBack(SITE_VIEW_PATHS[area].replace(':id', String(s.id)))}
          {...(mayEdit ? { onEdit: () => editing.edit(s) } : {})}
        />
      ),
    },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'site_name', label: t('places.siteName') },
    ...(area === 'admin' || area === 'agency' ? [{ key: 'company_name', label: t('places.companyName') }] : []),
  ];
  return (
    <EditableList title={title} list={list} filters={filters} result={sites} columns={columns} add={mayEdit && { label: t('siteForm.add'), onClick: editing.add }}>
      {mayEdit && <SiteDialog open={editing.open} site={editing.record} chooseCompany={area === 'admin' || area === 'agency'} onClose={editing.close} />}
    </EditableList>
  );
}
