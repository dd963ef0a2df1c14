import { alphanumericOnly, formatDate, useListState, useLocation, useNavigate, useSelectedProduct } from '@fleet/shared-api';
import { Box, StatusBadge } from '@fleet/shared-ui';
import { ListHeader, PagedTable, PropertyAddressCell, RowActions, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { deviceLine, useDeviceList, type DeviceRow, type DeviceScope } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';
import { detailPath } from '../paths';
import { CsvExport } from './CsvExport';

/** The query parameter a detail page keeps the list's query string in, for its Back button. */
export const BACK_PARAM = 'back';

const FILTER_KEYS = [
  'mac_address',
  'serial_number',
  'installation_date',
  'installed_via',
  'agency_name',
  'first_name',
  'installer_uuid',
  'id',
  'device_status',
  'status',
  'connection_type',
] as const;

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * A device list (spec: Lighting devices list; the same engine for every line and role): filters,
 * page, size and sort in the URL, the shared table and pager, colour-coded states, and an address
 * that opens the property view (mfe-customers' route: a link, never an import).
 */
export function DeviceListPage({ scope }: { scope: DeviceScope }) {
  const { t } = useDevicesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const selected = useSelectedProduct((state) => state.product);
  const list = useListState({ filterKeys: FILTER_KEYS });
  // A role's list follows the product selector (heat pumps are the NMS remote's: then every line).
  const line = scope.kind === 'admin' ? deviceLine(scope.product) : selected === 'heat_pump' ? 'all' : deviceLine(selected);
  const devices = useDeviceList(scope, line, list.toQuery());
  const byMac = line === 'bulb' || line === 'safelink';
  const title = scope.kind === 'admin' ? t('list.title', { line: t(`lines.${scope.product}`) }) : scope.kind === 'veu' ? t('list.veuTitle') : t('list.myTitle');

  const open = (row: DeviceRow) =>
    navigate(`${detailPath(scope, row)}?${new URLSearchParams({ [BACK_PARAM]: `${location.pathname}${location.search}` }).toString()}`);

  const columns: DataColumn<DeviceRow>[] = [
    ...(byMac ? [] : [{ key: 'serial_number', header: t('list.serialNumber') }]),
    { key: 'mac_address', header: t('list.macAddress'), render: (row: DeviceRow) => row.mac_address?.toUpperCase() ?? '-' },
    ...(line === 'all' ? [{ key: 'product_line', header: t('list.product') }] : []),
    ...(byMac ? [] : [{ key: 'firmware_version', header: t('list.firmwareVersion') }]),
    {
      key: 'address',
      header: t('list.address'),
      // spec: a row with no postal code shows No Property Exist; Admin's address opens the property view
      render: (row) => (
        <PropertyAddressCell
          row={row}
          name={row.mac_address ?? row.serial_number}
          {...(scope.kind === 'admin' ? { propertyPath: (id: number) => `/admin/customer/property/view/${id}` } : {})}
        />
      ),
    },
    { key: 'connection_type', header: t('list.connectionType') },
    { key: 'installation_date', header: t('list.dateInstalled'), render: (row) => (row.installation_date ? formatDate(row.installation_date) : '-') },
    { key: 'status', header: t('list.customerState'), render: (row) => <StatusBadge status={row.status} /> },
    { key: 'device_status', header: t('list.deviceStatus'), render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'id', header: t('list.recordId') },
    {
      key: 'action',
      header: t('list.action'),
      sortable: false,
      render: (row) => <RowActions name={row.mac_address ?? row.serial_number} onView={() => open(row)} />,
    },
  ];

  const multi = (pairs: Array<[string, string]>) => pairs.map(([value, key]) => ({ value, label: t(`options.${key}`) }));
  const filters: FilterFieldDef[] = [
    { key: 'mac_address', label: t('list.macAddress'), sanitize: alphanumericOnly },
    ...(byMac ? [] : [{ key: 'serial_number', label: t('list.serialNumber'), sanitize: alphanumericOnly }]),
    { key: 'installation_date', label: t('list.dateInstalled'), kind: 'dateRange' },
    { key: 'installed_via', label: t('list.installedVia') },
    ...(scope.kind === 'admin' ? [{ key: 'agency_name', label: t('list.agencyName') }] : []),
    { key: 'first_name', label: t('list.agentName') },
    { key: 'installer_uuid', label: t('list.agentId') },
    { key: 'id', label: t('list.recordId'), sanitize: digitsOnly },
    { key: 'device_status', label: t('list.deviceStatus'), kind: 'multi', options: multi([['Active', 'active'], ['In-active', 'inActive'], ['Replaced', 'replaced']]) },
    {
      key: 'status',
      label: t('list.customerState'),
      kind: 'multi',
      options: multi([['Pending', 'pending'], ['Completed', 'completed'], ['Incomplete', 'incomplete'], ['Deleted', 'deleted']]),
    },
    { key: 'connection_type', label: t('list.connectionType'), kind: 'multi', options: multi([['Bluetooth', 'bluetooth'], ['AP', 'ap']]) },
  ];

  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {/* the export job serves whole slices; the VEU subset and a customer's few devices have none */}
        {(scope.kind === 'admin' || scope.kind === 'agency' || scope.kind === 'electrician') && (
          <CsvExport scope={scope.kind} line={line} filter={list.toQuery().filter} />
        )}
      </ListHeader>
      <PagedTable label={title} list={list} result={devices} page={devices.data} columns={columns} />
    </Box>
  );
}
