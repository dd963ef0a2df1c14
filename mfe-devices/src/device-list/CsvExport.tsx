import { ExportJobButton } from '@fleet/shared-ui/tables';
import { useStartExport, type EditorScope } from '../api/devices';

export interface CsvExportProps {
  scope: EditorScope | 'veu';
  line: string;
  /** The list's filter as sent with the list call. */
  filter: string | undefined;
}

/** The device list's CSV download (Devices.csv, Devices - VEU.csv): the whole filtered list of the scope, as a server job. */
export function CsvExport({ scope, line, filter }: CsvExportProps) {
  const start = useStartExport(scope);
  return <ExportJobButton fileName={scope === 'veu' ? 'Devices - VEU.csv' : 'Devices.csv'} start={async () => (await start.mutateAsync({ line, filter })).info} />;
}
