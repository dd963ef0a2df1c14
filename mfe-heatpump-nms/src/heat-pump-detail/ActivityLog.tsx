import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Heading, StatusBadge } from '@fleet/shared-ui';
import { DateRangePicker, localToday } from '@fleet/shared-ui/fields';
import { PagedTable, type DataColumn } from '@fleet/shared-ui/tables';
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
  const defaultPeriod = { from: weekBefore(today), to: today };
  // The period is the list's filter (a new one starts on page 1); all of it stays out of the device page's URL.
  const list = useListState({ inPage: true, defaults: { filters: defaultPeriod } });
  const { from, to } = list.state.filters;
  const period = typeof from === 'string' && typeof to === 'string' ? { from, to } : defaultPeriod;
  const activity = useActivityLog(heatPumpId, period, list.state.page, list.state.limit);
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
  // newest first, always: the log has no sort
  const columns: DataColumn<ActivityEvent>[] = [
    { key: 'at', header: t('activity.dateTime'), sortable: false, render: (e) => formatDateTime(e.at) },
    { key: 'event', header: t('activity.event'), sortable: false, render: (e) => t(`activity.kinds.${e.event}`) },
    { key: 'detail', header: t('activity.detail'), sortable: false, render: what },
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
          if (next.from && next.to) list.applyFilters({ from: next.from, to: next.to });
        }}
      />
      <Box mt="3">
        <PagedTable label={title} list={list} result={activity} page={activity.data} columns={columns} emptyText={t('activity.empty')} />
      </Box>
    </Box>
  );
}
