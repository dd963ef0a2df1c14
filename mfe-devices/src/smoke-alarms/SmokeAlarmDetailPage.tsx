import { Link as RouterLink, useBackTo, useParams } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { Box, FactList, Link, LoadingArea, PageHeader, StatusBadge, Text } from '@fleet/shared-ui';
import { DetailFailed } from '../device-detail/DetailFailed';
import { useSmokeAlarm } from '../api/devices';
import { ADMIN_DETAIL_PATHS, SMOKE_ALARM_PATHS } from '../description';
import { useDevicesTranslation } from '../i18n/translation';
import { alarmType } from './SmokeAlarmsTable';
import { addressLine } from '@fleet/shared-ui/tables';

/** One smoke alarm (/admin/smoke-alarm/device/view/{id}): its state, battery, test and expiry, its hub and home. */
export function SmokeAlarmDetailPage() {
  const { t } = useDevicesTranslation();
  const id = Number(useParams().id);
  const alarm = useSmokeAlarm(Number.isSafeInteger(id) ? id : 0);
  const back = useBackTo(SMOKE_ALARM_PATHS.list);

  if (alarm.isPending) return <LoadingArea />;
  if (alarm.isError) return <DetailFailed title={t('smoke.detailTitle')} notFound={t('smoke.notFound')} error={alarm.error} back={back} retry={() => void alarm.refetch()} />;
  const a = alarm.data;
  return (
    <Box p="4">
      <PageHeader title={`${t('smoke.detailTitle')} [${a.serial_number}]`} onBack={back} />
      <FactList
        facts={[
          [t('list.serialNumber'), a.serial_number],
          [t('smoke.location'), a.location],
          [t('smoke.type'), alarmType(t, a.alarm_type)],
          [t('smoke.status'), <StatusBadge key="st" status={a.alarm_status} />],
          [t('smoke.battery'), a.battery_level === null ? '-' : `${a.battery_level}%`],
          [t('smoke.lastTested'), a.last_tested_at ? formatDateTime(a.last_tested_at) : '-'],
          [t('smoke.expires'), a.expires_on ? formatDate(a.expires_on) : '-'],
          [
            t('smoke.hub'),
            <Link key="hub" asChild colorPalette="teal">
              <RouterLink to={ADMIN_DETAIL_PATHS.safelink.replace(':id', String(a.safelink_device_id))}>{a.hub_mac_address ?? a.hub_serial_number}</RouterLink>
            </Link>,
          ],
          [t('smoke.hubStatus'), <StatusBadge key="hs" status={a.hub_device_status} />],
          [t('detail.online'), <StatusBadge key="on" status={a.hub_is_online} kind="connection" />],
          [
            t('list.address'),
            a.postal_code ? (
              addressLine(a)
            ) : (
              <Text key="np" as="span" color="fg.muted">
                {t('list.noProperty')}
              </Text>
            ),
          ],
          [t('list.recordId'), String(a.id)],
        ]}
      />
    </Box>
  );
}
