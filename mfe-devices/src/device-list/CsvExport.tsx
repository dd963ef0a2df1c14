import { apiUrl, errorMessage } from '@fleet/shared-api';
import { Button, DownloadIcon, HStack, Link, Text } from '@fleet/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { useExportJob, useStartExport, type EditorScope } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';

export interface CsvExportProps {
  scope: EditorScope;
  line: string;
  /** The list's filter as sent with the list call. */
  filter: string | undefined;
}

/**
 * The list's CSV download: the whole filtered list, any size, prepared by a server job. The button
 * starts it, a status line shows the rows written, and the file downloads when it is ready (the link
 * stays for a second try).
 */
export function CsvExport({ scope, line, filter }: CsvExportProps) {
  const { t } = useDevicesTranslation();
  const start = useStartExport(scope);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useExportJob(jobId);
  const fetched = useRef<number | null>(null);
  const data = job.data;
  const link = data?.status === 'done' && data.download_link ? apiUrl(data.download_link) : null;

  // Offer the file once, when it becomes ready.
  useEffect(() => {
    if (!link || !data || fetched.current === data.id) return;
    fetched.current = data.id;
    const anchor = document.createElement('a');
    anchor.href = link;
    anchor.download = 'Devices.csv';
    anchor.rel = 'noopener';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  }, [link, data]);

  const running = start.isPending || data?.status === 'running';
  return (
    <HStack gap="3" wrap="wrap">
      <Button
        size="sm"
        variant="outline"
        loading={running}
        loadingText={t('export.button')}
        onClick={async () => {
          try {
            const answer = await start.mutateAsync({ line, filter });
            if (answer.info) setJobId(answer.info.id);
          } catch {
            // said in the toast; the button is ready again
          }
        }}
      >
        <DownloadIcon /> {t('export.button')}
      </Button>
      <Text role="status" fontSize="sm" color={data?.status === 'failed' ? 'fg.error' : 'fg.muted'}>
        {data?.status === 'running' && t('export.progress', { done: data.rows_written, total: data.total })}
        {data?.status === 'failed' && (data.error ?? t('export.failed'))}
        {job.isError && errorMessage(job.error)}
      </Text>
      {link && (
        <Link href={link} download="Devices.csv" colorPalette="teal" fontSize="sm">
          {t('export.ready', { total: data?.rows_written ?? 0 })}
        </Link>
      )}
    </HStack>
  );
}
