import { FINISHED_ROLLOUT_STATES, ROLLOUT_DEVICE_STATES, type RolloutHaltReason, type RolloutInfo } from '@fleet/contract';
import { errorMessage, useBackTo, useParams } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import { exportListQuery, useListState } from '@fleet/shared-api/lists';
import { Alert, Box, Button, Card, ErrorPanel, Heading, LoadingArea, PageHeader, Stack, Text } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { ExportJobButton, ListHeader, PagedTable, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useOtaDeviceType } from '../api/device-type';
import {
  useLiveRolloutProgress,
  useRolloutAction,
  useRolloutDevices,
  useRolloutInfo,
  useStartRolloutDevicesExport,
  type RolloutAction,
  type RolloutDevice,
} from '../api/rollouts';
import { useDeviceId } from '../common/useDeviceId';
import { useFirmwareTranslation } from '../common/translation';
import { ROLLOUT_PATHS } from './paths';
import { RolloutStateBadge } from './RolloutState';
import { DeviceStateBadge, WaveProgress } from './WaveProgress';

type T = ReturnType<typeof useFirmwareTranslation>['t'];

/** One decimal at most: "12.5", "10". */
const figure = (n: number) => String(Math.round(n * 10) / 10);

/** Which condition halted the rollout, with its figures, in plain words. */
export function haltText(t: T, reason: RolloutHaltReason): string {
  if (reason.condition === 'fault_guard' && reason.fault_guard) {
    const g = reason.fault_guard;
    return t('rolloutDetail.haltFaultGuard', {
      updatedPercent: figure(g.updated_percent),
      updated: g.updated,
      hours: figure(g.hours),
      othersPercent: figure(g.others_percent),
      others: g.others,
      points: figure(g.points),
    });
  }
  const figures = { percent: figure(reason.failure_percent), finished: reason.finished, threshold: figure(reason.threshold_percent), timedOut: reason.timed_out };
  return t(reason.condition === 'timeouts' ? 'rolloutDetail.haltTimeouts' : 'rolloutDetail.haltFailureRate', figures);
}

/** Which actions a rollout's state allows (a finished or aborted one: none). */
export function allowedActions(info: RolloutInfo): Record<RolloutAction, boolean> {
  const open = !FINISHED_ROLLOUT_STATES.includes(info.state);
  return {
    pause: info.state === 'running',
    resume: info.state === 'paused' || info.state === 'halted',
    approve: open && info.waves.some((w) => w.state === 'awaiting_approval'),
    abort: open,
    'retry-failed': open && info.total.failed + info.total.timed_out > 0,
  };
}

const ACTION_LABELS: Record<RolloutAction, string> = {
  pause: 'rolloutDetail.pause',
  resume: 'rolloutDetail.resume',
  approve: 'rolloutDetail.approve',
  abort: 'rolloutDetail.abort',
  'retry-failed': 'rolloutDetail.retry',
};

function Settings({ info }: { info: RolloutInfo }) {
  const { t } = useFirmwareTranslation();
  return (
    <Stack gap="1" fontSize="sm" color="fg.muted">
      <Text>{t('rolloutDetail.paceText', { inFlight: info.max_in_flight, perMinute: info.max_per_minute })}</Text>
      <Text>
        {t('rolloutDetail.haltText', {
          threshold: figure(info.failure_threshold_percent),
          minFinished: info.min_finished,
          timeout: info.timeout_minutes,
          failures: info.max_device_failures,
        })}
      </Text>
      {info.window && <Text>{t('rolloutDetail.windowText', info.window)}</Text>}
      {info.fault_guard && <Text>{t('rolloutDetail.faultText', { hours: info.fault_guard.hours, points: info.fault_guard.points })}</Text>}
    </Stack>
  );
}

function RolloutDevices({ info }: { info: RolloutInfo }) {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const { idKey, idLabel } = useDeviceId(deviceType);
  // in the rollout's order (its waves' order) unless the URL says otherwise
  const list = useListState({ filterKeys: [idKey, 'state', 'wave', 'from_version'], defaults: { sortBy: 'position', orderBy: 'asc' } });
  const devices = useRolloutDevices(deviceType, info.id, list.toQuery());
  const startExport = useStartRolloutDevicesExport();
  const columns: DataColumn<RolloutDevice>[] = [
    { key: idKey, header: idLabel, render: (row) => row[idKey] ?? '-' },
    { key: 'wave', header: t('rolloutDetail.waveColumn') },
    { key: 'state', header: t('rollouts.state'), render: (row) => <DeviceStateBadge state={row.state} /> },
    { key: 'failures', header: t('rolloutDetail.attempts') },
    { key: 'from_version', header: t('rolloutDetail.fromVersion'), sortable: false, render: (row) => row.from_version ?? '-' },
    { key: 'finished_at', header: t('rolloutDetail.lastChange'), render: (row) => formatDateTime(row.finished_at ?? row.dispatched_at ?? '') || '-' },
  ];
  const filters: FilterFieldDef[] = [
    { key: idKey, label: idLabel },
    { key: 'state', label: t('rollouts.state'), kind: 'multi', options: ROLLOUT_DEVICE_STATES.map((s) => ({ value: s, label: t(`rollouts.deviceStates.${s}`) })) },
    { key: 'wave', label: t('rolloutDetail.waveColumn'), kind: 'select', options: info.waves.map((w) => ({ value: String(w.wave), label: t('rolloutDetail.wave', { wave: w.wave }) })) },
  ];
  return (
    <Box>
      <ListHeader title={t('rolloutDetail.devices')} list={list} filters={filters}>
        {/* the whole filtered list in its order, any size: a server job like every list's CSV */}
        <ExportJobButton
          fileName="Rollout Devices.csv"
          start={async () => (await startExport.mutateAsync({ rollout_id: info.id, deviceType, ...exportListQuery(list.toQuery()) })).info}
        />
      </ListHeader>
      <PagedTable label={t('rolloutDetail.devices')} list={list} result={devices} page={devices.data} columns={columns} loading={devices.isFetching && (devices.isPlaceholderData || !devices.data)} />
    </Box>
  );
}

/**
 * /admin/rollouts/:id: state and halt reason, a bar per wave and in total moving live, the actions
 * the state allows (Abort and Retry failed ask first), and the rollout's devices.
 */
export function RolloutDetailPage() {
  const { t } = useFirmwareTranslation();
  const id = Number(useParams().id);
  const deviceType = useOtaDeviceType();
  const info = useRolloutInfo(deviceType, Number.isInteger(id) ? id : 0);
  const act = useRolloutAction(deviceType);
  const back = useBackTo(ROLLOUT_PATHS.list);
  const [confirming, setConfirming] = useState<'abort' | 'retry-failed' | null>(null);
  useLiveRolloutProgress(deviceType);

  const rollout = info.data;
  if (!rollout) {
    return (
      <Box p="4">
        <PageHeader title={t('rollouts.title')} onBack={back} />
        {info.isError ? <ErrorPanel message={errorMessage(info.error)} onRetry={() => void info.refetch()} /> : <LoadingArea />}
      </Box>
    );
  }

  const allowed = allowedActions(rollout);
  const readOnly = FINISHED_ROLLOUT_STATES.includes(rollout.state);
  const run = (action: RolloutAction) => act.mutateAsync({ action, id: rollout.id });
  const retryCount = rollout.total.failed + rollout.total.timed_out;
  // a large rollout's rows are written after the add answers: until then its list holds fewer devices than its counts
  const unwritten = rollout.waves.reduce((sum, w) => sum + w.unwritten, 0);

  return (
    <Box p="4">
      <PageHeader
        title={t('rolloutDetail.title', { name: rollout.name })}
        onBack={back}
        actions={
          readOnly ? null : (
            <>
              {(['pause', 'resume', 'approve'] as const).map((action) => (
                <Button key={action} size="sm" variant="outline" disabled={!allowed[action] || act.isPending} onClick={() => void run(action).catch(() => undefined)}>
                  {t(ACTION_LABELS[action])}
                </Button>
              ))}
              <Button size="sm" variant="outline" disabled={!allowed['retry-failed'] || act.isPending} onClick={() => setConfirming('retry-failed')}>
                {t(ACTION_LABELS['retry-failed'])}
              </Button>
              <Button size="sm" colorPalette="red" variant="outline" disabled={!allowed.abort || act.isPending} onClick={() => setConfirming('abort')}>
                {t(ACTION_LABELS.abort)}
              </Button>
            </>
          )
        }
      />
      <Stack gap="5">
        <Stack gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }}>
          <RolloutStateBadge state={rollout.state} />
          <Text>
            {rollout.firmware_version} · {rollout.created_by_email ?? '-'} · {formatDateTime(rollout.created_at)}
          </Text>
        </Stack>
        {rollout.state === 'halted' && rollout.halt_reason && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>
              {haltText(t, rollout.halt_reason)} {t('rolloutDetail.haltedAt', { at: formatDateTime(rollout.halt_reason.at) })}
            </Alert.Title>
          </Alert.Root>
        )}
        {readOnly && <Text color="fg.muted">{t('rolloutDetail.readOnly', { state: t(`rollouts.states.${rollout.state}`) })}</Text>}
        {unwritten > 0 && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('rolloutDetail.preparing', { listed: rollout.total.devices - unwritten, devices: rollout.total.devices })}</Alert.Title>
          </Alert.Root>
        )}
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              {rollout.waves.map((w) => (
                <WaveProgress
                  key={w.wave}
                  title={t('rolloutDetail.waveOf', { wave: w.wave, size: w.percent !== null ? `${figure(w.percent)} %` : String(w.count ?? '') })}
                  label={t('rolloutDetail.waveProgress', { wave: w.wave, installed: w.installed, devices: w.devices })}
                  counts={w}
                  badge={<Text fontSize="sm">{t(`rollouts.waveStates.${w.state}`)}</Text>}
                />
              ))}
              <WaveProgress title={t('rolloutDetail.total')} label={t('rolloutDetail.totalProgress', { installed: rollout.total.installed, devices: rollout.total.devices })} counts={rollout.total} />
            </Stack>
          </Card.Body>
        </Card.Root>
        <Box>
          <Heading as="h2" size="sm" mb="1">
            {t('rolloutDetail.settings')}
          </Heading>
          <Settings info={rollout} />
        </Box>
        <RolloutDevices info={rollout} />
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'abort' ? t('rolloutDetail.abortTitle') : t('rolloutDetail.retryTitle')}
        text={confirming === 'abort' ? t('rolloutDetail.abortText', { name: rollout.name }) : t('rolloutDetail.retryText', { count: retryCount, max: rollout.max_device_failures })}
        confirmLabel={t('common.yes')}
        cancelLabel={t('common.no')}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (confirming) await run(confirming);
        }}
      />
    </Box>
  );
}
