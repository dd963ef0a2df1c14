import { notify, saveFile, useBackTo, useParams } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates } from '@fleet/shared-api/live';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Button, DownloadIcon, HStack, LoadingArea, PageHeader, Stack, StatusBadge, Text, useTranslation } from '@fleet/shared-ui';
import { Pager } from '@fleet/shared-ui/tables';
import { useEffect, useState } from 'react';
import { allFaultEvents, faultKeys, useFaultHistory, type FaultEvent } from '../api/faults';
import { FAULTY_SYSTEMS_PATHS, type FaultArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';
import { useFaultDescription } from '../faulty-systems/faultText';
import { FAULT_HISTORY_FILE, faultHistoryCsv } from './faultHistoryCsv';

/** "3 h", "2 days": how long a fault stayed open. */
function useDuration() {
  const { t } = useHeatPumpTranslation();
  return (seconds: number) => {
    if (seconds < 3600) return t('durations.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
    if (seconds < 2 * 86400) return t('durations.hours', { count: Math.round(seconds / 3600) });
    return t('durations.days', { count: Math.round(seconds / 86400) });
  };
}

/**
 * Fault History (spec): Back, the title with the id, Export (faultHistory.csv, made here), and the
 * heat pump's faults as a timeline, newest first; the agency variant also shows Agent and Job
 * Comments. Beyond the spec: who resolved a fault and how long it stayed open.
 */
export function FaultHistoryPage({ area }: { area: FaultArea }) {
  const { t } = useHeatPumpTranslation();
  const faultDescription = useFaultDescription();
  const ui = useTranslation('ui').t;
  const id = Number(useParams().id);
  const back = useBackTo(FAULTY_SYSTEMS_PATHS[area]);
  const list = useListState({ filterKeys: [] });
  const query = list.toQuery();
  const history = useFaultHistory(Number.isSafeInteger(id) ? id : 0, query);
  const duration = useDuration();
  const [exporting, setExporting] = useState(false);
  const agency = area === 'agency';
  const statusText = (status: number) => ui(status === 1 ? 'status.resolved' : 'status.unresolved');
  // this heat pump resolved on another console, or a new fault of it (issue 20, item 13): read again
  const live = useLiveCache();
  const historyKey = [...faultKeys.all, 'history', id];
  useLiveUpdates(
    (message) => {
      if ((message.kind === 'resolved' || message.kind === 'fault') && message.deviceId === id) live.reread(historyKey);
    },
    () => live.reread(historyKey),
  );

  // spec 8: a history that cannot be read sends the operator back (the toast says why)
  useEffect(() => {
    if (history.isError) {
      notify.failure(history.error);
      back();
    }
  }, [history.isError, history.error, back]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const events = await allFaultEvents(id);
      if (events.length === 0) {
        notify.error(t('history.noRecords'));
        return;
      }
      const csv = faultHistoryCsv(
        events,
        agency,
        {
          deviceId: t('history.csvDeviceId'),
          date: t('history.csvDate'),
          time: t('history.csvTime'),
          dateTime: t('history.dateTime'),
          email: t('history.email'),
          faultCode: t('history.faultCode'),
          faultDescription: t('history.faultDescription'),
          faultStatus: t('history.faultStatus'),
          agent: t('history.agent'),
          comments: t('history.csvComments'),
        },
        statusText,
        faultDescription,
      );
      saveFile({ blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName: FAULT_HISTORY_FILE });
    } catch (err) {
      notify.failure(err);
    } finally {
      setExporting(false);
    }
  };

  if (history.isPending || history.isError) return <LoadingArea />;
  const info = history.data;
  return (
    <Box p="4">
      <PageHeader
        title={`${t('history.title', { id })} ${info.device.serial_number}`}
        onBack={back}
        actions={
          <Button size="sm" variant="outline" loading={exporting} loadingText={t('history.export')} onClick={() => void exportCsv()}>
            <DownloadIcon /> {t('history.export')}
          </Button>
        }
      />
      {info.total === 0 ? (
        <Text color="fg.muted" py="8" textAlign="center">
          {t('history.empty')}
        </Text>
      ) : (
        <>
          <Stack as="ol" gap="0" aria-label={t('history.title', { id })} listStyleType="none" m="0" p="0">
            {info.data.map((event) => (
              <FaultTimelineEvent key={event.id} event={event} agency={agency} duration={duration} />
            ))}
          </Stack>
          <Pager page={query.page} limit={query.limit} total={info.total} onPageChange={list.setPage} onLimitChange={list.setLimit} onRefresh={() => void history.refetch()} />
        </>
      )}
    </Box>
  );
}

function FaultTimelineEvent({ event, agency, duration }: { event: FaultEvent; agency: boolean; duration: (seconds: number) => string }) {
  const { t } = useHeatPumpTranslation();
  const faultDescription = useFaultDescription();
  const facts: Array<[string, string | null]> = [
    [t('history.faultDescription'), faultDescription(event.fault_code, event.fault_description)],
    [t('history.email'), event.email],
    ...(agency
      ? ([
          [t('history.agent'), event.agent],
          [t('history.jobComments'), event.job_comments],
        ] as Array<[string, string | null]>)
      : []),
  ];
  return (
    <Box as="li" position="relative" pl="6" pb="5" borderLeftWidth="2px" borderColor="border" ml="2">
      <Box
        position="absolute"
        left="-7px"
        top="1"
        boxSize="3"
        rounded="full"
        bg={event.fault_status === 1 ? 'green.solid' : 'red.solid'}
        aria-hidden
      />
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="semibold">
          {t('history.faultCode')}: {event.fault_code}
        </Text>
        <StatusBadge status={event.fault_status} kind="fault" />
        <Text fontSize="sm" color="fg.muted">
          {t('history.dateTime')}: {formatDateTime(event.history_datetime)}
        </Text>
      </HStack>
      {facts.map(([label, value]) => (
        <Text key={label} fontSize="sm">
          <Box as="span" color="fg.muted">
            {label}:
          </Box>{' '}
          {value || '-'}
        </Text>
      ))}
      {event.resolve_seconds !== null && (
        <Text fontSize="sm" color="fg.muted">
          {t('history.resolvedIn', { duration: duration(event.resolve_seconds), name: event.resolved_by_name ?? event.agent ?? '-' })}
        </Text>
      )}
    </Box>
  );
}
