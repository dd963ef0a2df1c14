import type { ExportListQuery } from '@fleet/shared-api/lists';
import { Button, Stack } from '@fleet/shared-ui';
import { ModalDialog } from '@fleet/shared-ui/overlays';
import { ExportJobButton } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useStartCustomerExport, useStartFeedbackExport } from '../api/customers';
import { useCustomersTranslation } from '../i18n/translation';

export interface CustomerDownloadsProps {
  /** The product's line (`deviceType`), and the list's filter and sort (exportListQuery of the list's query). */
  line: string;
  list: ExportListQuery;
  /** Spec: Survey Feedback and Auto-Sync feedback for electricity-advisor only. */
  withFeedback: boolean;
}

/**
 * The customer list's Download CSV dialog: the filtered customers, and for electricity-advisor the
 * survey and auto-sync feedback of those customers. Each is a server job with its progress.
 */
export function CustomerDownloads({ line, list, withFeedback }: CustomerDownloadsProps) {
  const { t } = useCustomersTranslation();
  const [open, setOpen] = useState(false);
  const customers = useStartCustomerExport();
  const feedback = useStartFeedbackExport();
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('downloads.title')}
      </Button>
      <ModalDialog
        open={open}
        title={t('downloads.title')}
        onClose={() => setOpen(false)}
        footer={
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('downloads.close')}
          </Button>
        }
      >
        <Stack gap="4">
          <ExportJobButton label={t('downloads.customers')} fileName="Customers.csv" start={async () => (await customers.mutateAsync({ line, list })).info} />
          {withFeedback && (
            <>
              <ExportJobButton label={t('downloads.survey')} fileName="Survey Feedback.csv" start={async () => (await feedback.mutateAsync({ syncType: 'survey', line, list })).info} />
              <ExportJobButton label={t('downloads.autoSync')} fileName="Auto-Sync Feedback.csv" start={async () => (await feedback.mutateAsync({ syncType: 'auto_sync', line, list })).info} />
            </>
          )}
        </Stack>
      </ModalDialog>
    </>
  );
}
