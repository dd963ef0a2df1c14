import { useBackTo, useParams, useSearchParams } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Button, PageHeader, useEnumText } from '@fleet/shared-ui';
import { useState } from 'react';
import { CorrectionDialog } from './CorrectionDialog';
import { PagedTable, useInstallEventColumns, type DataColumn } from '@fleet/shared-ui/tables';
import { useDeviceHistory, type HistoryKind } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';
import { detailPath } from '../paths';

export type HistoryRow = Record<string, unknown> & { id: number };

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));
const dateTime = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : '-');
const day = (value: unknown) => (typeof value === 'string' ? formatDate(value) : '-');

/** Firmware, device, impulse-rate or update-rate history of one device (Admin), newest first, paged. */
export function DeviceHistoryPage({ kind }: { kind: HistoryKind }) {
  const { t } = useDevicesTranslation();
  const enumValue = useEnumText();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const line = params.get('line') ?? undefined;
  const back = useBackTo(detailPath({ kind: 'admin', product: 'all' }, { id, product_line: line ?? 'ihd' }));
  const list = useListState({ filterKeys: [] });
  const history = useDeviceHistory(kind, Number.isSafeInteger(id) ? id : 0, line, list.toQuery());
  const [correcting, setCorrecting] = useState(false);
  const installEvents = useInstallEventColumns<HistoryRow>();

  const columns: Record<HistoryKind, DataColumn<HistoryRow>[]> = {
    firmware: [
      { key: 'created_at', header: t('history.date'), render: (row) => dateTime(row.created_at) },
      { key: 'push_id', header: t('history.pushId'), sortable: false, render: (row) => `#${text(row.push_id)}` },
      { key: 'from_version', header: t('history.fromVersion'), sortable: false },
      { key: 'to_version', header: t('history.toVersion'), sortable: false },
      { key: 'state', header: t('history.state'), sortable: false, render: (row) => enumValue('ota_state', text(row.state)) },
    ],
    device: installEvents,
    impulseRate: [
      { key: 'created_at', header: t('history.date'), render: (row) => dateTime(row.created_at) },
      { key: 'impulse_rate', header: t('detail.impulseRate'), sortable: false },
      { key: 'impulse_rate_type', header: t('detail.impulseRateType'), sortable: false },
      { key: 'changed_by', header: t('history.changedBy'), sortable: false },
    ],
    updateRate: [
      { key: 'created_at', header: t('history.date'), render: (row) => dateTime(row.created_at) },
      { key: 'start_date', header: t('history.startDate'), sortable: false, render: (row) => day(row.start_date) },
      { key: 'end_date', header: t('history.endDate'), sortable: false, render: (row) => day(row.end_date) },
      { key: 'impulse_rate', header: t('detail.impulseRate'), sortable: false },
      { key: 'impulse_rate_type', header: t('detail.impulseRateType'), sortable: false },
      { key: 'update_section', header: t('correction.update'), sortable: false, render: (row) => (row.update_section ? t(`correction.${String(row.update_section)}`) : '-') },
      { key: 'unit_charge', header: t('correction.unitCharge'), sortable: false },
      { key: 'changed_by', header: t('history.changedBy'), sortable: false },
    ],
  };

  const title = t(`history.${kind}`);
  return (
    <Box p="4">
      <PageHeader
        title={title}
        onBack={back}
        actions={
          kind === 'updateRate' && (
            <Button size="sm" onClick={() => setCorrecting(true)}>
              {t('correction.open')}
            </Button>
          )
        }
      />
      {kind === 'updateRate' && <CorrectionDialog open={correcting} deviceId={id} onClose={() => setCorrecting(false)} />}
      <PagedTable
        label={title}
        list={list}
        result={history}
        page={history.data as { data: HistoryRow[]; total: number } | undefined}
        columns={columns[kind]}
      />
    </Box>
  );
}
