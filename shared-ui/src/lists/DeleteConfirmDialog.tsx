import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { useUiTranslation } from '../texts/ui-texts';

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
