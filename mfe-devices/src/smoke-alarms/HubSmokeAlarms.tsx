import { useOpenWithBack } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Heading } from '@fleet/shared-ui';
import { useSmokeAlarms, type SmokeAlarm } from '../api/devices';
import { SMOKE_ALARM_PATHS } from '../description';
import { useDevicesTranslation } from '../i18n/translation';
import { SmokeAlarmsTable } from './SmokeAlarmsTable';

/**
 * The smoke alarms of one safelink hub, on its device page (every role that sees the hub: GET
 * /api/safelink/smokealarm/{id}, spec defaults page 1, 25, desc, created_at). Admin opens an alarm.
 */
export function HubSmokeAlarms({ hubId, openAlarms }: { hubId: number; openAlarms: boolean }) {
  const { t } = useDevicesTranslation();
  const openWithBack = useOpenWithBack();
  const list = useListState({ filterKeys: [] });
  const alarms = useSmokeAlarms(hubId, list.toQuery());
  const open = (alarm: SmokeAlarm) =>
    openWithBack(SMOKE_ALARM_PATHS.detail.replace(':id', String(alarm.id)));
  return (
    <Box as="section" mt="6" aria-labelledby="hub-smoke-alarms">
      <Heading as="h2" size="sm" mb="2" id="hub-smoke-alarms">
        {t('smoke.ofHub')}
      </Heading>
      <SmokeAlarmsTable label={t('smoke.ofHub')} list={list} alarms={alarms} withHub={false} onOpen={openAlarms ? open : undefined} />
    </Box>
  );
}
