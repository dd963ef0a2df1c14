import { Checkbox, Table, type SystemStyleObject } from '@chakra-ui/react';
import { Fragment, type Key, type ReactNode } from 'react';
import { Box, chakra, Flex, LoadingOverlay, ArrowDownIcon, ArrowUpIcon, SortIcon, useUiTranslation, type UiT } from '@fleet/shared-ui';
import { useScrollRegion } from './scroll-region';
import { ColumnChooser } from './ColumnChooser';
import { isActionsColumn, isFixedColumn, keyColumnKeys, useColumnChoice, visibleColumns } from './columns';
import { usePhoneWidth, WIDE_ONLY } from './phone-width';
import { RowCards } from './RowCards';

export type SortOrder = 'asc' | 'desc';
export type RowKey = string | number;

export interface DataColumn<Row> {
  /** The sort key sent as `sortBy`, and the row field shown when there is no `render`. */
  key: string;
  header: ReactNode;
  render?: (row: Row, index: number) => ReactNode;
  /** Default true; the action column passes false. */
  sortable?: boolean;
  width?: string | number;
  align?: 'start' | 'center' | 'end';
  /** The column's name in the column chooser and on the phone card when `header` is not plain text. */
  label?: string;
  /**
   * A key field (the serial number): never hidden by the column chooser, and the first one titles the
   * row's card at phone width. Default: the first column.
   */
  keyField?: boolean;
  /**
   * The row actions (View, Edit, Resolve): kept in view at the table's right edge while it scrolls
   * sideways, never hidden, the card's buttons at phone width. Default: the column keyed action(s).
   */
  actions?: boolean;
  /** Hidden until the user shows it with the column chooser (a list that would not fit at 1280 px). */
  hiddenByDefault?: boolean;
  /** On the row's card at phone width. Default, when no column says: the three shown after the key field. */
  card?: boolean;
}

/**
 * Row selection driven by the caller (Group Details: none / page / all {total}). The header checkbox
 * selects or clears the current page; `allSelected` shows every row as selected (the "all" mode).
 */
export interface TableSelection<Row> {
  selectedKeys: ReadonlySet<RowKey> | readonly RowKey[];
  onToggleRow: (key: RowKey, row: Row, checked: boolean) => void;
  onTogglePage: (checked: boolean, pageKeys: RowKey[]) => void;
  allSelected?: boolean;
  /** Accessible name of a row's checkbox, e.g. the serial number. */
  rowLabel?: (row: Row) => string;
}

export interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: keyof Row | ((row: Row) => RowKey);
  loading?: boolean;
  sortBy?: string;
  orderBy?: SortOrder;
  /** Called with the column and the next order: each click toggles asc/desc. */
  onSort?: (key: string, order: SortOrder) => void;
  emptyText?: string;
  selection?: TableSelection<Row>;
  /** Accessible name of the table (e.g. the screen title). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /**
   * Expandable rows (Attention's related faults): what an open row shows under it, full width, or
   * null when it is closed. The control that opens it is a column of the caller's.
   */
  expandedContent?: (row: Row) => ReactNode | null;
  /**
   * The list's stable id (the route pattern, or the screen's own): offers the Columns chooser and keeps
   * its choice under this id in local storage. Without it, columns hidden by default stay hidden.
   */
  listId?: string;
  /** At phone width each row is a card (default). The charts' figures for screen readers stay a table. */
  cards?: boolean;
}

// The row actions stay at the right edge while the table scrolls sideways (and the selection boxes at
// the left): opaque (the row's own background, inherited, so hover and selection show through the same
// way in both colour modes) with an edge and a shadow where the other columns pass under them.
const STICKY_END: SystemStyleObject = {
  position: 'sticky',
  right: '0',
  zIndex: '1',
  bg: 'inherit',
  boxShadow: 'inset 1px 0 0 {colors.border}, -6px 0 6px -6px rgba(0, 0, 0, 0.3)',
};
const STICKY_START: SystemStyleObject = {
  position: 'sticky',
  left: '0',
  zIndex: '1',
  bg: 'inherit',
  boxShadow: 'inset -1px 0 0 {colors.border}, 6px 0 6px -6px rgba(0, 0, 0, 0.3)',
};
// header cells over body cells where they meet
const STICKY_END_HEADER: SystemStyleObject = { ...STICKY_END, zIndex: '2' };
const STICKY_START_HEADER: SystemStyleObject = { ...STICKY_START, zIndex: '2' };

function keyOf<Row>(row: Row, rowKey: DataTableProps<Row>['rowKey']): RowKey {
  if (typeof rowKey === 'function') return rowKey(row);
  return row[rowKey] as unknown as RowKey;
}

function cellValue(value: unknown, t: UiT): ReactNode {
  if (value == null || value === '') return '-';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  return String(value);
}

interface SelectBoxProps {
  checked: boolean | 'indeterminate';
  label: string;
  onChange: (checked: boolean) => void;
}

function SelectBox({ checked, label, onChange }: SelectBoxProps) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** The console's list table: sortable headers, loading overlay, No Data Found, optional selection. */
export function DataTable<Row>({
  columns: allColumns,
  rows,
  rowKey,
  loading = false,
  sortBy,
  orderBy = 'desc',
  onSort,
  emptyText,
  selection,
  label,
  size = 'sm',
  expandedContent,
  listId,
  cards = true,
}: DataTableProps<Row>) {
  const { t } = useUiTranslation();
  const chosen = useColumnChoice(listId);
  const columns = visibleColumns(allColumns, chosen.choice);
  const keyColumns = keyColumnKeys(allColumns);
  const choosable = Boolean(listId) && allColumns.some((column) => !isFixedColumn(column, keyColumns));
  const phone = usePhoneWidth();
  const selected =
    selection && (selection.selectedKeys instanceof Set ? selection.selectedKeys : new Set(selection.selectedKeys));
  const pageKeys = rows.map((row) => keyOf(row, rowKey));
  const pageSelectedCount = selected ? pageKeys.filter((key) => selected.has(key)).length : 0;
  const headerChecked: boolean | 'indeterminate' =
    selection?.allSelected || (rows.length > 0 && pageSelectedCount === rows.length)
      ? true
      : pageSelectedCount > 0
        ? 'indeterminate'
        : false;
  const columnCount = columns.length + (selection ? 1 : 0);
  // its own name, apart from the table's and a card's or section's named by the same title
  const scroll = useScrollRegion<HTMLDivElement>(label ? t('table.scrollAreaOf', { name: label }) : t('table.scrollArea'));
  const cell = (column: DataColumn<Row>, row: Row, index: number): ReactNode =>
    column.render ? column.render(row, index) : cellValue((row as Record<string, unknown>)[column.key], t);
  const isRowSelected = (key: RowKey) => Boolean(selection?.allSelected || selected?.has(key));
  const rowSelectBox = (row: Row, index: number) => {
    if (!selection) return null;
    const key = pageKeys[index] as RowKey;
    return (
      <SelectBox
        checked={isRowSelected(key)}
        label={selection.rowLabel ? selection.rowLabel(row) : t('table.selectRow', { n: index + 1 })}
        onChange={(checked) => selection.onToggleRow(key, row, checked)}
      />
    );
  };

  const table = (
    <LoadingOverlay loading={loading}>
      {/* isolate: the sticky cells' stacking stays inside the table, under the loading overlay */}
      <Table.ScrollArea ref={scroll.ref} {...scroll.props} borderWidth="1px" rounded="md" focusRing="inside" isolation="isolate" css={cards ? WIDE_ONLY : undefined}>
        <Table.Root size={size} aria-label={label} stickyHeader interactive={rows.length > 0}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              {selection && (
                <Table.ColumnHeader width="10" data-sticky="start" css={STICKY_START_HEADER}>
                  <SelectBox
                    checked={headerChecked}
                    label={t('table.selectPage')}
                    onChange={(checked) => selection.onTogglePage(checked, pageKeys)}
                  />
                </Table.ColumnHeader>
              )}
              {columns.map((column) => {
                const sortable = column.sortable !== false && Boolean(onSort);
                const active = sortable && sortBy === column.key;
                const sticky = isActionsColumn(column);
                return (
                  <Table.ColumnHeader
                    key={column.key}
                    {...(sticky ? { 'data-sticky': 'end', css: STICKY_END_HEADER } : {})}
                    // a header of several words wraps before the table has to scroll (the scroll area
                    // keeps cells on one line)
                    whiteSpace="normal"
                    width={column.width}
                    textAlign={column.align}
                    aria-sort={active ? (orderBy === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable ? (
                      <chakra.button
                        type="button"
                        display="inline-flex"
                        alignItems="center"
                        textAlign="start"
                        gap="1"
                        fontWeight="semibold"
                        cursor="pointer"
                        _hover={{ color: 'colorPalette.fg' }}
                        focusRing="outside"
                        onClick={() => onSort?.(column.key, orderBy === 'asc' ? 'desc' : 'asc')}
                      >
                        {column.header}
                        <Box as="span" color={active ? 'colorPalette.fg' : 'fg.subtle'}>
                          {active ? orderBy === 'asc' ? <ArrowUpIcon /> : <ArrowDownIcon /> : <SortIcon />}
                        </Box>
                      </chakra.button>
                    ) : (
                      <Box as="span" fontWeight="semibold">
                        {column.header}
                      </Box>
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columnCount} textAlign="center" py="8" color="fg.muted">
                  {loading ? '\u00a0' : (emptyText ?? t('table.noData'))}
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((row, index) => {
                const key = pageKeys[index] as RowKey;
                const isSelected = isRowSelected(key);
                const expanded = expandedContent?.(row) ?? null;
                return (
                  <Fragment key={key as Key}>
                  <Table.Row data-selected={isSelected ? '' : undefined} aria-selected={selection ? isSelected : undefined}>
                    {selection && (
                      <Table.Cell data-sticky="start" css={STICKY_START}>
                        {rowSelectBox(row, index)}
                      </Table.Cell>
                    )}
                    {columns.map((column) => (
                      <Table.Cell
                        key={column.key}
                        textAlign={column.align}
                        {...(isActionsColumn(column) ? { 'data-sticky': 'end', css: STICKY_END } : {})}
                      >
                        {cell(column, row, index)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                  {expanded !== null && (
                    <Table.Row bg="bg.subtle">
                      <Table.Cell colSpan={columnCount}>{expanded}</Table.Cell>
                    </Table.Row>
                  )}
                  </Fragment>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {/* The cards are mounted only at phone width (CSS shows them there, and hides the table) */}
      {cards && phone && (
        <RowCards
          label={label}
          rows={rows}
          rowKeys={pageKeys}
          columns={columns}
          cell={cell}
          select={selection ? rowSelectBox : undefined}
          isSelected={isRowSelected}
          expanded={expandedContent}
          emptyText={loading ? '\u00a0' : (emptyText ?? t('table.noData'))}
        />
      )}
    </LoadingOverlay>
  );
  if (!choosable) return table;
  return (
    <Box>
      <Flex justify="end" mb="2">
        <ColumnChooser columns={allColumns} controls={chosen} />
      </Flex>
      {table}
    </Box>
  );
}
