import { Button, HStack, Text } from '@fleet/shared-ui';
import type { Selection } from './useSelection';
import { useFirmwareTranslation } from './translation';

export interface SelectionBarProps {
  selection: Selection;
  total: number;
  pageKeys: number[];
}

/** Spec 2 (Group Details): after the page is selected, offer Select All {total} Devices and Clear Selection. */
export function SelectionBar({ selection, total, pageKeys }: SelectionBarProps) {
  const { t } = useFirmwareTranslation();
  if (selection.mode === 'none') return null;
  const wholePage = selection.mode === 'page' && pageKeys.length > 0 && pageKeys.every((key) => selection.keys.includes(key));
  return (
    <HStack role="status" gap="3" wrap="wrap" px="3" py="2" mb="2" bg="bg.muted" rounded="md">
      <Text fontSize="sm">
        {selection.mode === 'all'
          ? t('common.allSelected', { total })
          : wholePage
            ? t('common.pageSelected', { count: pageKeys.length })
            : t('common.someSelected', { count: selection.keys.length })}
      </Text>
      {selection.mode === 'page' && total > selection.keys.length && (
        <Button size="xs" variant="outline" onClick={selection.selectAll}>
          {t('common.selectAll', { total })}
        </Button>
      )}
      <Button size="xs" variant="ghost" onClick={selection.clear}>
        {t('common.clearSelection')}
      </Button>
    </HStack>
  );
}
