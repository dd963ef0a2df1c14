import type { ExportListQuery } from '@fleet/shared-api/lists';
import { ExportJobButton } from '@fleet/shared-ui/tables';
import { useStartExport, type EditorScope } from '../api/devices';

export interface CsvExportProps {
  scope: EditorScope | 'veu';
  line: string;
  /** The list's filter and sort (exportListQuery of the list's query). */
  list: ExportListQuery;
}

/** The device list's CSV download (Devices.csv, Devices - VEU.csv): the whole filtered list of the scope in its order, as a server job. */
export function CsvExport({ scope, line, list }: CsvExportProps) {
  const start = useStartExport(scope);
  return <ExportJobButton fileName={scope === 'veu' ? 'Devices - VEU.csv' : 'Devices.csv'} start={async () => (await start.mutateAsync({ line, list })).info} />;
}
