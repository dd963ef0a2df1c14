import { Link as RouterLink, useFieldRefusal } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Button, FactList, Link } from '@fleet/shared-ui';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useDeleteFieldWorker, useFieldWorker, useSaveFieldWorker, type FieldWorkerArea, type FieldWorkerInfo } from '../api/electricians';
import { FIELD_WORKER_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
import { contactFacts } from '../forms/contact-fields';
import { FIELD_WORKER_AREA_PATHS } from './area-paths';
import { FieldWorkerFields } from './FieldWorkerFields';
import { fieldWorkerBody, fieldWorkerSchema, fieldWorkerValues, type FieldWorkerValues } from './field-worker-form';

/**
 * One field worker (spec 2.4 /admin/electrician-installer/view/{id}, 2.5, 2.6): its facts; Admin
 * edits its contact details here and opens the devices it installed; the electrician edits (its edit
 * route) and deletes its own; an agency reads.
 */
export function FieldWorkerViewPage({ area }: { area: FieldWorkerArea }) {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const worker = useFieldWorker(area, id);
  const remove = useDeleteFieldWorker();
  const [editing, setEditing] = useState(false);
  const w = worker.data;
  const paths = FIELD_WORKER_AREA_PATHS[area];
  const electricianView = paths.electrician;
  const facts: Array<[string, ReactNode]> = w
    ? [
        ...contactFacts({ firstName: t('electricians.form.firstName'), lastName: t('electricians.form.lastName'), email: t('electricians.fieldWorkers.email'), phone: t('electricians.fieldWorkers.phone') }, w, w.phone),
        ...(electricianView
          ? ([
              [
                t('electricians.fieldWorkers.electrician'),
                <Link key="electrician" asChild colorPalette="teal" fontSize="sm">
                  <RouterLink to={recordPath(electricianView, w.electrician_id)}>{w.electrician_name}</RouterLink>
                </Link>,
              ],
              [t('electricians.fieldWorkers.company'), w.company_name ?? '-'],
            ] as Array<[string, ReactNode]>)
          : []),
        [t('electricians.fieldWorkers.devices'), String(w.devices)],
        [t('electricians.fieldWorkers.created'), formatDate(w.created_at)],
        [t('electricians.view.updated'), formatDate(w.updated_at)],
      ]
    : [];
  const actions =
    area === 'admin' && w ? (
      <>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={recordPath(FIELD_WORKER_PATHS.adminDevices, w.id)}>{t('electricians.fieldWorkers.showDevices')}</RouterLink>
        </Button>
        <Button size="sm" onClick={() => setEditing(true)}>
          {t('electricians.fieldWorkers.editTitle')}
        </Button>
      </>
    ) : undefined;
  return (
    <RecordPage title={w ? `${t('electricians.fieldWorkers.viewTitle')} [${w.full_name}]` : t('electricians.fieldWorkers.viewTitle')} backTo={paths.list} load={recordLoad(id, worker)} notFoundText={t('electricians.fieldWorkers.notFound')}
      actions={actions}
      {...(area === 'electrician' && w
        ? {
            editTo: recordPath(FIELD_WORKER_PATHS.electricianEdit, w.id),
            remove: {
              title: t('electricians.fieldWorkers.deleteTitle'),
              text: t('electricians.fieldWorkers.deleteText', { name: w.full_name }),
              run: () => remove.mutateAsync(w.id),
              afterTo: paths.list,
            },
          }
        : {})}
    >
      <FactList facts={facts} />
      {area === 'admin' && w && <ContactDialog worker={w} open={editing} onClose={() => setEditing(false)} />}
    </RecordPage>
  );
}

/** Admin's edit of a field worker: email, first and last name, phone (PUT /api/electrician-agent/edit/{id}). */
function ContactDialog({ worker, open, onClose }: { worker: FieldWorkerInfo; open: boolean; onClose: () => void }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveFieldWorker('admin');
  const form = useForm<FieldWorkerValues>({ resolver: yupResolver(fieldWorkerSchema('none')), defaultValues: fieldWorkerValues(worker) });
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(save.error, form.setError, { email: 'email' });
  // each opening starts from the record; a refusal is said in the dialog (and the toast), or beside its field
  const { dialog, submit } = useDialogForm({ form, open, record: null, valuesOf: () => fieldWorkerValues(worker), save, onClose, t, error: refusal });
  return (
    <EditDialog
      {...dialog}
      title={t('electricians.fieldWorkers.editTitle')}
      size="lg"
      onSubmit={submit((values) => save.mutateAsync({ id: worker.id, body: fieldWorkerBody({ ...values, password: '' }) }))}
    >
      <FieldWorkerFields form={form} password="none" />
    </EditDialog>
  );
}
