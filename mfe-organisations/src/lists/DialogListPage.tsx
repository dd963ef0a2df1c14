import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { RecordDialog, type RecordDialogProps } from '../forms/RecordDialog';
import { ListPage, type ListPageProps } from './ListPage';

export interface DialogListPageProps<Row extends { id: number }, V extends FieldValues> extends Omit<ListPageProps<Row>, 'add' | 'actionsOf' | 'children'> {
  /** The Add button's text (the add dialog's title too). */
  addLabel: string;
  /** The row's name in its Edit and Delete buttons. */
  nameOf: (row: Row) => string;
  /** The add/edit dialog: opened by Add (empty) and by a row's Edit (from the row). */
  dialog: Omit<RecordDialogProps<V, Row>, 'editing' | 'onClose'>;
}

/** A list whose rows are added and edited in a dialog (aggregators, retailers): ListPage with the dialog and which row it edits. */
export function DialogListPage<Row extends { id: number }, V extends FieldValues>({ addLabel, nameOf, dialog, ...page }: DialogListPageProps<Row, V>) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  return (
    <ListPage<Row> {...page} add={{ label: addLabel, onClick: () => setEditing('new') }} actionsOf={(row) => ({ name: nameOf(row), onEdit: () => setEditing(row) })}>
      <RecordDialog<V, Row> {...dialog} editing={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
