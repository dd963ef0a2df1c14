import { formatDateTime, useFailureToast } from '@fleet/shared-api';
import { Box, DateRangePicker, Heading, localToday, StatusBadge } from '@fleet/shared-ui';
import { DataTable, ListError, Pager, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useActivityLog, type ActivityEvent } from '../api/heat-pumps';
import { useHeatPumpTranslation } from '../i18n/translation';
import { useFaultDescription } from '../faulty-systems/faultText';

const DAY = 86_400_000;

/** The first day of the default period: the last seven days, today included. */
export function weekBefore(today: string): string {
  return new Date(Date.parse(today) - 6 * DAY).toISOString().slice(0, 10);
}

/**
 * A heat pump's activity log (spec: activity logs with a date range): its work-state steps, Wi-Fi
 * changes, faults and resolutions in a period (the last week by default, at most 92 days: the
 * server says so), newest first.
 */
export function ActivityLog({ heatPumpId }: { heatPumpId: number }) {
  const { t } = useHeatPumpTranslation();
  const faultDescription = useFaultDescription();
  const today = localToday();
  const [period, setPeriod] = useState({ from: weekBefore(today), to: today });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const activity = useActivityLog(heatPumpId, period, page, limit);
  useFailureToast(activity.error, activity.errorUpdatedAt);
  const title = t('activity.title');

  const what = (e: ActivityEvent) => {
    switch (e.event) {
      case 'work_state':
        return <StatusBadge status={e.work_state} kind="operation" />;
      case 'online':
      case 'offline':
        return <StatusBadge status={e.event === 'online' ? 1 : 0} kind="connection" />;
      case 'fault':
        return t('activity.fault', { code: e.fault_code ?? '', description: faultDescription(e.fault_code ?? '', null) }).trim();
      case 'resolved':
        return t('activity.resolved', { code: e.fault_code ?? '', name: e.detail ?? '-' });
    }
  };
  const columns: DataColumn<ActivityEvent>[] = [
    { key: 'at', header: t('activity.dateTime'), render: (e) => formatDateTime(e.at) },
    { key: 'event', header: t('activity.event'), render: (e) => t(`activity.kinds.${e.event}`) },
    { key: 'detail', header: t('activity.detail'), render: what },
  ];

  return (
    <Box as="section" mt="6" aria-labelledby="heat-pump-activity">
      <Heading as="h2" size="sm" mb="2" id="heat-pump-activity">
        {title}
      </Heading>
      <DateRangePicker
        label={t('activity.period')}
        from={period.from}
        to={period.to}
        today={today}
        onChange={(next) => {
          if (next.from && next.to) {
            setPeriod({ from: next.from, to: next.to });
            setPage(1);
          }
        }}
      />
      {activity.isError && !activity.data ? (
        <ListError error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <>
          <Box mt="3">
            <DataTable label={title} columns={columns} rows={activity.data?.data ?? []} rowKey="id" loading={activity.isFetching} emptyText={t('activity.empty')} />
          </Box>
          <Pager
            label={title}
            page={page}
            limit={limit}
            total={activity.data?.total ?? 0}
            onPageChange={setPage}
            onLimitChange={(next) => {
              setLimit(next);
              setPage(1);
            }}
            onRefresh={() => void activity.refetch()}
          />
        </>
      )}
    </Box>
  );
}
