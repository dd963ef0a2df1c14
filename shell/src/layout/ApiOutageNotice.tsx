// While fleet-api does not answer, one notice says so on every page (instead of a toast per failed
// call); shared-api probes the API and the notice goes when it answers again.
import { useApiOutage } from '@fleet/shared-api';
import { Flex, Text, useTranslation } from '@fleet/shared-ui';

export function ApiOutageNotice() {
  const { t } = useTranslation('shell');
  const down = useApiOutage((state) => state.down);
  if (!down) return null;
  return (
    <Flex role="status" aria-live="polite" align="center" justify="center" px="4" py="1.5" bg="red.subtle" color="red.fg" fontSize="sm" fontWeight="medium">
      <Text>{t('api.down')}</Text>
    </Flex>
  );
}
