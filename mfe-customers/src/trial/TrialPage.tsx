import { errorMessage, useBackTo, useParams } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Badge, Box, Button, ErrorPanel, FormField, HStack, Input, NativeSelect, PageHeader } from '@fleet/shared-ui';
import { EditDialog, useOnOpen } from '@fleet/shared-ui/overlays';
import { DataTable, type DataColumn } from '@fleet/shared-ui/tables';
import { useState, type FormEvent } from 'react';
import { useChangeTrial, useTrials, type Trial } from '../api/trials';
import { customerPaths } from '../description';
import { useCustomersTranslation } from '../i18n/translation';


type Change = { kind: 'extend'; trial: Trial } | { kind: 'end'; trial: Trial };
const PALETTE: Record<Trial['status'], string> = { active: 'blue', purchased: 'green', returned: 'gray' };

/** Airlink Trial (spec 2.4: /admin/customer/trial/{id}): the customer's trials; extend a running one or end it. */
export function TrialPage() {
  const { t } = useCustomersTranslation();
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const back = useBackTo(customerPaths('admin').detail.replace(':id', String(validId)));
  const trials = useTrials(validId);
  const [change, setChange] = useState<Change | null>(null);

  const columns: DataColumn<Trial>[] = [
    { key: 'serial_number', header: t('trial.device'), sortable: false, render: (row) => row.serial_number ?? '-' },
    { key: 'started_on', header: t('trial.started'), sortable: false, render: (row) => formatDate(row.started_on) },
    { key: 'ends_on', header: t('trial.ends'), sortable: false, render: (row) => formatDate(row.ends_on) },
    {
      key: 'days_left',
      header: t('trial.daysLeft'),
      sortable: false,
      render: (row) => (row.days_left === null ? '-' : row.days_left < 0 ? t('trial.overdue', { count: -row.days_left }) : String(row.days_left)),
    },
    { key: 'status', header: t('trial.status'), sortable: false, render: (row) => <Badge colorPalette={PALETTE[row.status]}>{t(`trial.statuses.${row.status}`)}</Badge> },
    {
      key: 'action',
      header: t('list.action'),
      sortable: false,
      render: (row) =>
        row.status === 'active' ? (
          <HStack gap="2">
            <Button size="xs" variant="outline" aria-label={`${t('trial.extend')} ${row.serial_number ?? row.id}`} onClick={() => setChange({ kind: 'extend', trial: row })}>
              {t('trial.extend')}
            </Button>
            <Button size="xs" variant="outline" aria-label={`${t('trial.end')} ${row.serial_number ?? row.id}`} onClick={() => setChange({ kind: 'end', trial: row })}>
              {t('trial.end')}
            </Button>
          </HStack>
        ) : (
          row.ended_on && formatDate(row.ended_on)
        ),
    },
  ];

  return (
    <Box p="4">
      <PageHeader title={t('trial.title')} onBack={back} />
      {trials.isError ? (
        <ErrorPanel message={errorMessage(trials.error)} onRetry={() => void trials.refetch()} />
      ) : (
        <DataTable label={t('trial.title')} columns={columns} rows={trials.data ?? []} rowKey="id" loading={trials.isPending} emptyText={t('trial.none')} />
      )}
      <ChangeDialog change={change} onClose={() => setChange(null)} />
    </Box>
  );
}

function ChangeDialog({ change, onClose }: { change: Change | null; onClose: () => void }) {
  const { t } = useCustomersTranslation();
  const save = useChangeTrial();
  const [endsOn, setEndsOn] = useState('');
  const [outcome, setOutcome] = useState('purchased');
  const [error, setError] = useState<string | null>(null);
  // each opening starts from the trial
  useOnOpen(
    change !== null,
    () => {
      if (!change) return;
      setEndsOn(change.trial.ends_on);
      setOutcome('purchased');
      setError(null);
      save.reset();
    },
    change,
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!change) return;
    if (change.kind === 'extend' && endsOn < change.trial.started_on) {
      setError(t('trial.endBeforeStart'));
      return;
    }
    try {
      await save.mutateAsync(change.kind === 'extend' ? { trial_id: change.trial.id, ends_on: endsOn } : { trial_id: change.trial.id, status: outcome });
      onClose();
    } catch {
      // said in the dialog (and the toast)
    }
  };
  return (
    <EditDialog
      open={change !== null}
      title={change?.kind === 'extend' ? t('trial.extendTitle') : t('trial.endTitle')}
      submitLabel={change?.kind === 'extend' ? t('trial.extend') : t('trial.end')}
      cancelLabel={t('property.cancel')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
    >
      {change?.kind === 'extend' ? (
        <FormField label={t('trial.ends')} required error={error ?? undefined}>
          <Input size="sm" type="date" min={change.trial.started_on} value={endsOn} onChange={(e) => setEndsOn(e.currentTarget.value)} />
        </FormField>
      ) : (
        <FormField label={t('trial.outcome')} required>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={outcome} onChange={(e) => setOutcome(e.currentTarget.value)}>
              <option value="purchased">{t('trial.statuses.purchased')}</option>
              <option value="returned">{t('trial.statuses.returned')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      )}
    </EditDialog>
  );
}
