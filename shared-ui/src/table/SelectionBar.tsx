import { Button, HStack, Text } from '@chakra-ui/react';

export type SelectionMode = 'none' | 'page' | 'all';

export interface SelectionBarProps {
  mode: SelectionMode;
  /** Rows selected on the current page (page mode). */
  selectedCount: number;
  total: number;
  /** Plural noun of the rows, e.g. Devices. */
  itemLabel?: string;
  onSelectAll: () => void;
  onClear: () => void;
}

/**
 * Group Details' selection line (spec): once the page is selected it offers Select All {total} Devices;
 * with everything selected it says so; both offer Clear Selection. Hidden when nothing is selected.
 */
export function SelectionBar({ mode, selectedCount, total, itemLabel = 'Devices', onSelectAll, onClear }: SelectionBarProps) {
  if (mode === 'none' && selectedCount === 0) return null;
  const lower = itemLabel.toLowerCase();
  return (
    <HStack role="status" gap="3" wrap="wrap" bg="colorPalette.subtle" px="3" py="2" rounded="md" fontSize="sm">
      <Text>
        {mode === 'all' ? `All ${total} ${lower} are selected.` : `${selectedCount} ${lower} selected on this page.`}
      </Text>
      {mode !== 'all' && selectedCount < total && (
        <Button size="xs" variant="plain" color="colorPalette.fg" onClick={onSelectAll}>
          Select All {total} {itemLabel}
        </Button>
      )}
      <Button size="xs" variant="plain" color="colorPalette.fg" onClick={onClear}>
        Clear Selection
      </Button>
    </HStack>
  );
}
