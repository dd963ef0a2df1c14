import { errorMessage } from '@fleet/shared-api';
import { ErrorPanel, useUiTranslation } from '@fleet/shared-ui';

/** A list that could not be read: the reason and a Retry (the toast already said it once). */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useUiTranslation();
  return <ErrorPanel title={t('table.loadFailed')} message={errorMessage(error)} onRetry={onRetry} retryLabel={t('common.retry')} />;
}
