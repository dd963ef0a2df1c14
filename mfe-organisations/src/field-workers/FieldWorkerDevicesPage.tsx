import { useBackTo } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box } from '@fleet/shared-ui';
import { ListHeader, PagedTable, useDeviceFilterFields } from '@fleet/shared-ui/tables';
import { useFieldWorker, useFieldWorkerDevices } from '../api/electricians';
import { FIELD_WORKER_PATHS } from '../description';
import { useDeviceColumns } from '../devices/device-columns';
import { useOrganisationsTranslation } from '../i18n/translation';
import { recordPath, useRouteId } from '../record-page/route-record';

const FILTERS = ['serial_number', 'mac_address', 'installation_date', 'device_status'] as const;

/**
 * The devices a field worker installed (spec 2.4 /admin/electrician-installer/device/view/{id}; the
 * spec names the route, we made it this list): every product line, filters and paging in the URL.
 */
export function FieldWorkerDevicesPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const worker = useFieldWorker('admin', id);
  const list = useListState({ filterKeys: [...FILTERS] });
  const devices = useFieldWorkerDevices(id, list.toQuery());
  const back = useBackTo(id > 0 ? recordPath(FIELD_WORKER_PATHS.adminView, id) : FIELD_WORKER_PATHS.adminList);
  const filters = useDeviceFilterFields(FILTERS);
  const columns = useDeviceColumns();
  const title = worker.data ? t('electricians.fieldWorkers.devicesTitle', { name: worker.data.full_name }) : t('electricians.devices.title');
  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters} onBack={back} />
      <PagedTable label={t('electricians.devices.title')} list={list} result={devices} page={devices.data} columns={columns} />
    </Box>
  );
}
