import { useListState } from '@fleet/shared-api/lists';
import { useUiTranslation } from '@fleet/shared-ui';
import { FiltersButton, ListFilters, PagedTable, useDeviceFilterFields } from '@fleet/shared-ui/tables';
import { useAgentDevices, useAgentPayload } from '../api/agents';
import { useDeviceColumns } from '../devices/device-columns';
import { useProductLine } from '../agencies/product-line';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';

const FILTER_KEYS = ['serial_number', 'mac_address', 'installed_via', 'device_status', 'installation_date'] as const;

/**
 * An agent's devices (spec 2.4: /admin/installer-agent/view/device/{id}, {id} the agent's; our
 * decision): every device it installed of the selected product, filtered, sorted and paged in the URL.
 */
export function AgentDevicesPage() {
  const { t } = useOrganisationsTranslation();
  const ui = useUiTranslation();
  const id = useRouteId();
  const { line } = useProductLine();
  const payload = useAgentPayload('admin', id, line);
  const list = useListState({ filterKeys: FILTER_KEYS });
  const devices = useAgentDevices('admin', id, line, list.toQuery());
  const columns = useDeviceColumns();
  const filters = useDeviceFilterFields(FILTER_KEYS);
  const name = payload.data ? `${payload.data.agent.first_name} ${payload.data.agent.last_name}` : '';
  const title = t('agencies.agent.devicesOf', { name });
  return (
    <RecordPage title={title} backTo={recordPath(AGENCY_PATHS.agent, id)} load={recordLoad(id, payload)} notFoundText={t('agencies.agent.notFound')}
      actions={
        <FiltersButton list={list} fields={filters} />
      }
    >
      <ListFilters list={list} title={ui.t('common.filters')} fields={filters} />
      <PagedTable label={title} list={list} result={devices} page={devices.data} columns={columns} />
    </RecordPage>
  );
}
