import { formatHeatPumpDate, parseLiveMessage, useListState, useLiveUpdates, useOpenWithBack, type ListInfo } from '@fleet/shared-api';
import { Box, Card, Field, Heading, HStack, NativeSelect, PageHeader, SimpleGrid, StatusBadge, Text } from '@fleet/shared-ui';
import { PagedTable, RowActions, type DataColumn } from '@fleet/shared-ui/tables';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { NO_COUNTS, nmsKeys, useLiveDeviceList, useMonthFaulty, useMonthOnlineOffline, useNmsCounts, type DashboardRole, type LiveDeviceRow, type NmsCounts } from '../api/nms';
import { DEVICE_DETAIL_PATHS, type FaultArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';
import { MonthChart } from './MonthChart';

const AREA_OF: Record<DashboardRole, FaultArea> = { Admin: 'admin', Agency: 'agency', mscc: 'multisite', sm: 'sitemanager' };
/** Spec 2.14: the year picker starts at 2021. */
export const FIRST_YEAR = 2021;
/** Bar colours readable on the light and the dark card (contrast >= 3:1 against both). */
const COLOURS = { online: '#2f855a', offline: '#c53030', faulty: '#c05621' };

/**
 * The network (NMS) dashboard of a role's slice (spec 2.14): today's counts, online/offline and faulty
 * heat pumps per month of a year (recorded history), and the live device list. Live messages move the
 * counts and the rows as they come; a reconnect reads everything again.
 */
export function NetworkDashboardPage({ role }: { role: DashboardRole }) {
  const { t } = useHeatPumpTranslation();
  const client = useQueryClient();
  const openWithBack = useOpenWithBack();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const counts = useNmsCounts(role);
  const onOff = useMonthOnlineOffline(role, year);
  const faulty = useMonthFaulty(role, year);
  const list = useListState({ filterKeys: [] });
  const devices = useLiveDeviceList(role, list.toQuery());
  const months = useMemo(() => Array.from({ length: 12 }, (_, i) => t(`dashboard.months.${i + 1}`)), [t]);

  const patchCounts = (patch: (c: NmsCounts) => NmsCounts) => client.setQueryData<NmsCounts>(nmsKeys.counts(role), (c) => patch(c ?? NO_COUNTS));
  const patchRows = (deviceId: number, patch: (row: LiveDeviceRow) => LiveDeviceRow) =>
    client.setQueriesData<ListInfo<LiveDeviceRow>>({ queryKey: ['nms', role, 'devices'] }, (page) =>
      page && page.data.some((r) => r.id === deviceId) ? { ...page, data: page.data.map((r) => (r.id === deviceId ? patch(r) : r)) } : page,
    );
  useLiveUpdates(
    (raw) => {
      const message = parseLiveMessage(raw);
      if (!message) return;
      if (message.kind === 'online') {
        // the socket carries the slice's heat pumps only: each change moves one heat pump between the two counts
        patchCounts((c) => (message.isOnline === 1 ? { ...c, online: c.online + 1, offline: Math.max(0, c.offline - 1) } : { ...c, offline: c.offline + 1, online: Math.max(0, c.online - 1) }));
        patchRows(message.deviceId, (row) => ({ ...row, is_online: message.isOnline }));
      } else if (message.kind === 'work_state') {
        patchRows(message.deviceId, (row) => ({ ...row, device_operation_status: message.workState }));
      } else if (message.kind === 'fault') {
        patchRows(message.deviceId, (row) => ({ ...row, fault_code: message.faultCode }));
      } else if (message.kind === 'dashboard') {
        patchCounts((c) => ({ ...c, faulty: message.faultyCount }));
      }
    },
    () => void client.invalidateQueries({ queryKey: ['nms', role] }),
  );

  const c = counts.data ?? NO_COUNTS;
  const cards: Array<[string, number, string]> = [
    [t('dashboard.offline'), c.offline, 'red'],
    [t('dashboard.online'), c.online, 'green'],
    [t('dashboard.total'), c.total, 'teal'],
    [t('dashboard.faulty'), c.faulty, 'orange'],
  ];
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);
  const columns: DataColumn<LiveDeviceRow>[] = [
    { key: 'serial_number', header: t('list.serialNumber') },
    { key: 'mac_address', header: t('list.macAddress'), render: (row) => row.mac_address?.toUpperCase() ?? '-' },
    { key: 'is_online', header: t('faults.wifiStatus'), sortable: false, render: (row) => <StatusBadge status={row.is_online} kind="connection" /> },
    { key: 'device_operation_status', header: t('faults.operationStatus'), sortable: false, render: (row) => <StatusBadge status={row.device_operation_status} kind="operation" /> },
    { key: 'fault_code', header: t('faults.faultCode'), sortable: false, render: (row) => row.fault_code ?? '-' },
    { key: 'installation_date', header: t('list.dateInstalled'), render: (row) => (row.installation_date ? formatHeatPumpDate(row.installation_date) : '-') },
    {
      key: 'action',
      header: t('list.action'),
      sortable: false,
      render: (row) => <RowActions name={row.serial_number} onView={() => openWithBack(DEVICE_DETAIL_PATHS[AREA_OF[role]].replace(':id', String(row.id)))} />,
    },
  ];

  return (
    <Box p="4">
      <PageHeader title={t('dashboard.title')} />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mb="6" as="section" aria-label={t('dashboard.counts')}>
        {cards.map(([label, value, palette]) => (
          <Card.Root key={label} size="sm" borderTopWidth="3px" borderTopColor={`${palette}.solid`}>
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                {label}
              </Text>
              <Text fontSize="2xl" fontWeight="semibold" aria-label={`${label}: ${value}`}>
                {value.toLocaleString()}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <HStack justify="space-between" mb="2" wrap="wrap">
        <Heading as="h2" size="sm">
          {t('dashboard.byMonth', { year })}
        </Heading>
        <Field.Root w="auto">
          <HStack>
            <Field.Label mb="0">{t('dashboard.year')}</Field.Label>
            <NativeSelect.Root size="sm" w="28">
              <NativeSelect.Field value={String(year)} onChange={(e) => setYear(Number(e.target.value))}>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </Field.Root>
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mb="6">
        <Card.Root size="sm">
          <Card.Body>
            <Text fontWeight="semibold" mb="2">
              {t('dashboard.onlineOffline')}
            </Text>
            <MonthChart
              title={t('dashboard.onlineOfflineOf', { year })}
              months={months}
              series={[
                { label: t('dashboard.online'), color: COLOURS.online, values: (onOff.data ?? []).map((m) => m.online) },
                { label: t('dashboard.offline'), color: COLOURS.offline, values: (onOff.data ?? []).map((m) => m.offline) },
              ]}
            />
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Body>
            <Text fontWeight="semibold" mb="2">
              {t('dashboard.faultyByMonth')}
            </Text>
            <MonthChart
              title={t('dashboard.faultyOf', { year })}
              months={months}
              series={[{ label: t('dashboard.faulty'), color: COLOURS.faulty, values: (faulty.data ?? []).map((m) => m.faulty) }]}
            />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Heading as="h2" size="sm" mb="2">
        {t('dashboard.liveDevices')}
      </Heading>
      <PagedTable label={t('dashboard.liveDevices')} list={list} result={devices} page={devices.data} columns={columns} />
    </Box>
  );
}
