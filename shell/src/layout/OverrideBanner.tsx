// While a QA override is active every page says so, with a way to clear it (it lives in local storage).
import { useTranslation, Button, Flex, Text } from '@fleet/shared-ui';
import { OVERRIDES_KEY, readOverrides } from '../registry/overrides';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function OverrideBanner() {
  const { t } = useTranslation('shell');
  const names = Object.keys(readOverrides(storage()));
  if (names.length === 0) return null;
  return (
    <Flex role="note" align="center" gap="3" px="4" py="1" bg="orange.subtle" color="orange.fg" fontSize="sm">
      <Text>{t('override.active', { names: names.join(', ') })}</Text>
      <Button
        size="xs"
        variant="outline"
        onClick={() => {
          storage()?.removeItem(OVERRIDES_KEY);
          window.location.reload();
        }}
      >
        {t('override.clear')}
      </Button>
    </Flex>
  );
}
