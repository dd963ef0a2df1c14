import { errorMessage, notify, saveFile, useBackTo, useParams, useSearchParams } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { useMailCustomerFeedback, downloadCustomerFeedback, usePagedOf, type Feedback, type SyncEvent, type SyncType } from '../api/customers';
import { Badge, Box, Button, ErrorPanel, Heading, HStack, PageHeader } from '@fleet/shared-ui';
import { DataTable, PagedTable, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { customerPaths, type CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';

const FEEDBACK_SHOWN = 100;
const STATUS_PALETTE: Record<string, string> = { success: 'green', failed: 'red', enabled: 'blue', disabled: 'gray' };

/**
 * Auto Sync History or Weekly Report History of a customer (spec: /{area}/customer/auto-sync/{id}
 * ?synctype=auto_sync|weekly_report): each sync or report and when it was switched, paged in the URL,
 * and the customer's feedback of that type with its CSV.
 */
export function SyncHistoryPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const [params] = useSearchParams();
  const syncType: SyncType = params.get('synctype') === 'weekly_report' ? 'weekly_report' : 'auto_sync';
  const title = syncType === 'auto_sync' ? t('sync.autoSyncTitle') : t('sync.weeklyReportTitle');
  const back = useBackTo(customerPaths(area).detail.replace(':id', String(validId)));
  const list = useListState({ filterKeys: [] });
  const history = usePagedOf<SyncEvent>(area, 'sync-history', { customer_id: validId }, list.toQuery(), { sync_type: syncType });
  const feedback = usePagedOf<Feedback>(area, 'feedback-history', { customer_id: validId }, { page: 1, limit: FEEDBACK_SHOWN, orderBy: 'desc', sortBy: 'created_at' }, { sync_type: syncType });
  const [downloading, setDownloading] = useState(false);
  const mailFeedback = useMailCustomerFeedback(area);

  const columns: DataColumn<SyncEvent>[] = [
    { key: 'created_at', header: t('sync.date'), render: (row) => formatDateTime(row.created_at) },
    { key: 'status', header: t('sync.status'), render: (row) => <Badge colorPalette={STATUS_PALETTE[row.status] ?? 'gray'}>{t(`sync.statuses.${row.status === 'failed' || row.status === 'enabled' || row.status === 'disabled' ? row.status : 'success'}`)}</Badge> },
    { key: 'detail', header: t('sync.detail'), sortable: false, render: (row) => row.detail ?? '-' },
  ];
  const feedbackColumns: DataColumn<Feedback>[] = [
    { key: 'created_at', header: t('sync.date'), sortable: false, render: (row) => formatDateTime(row.created_at) },
    { key: 'rating', header: t('sync.rating'), sortable: false, render: (row) => `${row.rating} / 5` },
    { key: 'comment', header: t('sync.comment'), sortable: false, render: (row) => row.comment ?? '-' },
  ];

  const exportFeedback = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadCustomerFeedback(area, validId));
    } catch (err) {
      notify.failure(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box p="4">
      <PageHeader title={title} onBack={back} />
      <PagedTable label={title} list={list} result={history} page={history.data} columns={columns} />
      <Box as="section" mt="6" aria-labelledby="feedback">
        <HStack justify="space-between" mb="2">
          <Heading id="feedback" as="h2" size="sm">
            {t('sync.feedback')}
          </Heading>
          <HStack gap="2">
            <Button size="sm" variant="outline" loading={downloading} onClick={() => void exportFeedback()}>
              {t('sync.exportFeedback')}
            </Button>
            <Button size="sm" variant="outline" loading={mailFeedback.isPending} onClick={() => mailFeedback.mutate(validId)}>
              {t('sync.emailFeedback')}
            </Button>
          </HStack>
        </HStack>
        {feedback.isError ? (
          <ErrorPanel message={errorMessage(feedback.error)} onRetry={() => void feedback.refetch()} />
        ) : (
          <DataTable label={t('sync.feedback')} columns={feedbackColumns} rows={feedback.data?.data ?? []} rowKey="id" loading={feedback.isPending} emptyText={t('sync.noFeedback')} />
        )}
      </Box>
    </Box>
  );
}
