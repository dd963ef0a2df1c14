import { formatDateTime } from '@fleet/shared-api/dates';
import { Box, Heading } from '@fleet/shared-ui';
import { DataTable, type DataColumn } from '@fleet/shared-ui/tables';
import type { RelatedFault } from '../api/faults';
import { useHeatPumpTranslation } from '../i18n/translation';
import { useFaultDescription } from './faultText';

/** An open Attention row: each fault code of the heat pump with its last record (spec: expandable rows). */
export function RelatedFaults({ name, faults }: { name: string; faults: RelatedFault[] }) {
  const { t } = useHeatPumpTranslation();
  const faultDescription = useFaultDescription();
  const title = t('faults.relatedTitle', { name });
  const columns: DataColumn<RelatedFault>[] = [
    { key: 'fault_code', header: t('faults.faultCode') },
    { key: 'fault_description', header: t('history.faultDescription'), render: (row) => faultDescription(row.fault_code, row.fault_description) },
    { key: 'last_record', header: t('faults.lastRecord'), render: (row) => formatDateTime(row.last_record) },
    { key: 'count', header: t('faults.occurrences'), align: 'end' },
  ];
  return (
    <Box py="2">
      <Heading as="h3" size="xs" mb="2">
        {title}
      </Heading>
      <DataTable label={title} columns={columns} rows={faults} rowKey="fault_code" size="sm" />
    </Box>
  );
}
