import { errorMessage, saveFile } from '@fleet/shared-api';
import { FormField, Input, SimpleGrid, Text } from '@fleet/shared-ui';
import { EditDialog, useOnOpen } from '@fleet/shared-ui/overlays';
import { useMutation } from '@fleet/shared-api/query';
import { useState } from 'react';
import { downloadFlashes } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';

/** The server's longest period (fleet-api flashes.ts). */
const MAX_FLASH_DAYS = 92;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last seven days, today included. */
export function lastWeek(today = new Date()): { start: string; end: string } {
  return { start: isoDay(new Date(today.getTime() - 6 * 86_400_000)), end: isoDay(today) };
}

/**
 * Flashes CSV: a period, then the file. A refusal (no flashes in the period, a period too long) is
 * the server's message, shown in the dialog (spec: "Flashes CSV failure shows the server's message").
 */
export function FlashesCsvDialog({ open, deviceId, onClose }: { open: boolean; deviceId: number; onClose: () => void }) {
  const { t } = useDevicesTranslation();
  const [period, setPeriod] = useState(lastWeek);
  const [problem, setProblem] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: () => downloadFlashes(deviceId, period.start, period.end),
    onSuccess: (file) => {
      saveFile(file);
      onClose();
    },
  });

  // each opening starts from the last week
  useOnOpen(open, () => {
    setPeriod(lastWeek());
    setProblem(null);
    download.reset();
  });

  const submit = () => {
    if (!period.start || !period.end) return setProblem(t('flashes.datesRequired'));
    if (period.end < period.start) return setProblem(t('flashes.endBeforeStart'));
    if ((Date.parse(period.end) - Date.parse(period.start)) / 86_400_000 + 1 > MAX_FLASH_DAYS) return setProblem(t('flashes.tooLong', { days: MAX_FLASH_DAYS }));
    setProblem(null);
    download.mutate();
  };

  return (
    <EditDialog
      open={open}
      title={t('flashes.title')}
      submitLabel={t('flashes.download')}
      cancelLabel={t('edit.cancel')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      busy={download.isPending}
      error={problem ?? (download.isError ? errorMessage(download.error) : null)}
    >
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('flashes.hint')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('history.startDate')} required>
          <Input size="sm" type="date" value={period.start} onChange={(e) => setPeriod((p) => ({ ...p, start: e.target.value }))} />
        </FormField>
        <FormField label={t('history.endDate')} required>
          <Input size="sm" type="date" value={period.end} onChange={(e) => setPeriod((p) => ({ ...p, end: e.target.value }))} />
        </FormField>
      </SimpleGrid>
    </EditDialog>
  );
}
