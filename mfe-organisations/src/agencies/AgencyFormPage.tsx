import { useAgency, useSaveAgency } from '../api/agencies';
import { AGENCY_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { useRecordForm } from '../record-page/record-form';
import { RecordEdit } from '../record-page/RecordEdit';
import { useRouteId } from '../record-page/route-record';
import { agencyBody, agencySchema, agencyValues, EMPTY_AGENCY, type AgencyValues } from './agency-form';
import { AgencyFields } from './AgencyFields';
import { useProductLine } from './product-line';

/** Add Agency (spec 2.4: /admin/installer-agency): the form, then the new agency's page. */
export function AgencyAddPage() {
  return <AgencyForm mode="add" values={EMPTY_AGENCY} id={null} />;
}

/** Edit Agency (spec 2.4: /admin/installer-agency/{id}): the agency's form once read; 404 says not found. */
export function AgencyEditPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const { line } = useProductLine();
  const agency = useAgency(id, line);
  return (
    <RecordEdit id={id} query={agency} title={t('agencies.agency.edit')} backTo={AGENCY_PATHS.list} notFoundText={t('agencies.agency.notFound')}>
      {(info) => <AgencyForm mode="edit" values={agencyValues(info)} id={info.id} />}
    </RecordEdit>
  );
}

function AgencyForm({ mode, values, id }: { mode: 'add' | 'edit'; values: AgencyValues; id: number | null }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveAgency();
  const { form, page } = useRecordForm({ schema: agencySchema(mode), values, id, save, bodyOf: (body) => agencyBody(body, mode), paths: AGENCY_PATHS });
  return (
    <RecordPage title={mode === 'add' ? t('agencies.agency.add') : t('agencies.agency.edit')} {...page}>
      <AgencyFields form={form} mode={mode} />
    </RecordPage>
  );
}
