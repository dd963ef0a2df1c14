import { Alert, Button } from '@chakra-ui/react';
import { useUiTranslation } from '../texts/ui-texts';

export interface ErrorPanelProps {
  title?: string;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** Confines a failure (a remote that did not load or threw) to its own area, with a Retry. */
export function ErrorPanel({ title, message, onRetry, retryLabel }: ErrorPanelProps) {
  const { t } = useUiTranslation();
  return (
    <Alert.Root status="error" role="alert" alignItems="start" my="4">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{title ?? t('common.somethingWrong')}</Alert.Title>
        {message && <Alert.Description>{message}</Alert.Description>}
        {onRetry && (
          <Button size="sm" colorPalette="red" variant="outline" alignSelf="start" onClick={onRetry}>
            {retryLabel ?? t('common.retry')}
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
