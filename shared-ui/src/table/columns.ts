import { useCallback, useState, type ReactNode } from 'react';

/** What the column chooser and the phone cards read of a column (DataColumn's fields of that name). */
export interface ColumnTraits {
  key: string;
  header: ReactNode;
  label?: string;
  keyField?: boolean;
  actions?: boolean;
  hiddenByDefault?: boolean;
  card?: boolean;
}

/** A column's name as text: its header, or `label` where the header is not plain text. */
export function columnLabel(column: ColumnTraits): string {
  if (column.label) return column.label;
  if (typeof column.header === 'string' || typeof column.header === 'number') return String(column.header);
  return column.key;
}

/** The row actions: marked `actions`, or (every list of the console) the column keyed action/actions. */
export function isActionsColumn(column: ColumnTraits): boolean {
  return column.actions ?? (column.key === 'action' || column.key === 'actions');
}

/** The key fields: those marked, else the first column that is not the actions. */
export function keyColumnKeys(columns: readonly ColumnTraits[]): Set<string> {
  const marked = columns.filter((column) => column.keyField && !isActionsColumn(column));
  if (marked.length > 0) return new Set(marked.map((column) => column.key));
  const first = columns.find((column) => !isActionsColumn(column));
  return new Set(first ? [first.key] : []);
}

/** Key fields and actions are always shown. */
export function isFixedColumn(column: ColumnTraits, keys: ReadonlySet<string>): boolean {
  return keys.has(column.key) || isActionsColumn(column);
}

/** The user's choice for a list: column key -> shown. A column not in it shows unless hidden by default. */
export type ColumnChoice = Readonly<Record<string, boolean>>;

export function visibleColumns<Column extends ColumnTraits>(columns: readonly Column[], choice: ColumnChoice): Column[] {
  const keys = keyColumnKeys(columns);
  return columns.filter((column) => isFixedColumn(column, keys) || (choice[column.key] ?? !column.hiddenByDefault));
}

/** Fields of a row's card besides the title: those marked `card`, else the first three after it. */
export const CARD_FIELDS = 3;

export function cardColumns<Column extends ColumnTraits>(shown: readonly Column[]): { title: Column | undefined; fields: Column[]; actions: Column[] } {
  const keys = keyColumnKeys(shown);
  const title = shown.find((column) => keys.has(column.key));
  const actions = shown.filter(isActionsColumn);
  const rest = shown.filter((column) => column !== title && !isActionsColumn(column));
  const marked = rest.filter((column) => column.card);
  return { title, fields: marked.length > 0 ? marked : rest.slice(0, CARD_FIELDS), actions };
}

// The choice is kept in local storage per list: `fleet.columns.<list id>` (the route pattern, or an id
// the screen passes), so it survives a reload and another list keeps its own.
const STORAGE_PREFIX = 'fleet.columns.';

function readChoice(listId: string | undefined): ColumnChoice {
  if (!listId) return {};
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + listId) ?? '{}');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    // storage refused (private mode) or not JSON: the defaults
    return {};
  }
}

function writeChoice(listId: string | undefined, choice: ColumnChoice): void {
  if (!listId) return;
  try {
    if (Object.keys(choice).length === 0) window.localStorage.removeItem(STORAGE_PREFIX + listId);
    else window.localStorage.setItem(STORAGE_PREFIX + listId, JSON.stringify(choice));
  } catch {
    // storage refused: the choice holds until the page is left
  }
}

export interface ColumnChoiceControls {
  choice: ColumnChoice;
  setShown: (key: string, shown: boolean) => void;
  reset: () => void;
}

/** The columns a user chose for the list `listId` (none without an id: the list's defaults). */
export function useColumnChoice(listId: string | undefined): ColumnChoiceControls {
  const [held, setHeld] = useState(() => ({ listId, choice: readChoice(listId) }));
  // another list in the same place (a route change that keeps the component): read its own choice
  let current = held;
  if (held.listId !== listId) {
    current = { listId, choice: readChoice(listId) };
    setHeld(current);
  }
  const setShown = useCallback(
    (key: string, shown: boolean) =>
      setHeld((prev) => {
        const choice = { ...prev.choice, [key]: shown };
        writeChoice(prev.listId, choice);
        return { ...prev, choice };
      }),
    [],
  );
  const reset = useCallback(
    () =>
      setHeld((prev) => {
        writeChoice(prev.listId, {});
        return { ...prev, choice: {} };
      }),
    [],
  );
  return { choice: current.choice, setShown, reset };
}
