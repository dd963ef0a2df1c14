import { HStack, IconButton, DeleteIcon, EditIcon, EyeIcon, useUiTranslation } from '@fleet/shared-ui';
import type { DataColumn } from '../table/DataTable';

export interface RowActionsProps {
  /** The row's name in the buttons' labels: "Edit 1.2.0", "Delete Kitchen", "View #12". */
  name: string;
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** The Action column of a list: View, Edit and Delete icon buttons, those the row offers, in that order. */
export function RowActions({ name, onView, onEdit, onDelete }: RowActionsProps) {
  const { t } = useUiTranslation();
  return (
    <HStack gap="1">
      {onView && (
        <IconButton size="xs" variant="ghost" aria-label={`${t('common.view')} ${name}`} onClick={onView}>
          <EyeIcon />
        </IconButton>
      )}
      {onEdit && (
        <IconButton size="xs" variant="ghost" aria-label={`${t('common.edit')} ${name}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      )}
      {onDelete && (
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`${t('common.delete')} ${name}`} onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      )}
    </HStack>
  );
}

/** A list's Action column: not sortable, each row's View, Edit and Delete buttons as `actionsOf` gives them. */
export function rowActionsColumn<Row>(header: string, actionsOf: (row: Row) => RowActionsProps): DataColumn<Row> {
  return { key: 'action', header, sortable: false, render: (row) => <RowActions {...actionsOf(row)} /> };
}
