import { Checkbox, Fieldset } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Stack, useUiTranslation } from '@fleet/shared-ui';
import { columnLabel, isFixedColumn, keyColumnKeys, visibleColumns, type ColumnChoiceControls, type ColumnTraits } from './columns';
import { ColumnsIcon } from './table-icons';

export interface ColumnChooserProps {
  columns: readonly ColumnTraits[];
  controls: ColumnChoiceControls;
}

/**
 * The Columns button beside a list's table and its panel: a checkbox per column (the key fields and the
 * actions ticked and fixed) and Reset columns. A disclosure, not a Chakra Menu or Popover: those bring
 * floating-ui (22 KB gzipped, README), and a panel under its button needs none of it. Escape closes it
 * and gives the focus back to the button; so does a click elsewhere (without taking the focus).
 */
export function ColumnChooser({ columns, controls }: ColumnChooserProps) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const keys = keyColumnKeys(columns);
  const shown = new Set(visibleColumns(columns, controls.choice).map((column) => column.key));

  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <Box position="relative">
      <Button ref={button} size="xs" variant="outline" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((was) => !was)}>
        <ColumnsIcon /> {t('table.columns')}
      </Button>
      {open && (
        <Box
          id={panelId}
          ref={panel}
          position="absolute"
          insetInlineEnd="0"
          top="calc(100% + 4px)"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="lg"
          p="3"
          minW="56"
          maxH="70vh"
          overflowY="auto"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
          onBlur={(event) => {
            // Tab out of the panel closes it (a click outside is the pointerdown above)
            const next = event.relatedTarget as Node | null;
            if (next && !event.currentTarget.contains(next) && next !== button.current) setOpen(false);
          }}
        >
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm" fontWeight="semibold" mb="2">
              {t('table.showColumns')}
            </Fieldset.Legend>
            <Stack gap="1.5">
              {columns.map((column) => {
                const fixed = isFixedColumn(column, keys);
                return (
                  <Checkbox.Root
                    key={column.key}
                    size="sm"
                    checked={shown.has(column.key)}
                    disabled={fixed}
                    onCheckedChange={(details) => controls.setShown(column.key, details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{columnLabel(column)}</Checkbox.Label>
                  </Checkbox.Root>
                );
              })}
            </Stack>
          </Fieldset.Root>
          <Button size="xs" variant="ghost" mt="3" onClick={controls.reset}>
            {t('table.resetColumns')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
