import { propertyViewOf, useOpenWithBack, useSession } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates } from '@fleet/shared-api/live';
import { formatHeatPumpDate } from '@fleet/shared-api/dates';
import { exportListQuery, selectionScope, useListState, useSelection } from '@fleet/shared-api/lists';
import { useState } from 'react';
import { AssignDevicesDialog } from '../multi-site/AssignDevicesDialog';
import { Box, Button, StatusBadge, useEnumText } from '@fleet/shared-ui';
import {
  ExportJobButton,
  ListHeader,
  PagedTable,
  PropertyAddressCell,
  rowActionsColumn,
  useDeviceFilterFields,
  type DataColumn,
  type DeviceFilterKey,
} from '@fleet/shared-ui/tables';
import { heatPumpKeys, useHeatPumpList, useStartHeatPumpExport, type HeatPumpRow } from '../api/heat-pumps';
import { DEVICE_DETAIL_PATHS, type HeatPumpListArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';

/** Spec: the heat-pump list's filter fields, in its order. */
const FILTER_KEYS: readonly DeviceFilterKey[] = [
  'mac_address',
  'serial_number',
  'wifi_name',
  'soft_version',
  'installed_via',
  'agency_name',
  'first_name',
  'installer_uuid',
  'device_status',
  'status',
  'installation_date',
  'id',
  'connection_type',
];

/** The device page a row opens, in the area of the list (User, mscc and sm under their own prefix). */
const DETAIL_OF: Record<HeatPumpListArea, string> = {
  admin: DEVICE_DETAIL_PATHS.admin,
  agency: DEVICE_DETAIL_PATHS.agency,
  user: DEVICE_DETAIL_PATHS.user,
  multisite: DEVICE_DETAIL_PATHS.multisite,
  sitemanager: DEVICE_DETAIL_PATHS.sitemanager,
};

/**
 * Devices [Heat Pump] (spec): the caller's heat pumps with the filter drawer, the CSV export job, the
 * sortable table and the pager; filters, page, size and sort live in the URL.
 */
export function HeatPumpListPage({ area }: { area: HeatPumpListArea }) {
  const { t } = useHeatPumpTranslation();
  const enumValue = useEnumText();
  const openWithBack = useOpenWithBack();
  // an address opens the property view of the signed-in role (mfe-customers), where it has one
  const propertyPath = propertyViewOf(useSession((s) => s.loginUserInfo?.user_type ?? null));
  const list = useListState({ filterKeys: FILTER_KEYS });
  const query = list.toQuery();
  const heatPumps = useHeatPumpList(query);
  const startExport = useStartHeatPumpExport();
  const filters = useDeviceFilterFields(FILTER_KEYS);
  const title = t('list.title');
  // Admin and Agency assign the ticked heat pumps (or every one of the filter) to a company (spec modals 1 and 3)
  const assigns = area === 'admin' || area === 'agency';
  const selection = useSelection(selectionScope(query));
  const rowLabel = (row: HeatPumpRow) => row.serial_number;
  const [assigning, setAssigning] = useState(false);
  const total = heatPumps.data?.total ?? 0;
  // a heat pump joining or leaving the slice (another console assigned it, issue 20, item 13): read again
  const live = useLiveCache();
  const lists = [...heatPumpKeys.all, 'list'];
  useLiveUpdates(
    (message) => {
      if (message.kind === 'moved' && message.slice !== 'stayed') live.reread(lists);
    },
    () => live.reread(lists),
  );

  // At 1280 px with the side menu open the list shows what an operator scans for and its View; the
  // other columns are a click away in its Columns chooser (issue 20).
  const columns: DataColumn<HeatPumpRow>[] = [
    { key: 'serial_number', header: t('list.serialNumber') },
    { key: 'mac_address', header: t('list.macAddress'), render: (row) => row.mac_address?.toUpperCase() ?? '-' },
    { key: 'soft_version', hiddenByDefault: true, header: t('list.firmwareVersion') },
    { key: 'wifi_name', hiddenByDefault: true, header: t('list.wifiName') },
    {
      key: 'address',
      header: t('list.address'),
      render: (row) => (
        <PropertyAddressCell
          row={row}
          {...(propertyPath ? { propertyPath } : {})}
        />
      ),
    },
    { key: 'connection_type', hiddenByDefault: true, header: t('list.connectionType'), render: (row) => enumValue('connection_type', row.connection_type) },
    { key: 'installation_date', hiddenByDefault: true, header: t('list.dateInstalled'), render: (row) => (row.installation_date ? formatHeatPumpDate(row.installation_date) : '-') },
    { key: 'agency_name', hiddenByDefault: true, header: t('list.agencyName') },
    { key: 'agent_name', hiddenByDefault: true, header: t('list.agentName') },
    { key: 'status', header: t('list.customerState'), render: (row) => <StatusBadge status={row.status} /> },
    { key: 'device_status', header: t('list.deviceStatus'), render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'id', hiddenByDefault: true, header: t('list.recordId') },
    // spec: a link to the device page, keeping the current query string (for its Back button)
    rowActionsColumn(t('list.action'), (row) => ({ name: row.serial_number, onView: () => openWithBack(DETAIL_OF[area].replace(':id', String(row.id))) })),
  ];

  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {assigns && selection.count(total) > 0 && (
          <Button size="sm" onClick={() => setAssigning(true)}>
            {t('assign.button')}
          </Button>
        )}
        <ExportJobButton fileName="Devices.csv" start={async () => (await startExport.mutateAsync(exportListQuery(query))).info} />
      </ListHeader>
      <PagedTable label={title} list={list} result={heatPumps} page={heatPumps.data} columns={columns} {...(assigns ? { selection: { state: selection, rowLabel } } : {})} />
      {assigns && (
        <AssignDevicesDialog
          open={assigning}
          selection={selection.all ? { all: true, ...(query.filter ? { filter: query.filter } : {}) } : { device_ids: selection.keys }}
          count={selection.count(total)}
          admin={area === 'admin'}
          onClose={() => setAssigning(false)}
          onAssigned={() => selection.clear()}
        />
      )}
    </Box>
  );
}
