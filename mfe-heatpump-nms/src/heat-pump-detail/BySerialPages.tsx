import { useBackTo, useParams } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box, ErrorPanel, LoadingArea, PageHeader } from '@fleet/shared-ui';
import { PagedTable, useInstallEventColumns, type InstallEventRow } from '@fleet/shared-ui/tables';
import { useHeatPumpBySerial, useHeatPumpInstallHistory } from '../api/heat-pumps';
import { HEAT_PUMP_LIST_PATHS } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';
import { HeatPumpDetail } from './HeatPumpDetailPage';

/** Spec 2.4 heat_pump device-detail/{serial_number}: the heat pump's page, found by its serial number. */
export function HeatPumpBySerialPage() {
  const { t } = useHeatPumpTranslation();
  const serial = useParams().serial_number ?? '';
  const back = useBackTo(HEAT_PUMP_LIST_PATHS.admin);
  const found = useHeatPumpBySerial(serial);
  if (found.isPending) return <LoadingArea />;
  if (found.isError || !found.data) {
    return (
      <Box p="4">
        <PageHeader title={t('detail.title', { name: serial })} onBack={back} />
        <ErrorPanel message={t('detail.notFound')} onRetry={found.isError ? () => void found.refetch() : undefined} />
      </Box>
    );
  }
  return <HeatPumpDetail id={found.data.id} area="admin" listPath={HEAT_PUMP_LIST_PATHS.admin} />;
}

/** Spec 2.4 heat_pump device-history/{serial_number}: installs, replacements and removals of that serial number. */
export function HeatPumpInstallHistoryPage() {
  const { t } = useHeatPumpTranslation();
  const serial = useParams().serial_number ?? '';
  const back = useBackTo(HEAT_PUMP_LIST_PATHS.admin);
  const list = useListState({ filterKeys: [] });
  const history = useHeatPumpInstallHistory({ serial_number: serial }, list.toQuery());
  const columns = useInstallEventColumns<InstallEventRow>();
  const title = `${t('detail.installHistory')} [${serial}]`;
  return (
    <Box p="4">
      <PageHeader title={title} onBack={back} />
      <PagedTable label={t('detail.installHistory')} list={list} result={history} page={history.data} columns={columns} />
    </Box>
  );
}
