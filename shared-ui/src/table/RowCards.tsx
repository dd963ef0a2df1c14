import { Fragment, type Key, type ReactNode } from 'react';
import { chakra, Flex, Text } from '@fleet/shared-ui';
import { cardColumns, columnLabel, type ColumnTraits } from './columns';
import { PHONE_ONLY } from './phone-width';

type RowKey = string | number;

export interface RowCardsProps<Row, Column extends ColumnTraits> {
  /** The list's accessible name (the table's). */
  label: string | undefined;
  rows: readonly Row[];
  rowKeys: readonly RowKey[];
  /** The columns shown (the chooser's choice). */
  columns: readonly Column[];
  cell: (column: Column, row: Row, index: number) => ReactNode;
  /** The row's selection checkbox, when the list selects. */
  select?: ((row: Row, index: number) => ReactNode) | undefined;
  isSelected: (key: RowKey) => boolean;
  expanded?: ((row: Row) => ReactNode | null) | undefined;
  emptyText: ReactNode;
}

/**
 * A list's rows at phone width: one card per row, a list item each, with the row's key fields and their
 * labels (a description list) and its actions as buttons. Shown by CSS below 48em only (PHONE_ONLY).
 */
export function RowCards<Row, Column extends ColumnTraits>({
  label,
  rows,
  rowKeys,
  columns,
  cell,
  select,
  isSelected,
  expanded,
  emptyText,
}: RowCardsProps<Row, Column>) {
  if (rows.length === 0) {
    return (
      <Text css={PHONE_ONLY} textAlign="center" py="8" color="fg.muted" borderWidth="1px" rounded="md">
        {emptyText}
      </Text>
    );
  }
  const { title, fields, actions } = cardColumns(columns);
  const shownFields = title ? [title, ...fields] : fields;
  return (
    // role=list: a list without bullets loses its list role in Safari unless it is said
    <chakra.ul role="list" aria-label={label} css={PHONE_ONLY} listStyleType="none" m="0" p="0" display="grid" gap="3">
      {rows.map((row, index) => {
        const key = rowKeys[index] as RowKey;
        const open = expanded?.(row) ?? null;
        return (
          <chakra.li
            key={key as Key}
            data-selected={isSelected(key) ? '' : undefined}
            bg="bg.panel"
            color="fg"
            borderWidth="1px"
            borderColor="border"
            rounded="md"
            p="3"
            _selected={{ bg: 'colorPalette.subtle' }}
          >
            <Flex gap="3" align="start">
              {select?.(row, index)}
              <chakra.dl display="grid" gridTemplateColumns="minmax(0, 2fr) minmax(0, 3fr)" columnGap="3" rowGap="1" flex="1" minW="0" m="0" fontSize="sm">
                {shownFields.map((column) => (
                  <Fragment key={column.key}>
                    <chakra.dt color="fg.muted">{columnLabel(column)}</chakra.dt>
                    <chakra.dd m="0" minW="0" overflowWrap="anywhere" fontWeight={column === title ? 'semibold' : undefined}>
                      {cell(column, row, index)}
                    </chakra.dd>
                  </Fragment>
                ))}
              </chakra.dl>
            </Flex>
            {actions.length > 0 && (
              // touch-sized buttons on a phone
              <Flex gap="2" mt="3" wrap="wrap" justify="end" css={{ '& button': { minHeight: '9', minWidth: '9' } }}>
                {actions.map((column) => (
                  <Fragment key={column.key}>{cell(column, row, index)}</Fragment>
                ))}
              </Flex>
            )}
            {open !== null && <chakra.div mt="3">{open}</chakra.div>}
          </chakra.li>
        );
      })}
    </chakra.ul>
  );
}
