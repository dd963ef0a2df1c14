import { alphanumericOnly, useOpenWithBack } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box } from '@fleet/shared-ui';
import { ListHeader, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useSmokeAlarms, type SmokeAlarm } from '../api/devices';
import { SMOKE_ALARM_PATHS } from '../description';
import { useDevicesTranslation } from '../i18n/translation';
import { SmokeAlarmsTable } from './SmokeAlarmsTable';

const FILTER_KEYS = ['serial_number', 'hub_serial_number', 'location', 'alarm_type', 'alarm_status', 'expires_on'] as const;

const ALARM_STATUSES: Array<[string, string]> = [
  ['Normal', 'normal'],
  ['Alarm', 'alarm'],
  ['Fault', 'fault'],
  ['Low battery', 'lowBattery'],
];

/** Admin's smoke alarms of every safelink hub (/admin/smoke-alarm/devices): the list engine of every device list. */
export function SmokeAlarmListPage() {
  const { t } = useDevicesTranslation();
  const openWithBack = useOpenWithBack();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const alarms = useSmokeAlarms(null, list.toQuery());
  const title = t('smoke.title');

  const open = (alarm: SmokeAlarm) =>
    openWithBack(SMOKE_ALARM_PATHS.detail.replace(':id', String(alarm.id)));

  const filters: FilterFieldDef[] = [
    { key: 'serial_number', label: t('list.serialNumber'), sanitize: alphanumericOnly },
    { key: 'hub_serial_number', label: t('smoke.hubSerial'), sanitize: alphanumericOnly },
    { key: 'location', label: t('smoke.location') },
    {
      key: 'alarm_type',
      label: t('smoke.type'),
      kind: 'multi',
      options: [
        { value: 'Photoelectric', label: t('smoke.photoelectric') },
        { value: 'Heat', label: t('smoke.heat') },
      ],
    },
    { key: 'alarm_status', label: t('smoke.status'), kind: 'multi', options: ALARM_STATUSES.map(([value, key]) => ({ value, label: t(`smoke.${key}`) })) },
    { key: 'expires_on', label: t('smoke.expires'), kind: 'dateRange' },
  ];

  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters} />
      <SmokeAlarmsTable label={title} list={list} alarms={alarms} withHub onOpen={open} />
    </Box>
  );
}
