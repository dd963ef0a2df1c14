import { apiUrl, errorMessage } from '@fleet/shared-api';
import { useExportJob, type ExportJob } from '@fleet/shared-api/lists';
import { useEffect, useRef, useState } from 'react';
import { Button, HStack, Link, Text, DownloadIcon, useUiTranslation } from '@fleet/shared-ui';

export interface ExportJobButtonProps {
  /** Starts the list's export (the remote's call); answers the job, or nothing when it was refused (toasted). */
  start: () => Promise<ExportJob | null | undefined>;
  /** The file's name when saved ("Devices.csv"). */
  fileName: string;
  /** The button's text when a screen offers several exports (default: Download CSV). */
  label?: string;
}

/**
 * A list's CSV download: the whole filtered list, any size, prepared by a server job. The button
 * starts it, a status line shows the rows written, and the file downloads when it is ready (the link
 * stays for a second try).
 */
export function ExportJobButton({ start, fileName, label }: ExportJobButtonProps) {
  const { t } = useUiTranslation();
  const [starting, setStarting] = useState(false);
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
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  }, [link, data, fileName]);

  const running = starting || data?.status === 'running';
  return (
    <HStack gap="3" wrap="wrap">
      <Button
        size="sm"
        variant="outline"
        loading={running}
        loadingText={label ?? t('export.button')}
        onClick={async () => {
          setStarting(true);
          try {
            const answer = await start();
            if (answer) setJobId(answer.id);
          } catch {
            // said in the toast; the button is ready again
          } finally {
            setStarting(false);
          }
        }}
      >
        <DownloadIcon /> {label ?? t('export.button')}
      </Button>
      <Text role="status" fontSize="sm" color={data?.status === 'failed' ? 'fg.error' : 'fg.muted'}>
        {data?.status === 'running' && t('export.progress', { done: data.rows_written, total: data.total })}
        {data?.status === 'failed' && (data.error ?? t('export.failed'))}
        {job.isError && errorMessage(job.error)}
      </Text>
      {link && (
        <Link href={link} download={fileName} colorPalette="teal" fontSize="sm">
          {t('export.ready', { file: fileName, total: data?.rows_written ?? 0 })}
        </Link>
      )}
    </HStack>
  );
}
