import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { useState, type ReactElement } from 'react';
import { useUiTranslation } from '@fleet/shared-ui';

export interface DeleteConfirmDialogProps<Row> {
  /** The row whose Delete was clicked; null keeps the dialog closed. */
  row: Row | null;
  title: string;
  text: string;
  onClose: () => void;
  /** Yes: the delete call (the dialog shows a spinner until it settles). */
  onDelete: (row: Row) => Promise<unknown>;
}

/** "Are you sure you want to delete this ...?" with Yes / No, for one row of a list. */
export function DeleteConfirmDialog<Row>({ row, title, text, onClose, onDelete }: DeleteConfirmDialogProps<Row>) {
  const { t } = useUiTranslation();
  return (
    <ConfirmDialog
      open={row !== null}
      title={title}
      text={text}
      confirmLabel={t('common.yes')}
      cancelLabel={t('common.no')}
      onClose={onClose}
      onConfirm={async () => {
        if (row !== null) await onDelete(row);
      }}
    />
  );
}

export interface DeleteConfirmOptions<Row> {
  title: string;
  /** The question, naming the row asked about. */
  text: (row: Row) => string;
  /** Yes: the delete call (the dialog shows a spinner until it settles). */
  onDelete: (row: Row) => Promise<unknown>;
}

export interface DeleteConfirm<Row> {
  /** Opens the question for this row (a row's Delete). */
  ask: (row: Row) => void;
  /** The dialog, to place once in the page. */
  dialog: ReactElement;
}

/**
 * A list's delete confirmation: which row is asked about and its dialog, so that a page writes
 * `onDelete: () => deletion.ask(row)` and `{deletion.dialog}` rather than the state and the dialog's wiring.
 */
export function useDeleteConfirm<Row>({ title, text, onDelete }: DeleteConfirmOptions<Row>): DeleteConfirm<Row> {
  const [asked, setAsked] = useState<Row | null>(null);
  return {
    ask: (row) => setAsked(() => row),
    dialog: <DeleteConfirmDialog row={asked} title={title} text={asked === null ? '' : text(asked)} onClose={() => setAsked(null)} onDelete={onDelete} />,
  };
}
