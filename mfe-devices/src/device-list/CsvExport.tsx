import { ExportJobButton } from '@fleet/shared-ui/tables';
import { useStartExport, type EditorScope } from '../api/devices';

export interface CsvExportProps {
  scope: EditorScope;
  line: string;
  /** The list's filter as sent with the list call. */
  filter: string | undefined;
}

/** The device list's CSV download (Devices.csv): the whole filtered list of the scope, as a server job. */
export function CsvExport({ scope, line, filter }: CsvExportProps) {
  const start = useStartExport(scope);
  return <ExportJobButton fileName="Devices.csv" start={async () => (await start.mutateAsync({ line, filter })).info} />;
}
