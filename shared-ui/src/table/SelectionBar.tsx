import { Button, HStack, Text, useUiTranslation } from '@fleet/shared-ui';

export type SelectionMode = 'none' | 'page' | 'all';

export interface SelectionBarProps {
  /** none: nothing; page: rows ticked (on any page); all: every row the list's filter matches. */
  mode: SelectionMode;
  /** How many rows are ticked (page mode). */
  selectedCount: number;
  /** Every row of the list (its filter). */
  total: number;
  /** Every row of the page on screen is ticked. */
  wholePage: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}

/**
 * A device list's selection line (spec, Group Details): once rows are ticked it offers Select All
 * {total} Devices; with everything selected it says so; both offer Clear Selection. Hidden when
 * nothing is selected.
 */
export function SelectionBar({ mode, selectedCount, total, wholePage, onSelectAll, onClear }: SelectionBarProps) {
  const { t } = useUiTranslation();
  if (mode === 'none') return null;
  return (
    <HStack role="status" gap="3" wrap="wrap" px="3" py="2" mb="2" bg="bg.muted" rounded="md">
      <Text fontSize="sm">
        {mode === 'all'
          ? t('selection.allSelected', { total })
          : wholePage
            ? t('selection.pageSelected', { count: selectedCount })
            : t('selection.someSelected', { count: selectedCount })}
      </Text>
      {mode === 'page' && total > selectedCount && (
        <Button size="xs" variant="outline" onClick={onSelectAll}>
          {t('selection.selectAll', { total })}
        </Button>
      )}
      <Button size="xs" variant="ghost" onClick={onClear}>
        {t('selection.clear')}
      </Button>
    </HStack>
  );
}
