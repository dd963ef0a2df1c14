import { ErrorPanel } from '@fleet/shared-ui';
import { errorMessage } from '@fleet/shared-api';
import { useFirmwareTranslation } from './translation';

/** A list that could not be read: the reason and a Retry (the toast already said it once). */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useFirmwareTranslation();
  return <ErrorPanel title={t('common.loadFailed')} message={errorMessage(error)} onRetry={onRetry} retryLabel={t('common.retry')} />;
}
