import { DEVICE_FILTER_KEYS } from '@fleet/contract';
import { useOpenWithBack, useSelectedProduct } from '@fleet/shared-api';
import { exportListQuery, useListState } from '@fleet/shared-api/lists';
import { Box } from '@fleet/shared-ui';
import { ListHeader, PagedTable, useDeviceFilterFields } from '@fleet/shared-ui/tables';
import { deviceLine, useDeviceList, type DeviceScope } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';
import { detailPath } from '../paths';
import { useDeviceColumns } from './columns';
import { CsvExport } from './CsvExport';

/** The list's filters in the spec's order (kept in the URL): the contract's device filters but the Wi-Fi and firmware ones. */
const FILTER_KEYS = DEVICE_FILTER_KEYS.filter((key) => key !== 'wifi_name' && key !== 'soft_version');

/**
 * A device list (spec: Lighting devices list; the same engine for every line and role): filters,
 * page, size and sort in the URL, the shared table and pager, colour-coded states, and an address
 * that opens the property view (mfe-customers' route: a link, never an import).
 */
export function DeviceListPage({ scope }: { scope: DeviceScope }) {
  const { t } = useDevicesTranslation();
  const openWithBack = useOpenWithBack();
  const selected = useSelectedProduct((state) => state.product);
  const list = useListState({ filterKeys: FILTER_KEYS });
  // A role's list follows the product selector (heat pumps are the NMS remote's: then every line).
  const line = scope.kind === 'admin' ? deviceLine(scope.product) : selected === 'heat_pump' ? 'all' : deviceLine(selected);
  const devices = useDeviceList(scope, line, list.toQuery());
  const byMac = line === 'bulb' || line === 'safelink';
  const title = scope.kind === 'admin' ? t('list.title', { line: t(`lines.${scope.product}`) }) : scope.kind === 'veu' ? t('list.veuTitle') : t('list.myTitle');

  const columns = useDeviceColumns({ line, onView: (row) => openWithBack(detailPath(scope, row)) });

  // spec: the Lighting list's filters (no serial number for the lines known by MAC; Agency Name for Admin)
  const filters = useDeviceFilterFields(FILTER_KEYS.filter((key) => (key !== 'serial_number' || !byMac) && (key !== 'agency_name' || scope.kind === 'admin')));

  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {/* a customer's few devices have no export */}
        {scope.kind !== 'customer' && (
          <CsvExport scope={scope.kind} line={line} list={exportListQuery(list.toQuery())} />
        )}
      </ListHeader>
      <PagedTable label={title} list={list} result={devices} page={devices.data} columns={columns} />
    </Box>
  );
}
