import { useNavigate, useFieldRefusal } from '@fleet/shared-api';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useAgency, useSaveAgency } from '../api/agencies';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
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
  if (!agency.data) {
    return <RecordPage title={t('agencies.agency.edit')} backTo={AGENCY_PATHS.list} load={recordLoad(id, agency)} notFoundText={t('agencies.agency.notFound')} />;
  }
  return <AgencyForm mode="edit" values={agencyValues(agency.data)} id={agency.data.id} />;
}

function AgencyForm({ mode, values, id }: { mode: 'add' | 'edit'; values: AgencyValues; id: number | null }) {
  const { t } = useOrganisationsTranslation();
  const navigate = useNavigate();
  const save = useSaveAgency();
  const form = useForm<AgencyValues>({ resolver: yupResolver(agencySchema(mode)), defaultValues: values });
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(save.error, form.setError, { email: 'email' });
  const submit = form.handleSubmit(async (typed) => {
    try {
      const answer = await save.mutateAsync({ id, body: agencyBody(typed) });
      const saved = id ?? answer.info?.id;
      navigate(saved ? recordPath(AGENCY_PATHS.view, saved) : AGENCY_PATHS.list);
    } catch {
      // said on the page (and in the toast), or beside its field; what was typed stays
    }
  });
  return (
    <RecordPage
      title={mode === 'add' ? t('agencies.agency.add') : t('agencies.agency.edit')}
      backTo={id === null ? AGENCY_PATHS.list : recordPath(AGENCY_PATHS.view, id)}
      form={{ onSubmit: (event) => void submit(event), busy: save.isPending, error: refusal }}
    >
      <AgencyFields form={form} mode={mode} />
    </RecordPage>
  );
}
