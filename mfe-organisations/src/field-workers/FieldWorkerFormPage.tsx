import { useNavigate, useFieldRefusal } from '@fleet/shared-api';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useFieldWorker, useSaveFieldWorker, type FieldWorkerInfo } from '../api/electricians';
import { FIELD_WORKER_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
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
  if (!worker.data) {
    return <RecordPage title={t('electricians.fieldWorkers.editTitle')} backTo={FIELD_WORKER_PATHS.electricianList} load={recordLoad(id, worker)} notFoundText={t('electricians.fieldWorkers.notFound')} />;
  }
  return <FieldWorkerForm worker={worker.data} />;
}

function FieldWorkerForm({ worker }: { worker: FieldWorkerInfo | null }) {
  const { t } = useOrganisationsTranslation();
  const navigate = useNavigate();
  const save = useSaveFieldWorker('electrician');
  const password = worker ? 'optional' : 'required';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FieldWorkerValues>({ resolver: yupResolver(fieldWorkerSchema(password)), defaultValues: fieldWorkerValues(worker) });
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(save.error, setError, { email: 'email' });
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({ id: worker?.id ?? null, body: fieldWorkerBody(values) });
      const id = worker?.id ?? (answer.info as { id: number } | null)?.id;
      navigate(id ? recordPath(FIELD_WORKER_PATHS.electricianView, id) : FIELD_WORKER_PATHS.electricianList);
    } catch {
      // said above the footer (and in the toast), or beside its field; what was typed stays
    }
  });
  return (
    <RecordPage
      title={worker ? `${t('electricians.fieldWorkers.editTitle')} [${worker.full_name}]` : t('electricians.fieldWorkers.addTitle')}
      backTo={worker ? recordPath(FIELD_WORKER_PATHS.electricianView, worker.id) : FIELD_WORKER_PATHS.electricianList}
      form={{ onSubmit: (event) => void submit(event), busy: save.isPending, error: refusal }}
    >
      <FieldWorkerFields register={register} errors={errors} password={password} />
    </RecordPage>
  );
}
