import { useFieldWorker, useSaveFieldWorker, type FieldWorkerBody, type FieldWorkerInfo } from '../api/electricians';
import { FIELD_WORKER_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { useRecordForm } from '../record-page/record-form';
import { RecordPage } from '../record-page/RecordPage';
import { RecordEdit } from '../record-page/RecordEdit';
import { useRouteId } from '../record-page/route-record';
import { FieldWorkerFields } from './FieldWorkerFields';
import { fieldWorkerBody, fieldWorkerSchema, fieldWorkerValues, type FieldWorkerValues } from './field-worker-form';

/** The electrician adds a field worker (spec 2.6 /electrician/installer-agent): a password is required. */
export function FieldWorkerAddPage() {
  return <FieldWorkerForm worker={null} />;
}

/** The electrician edits one of its own (spec 2.6 /electrician/installer-agent/{id}): the password only when set. */
export function FieldWorkerEditPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const worker = useFieldWorker('electrician', id);
  return (
    <RecordEdit id={id} query={worker} title={t('electricians.fieldWorkers.editTitle')} backTo={FIELD_WORKER_PATHS.electricianList} notFoundText={t('electricians.fieldWorkers.notFound')}>
      {(record) => <FieldWorkerForm worker={record} />}
    </RecordEdit>
  );
}

function FieldWorkerForm({ worker }: { worker: FieldWorkerInfo | null }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveFieldWorker('electrician');
  const password = worker ? 'optional' : 'required';
  const { form, page } = useRecordForm<FieldWorkerValues, FieldWorkerBody>({
    schema: fieldWorkerSchema(password),
    values: fieldWorkerValues(worker),
    id: worker?.id ?? null,
    save,
    bodyOf: fieldWorkerBody,
    paths: { view: FIELD_WORKER_PATHS.electricianView, list: FIELD_WORKER_PATHS.electricianList },
  });
  return (
    <RecordPage title={worker ? `${t('electricians.fieldWorkers.editTitle')} [${worker.full_name}]` : t('electricians.fieldWorkers.addTitle')} {...page}>
      <FieldWorkerFields form={form} password={password} />
    </RecordPage>
  );
}
