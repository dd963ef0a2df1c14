import { EditDialog, useDialogForm, type DialogSave } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type * as yup from 'yup';
import { useOrganisationsTranslation } from '../i18n/translation';
import { FieldGrid, type FieldDef } from './FieldGrid';

export interface RecordDialogProps<V extends FieldValues, Row> {
  /** The row being edited, 'new' to add one, null when closed. */
  editing: Row | 'new' | null;
  onClose: () => void;
  /** The dialog's title when it adds and when it edits. */
  titles: { add: string; edit: string };
  schema: yup.AnyObjectSchema;
  /** The form's values of a row, or of a new one (null). */
  valuesOf: (row: Row | null) => V;
  fields: ReadonlyArray<FieldDef<V>>;
  /** The save call: its pending state and refusal are the dialog's. */
  save: DialogSave;
  /** Saves the checked values: the row edited, or null for a new one. */
  store: (values: V, row: Row | null) => Promise<unknown>;
  submitLabel?: string;
  cancelLabel?: string;
}

const rowOf = <Row,>(editing: Row | 'new' | null): Row | null => (editing === 'new' ? null : editing);

/**
 * Add or edit a row of a list in a dialog (aggregators, retailers, partners): each opening starts
 * from the row; a refusal is said in the dialog (and the toast) and what was typed stays.
 */
export function RecordDialog<V extends FieldValues, Row>({ editing, onClose, titles, schema, valuesOf, fields, save, store, submitLabel, cancelLabel }: RecordDialogProps<V, Row>) {
  const { t } = useOrganisationsTranslation();
  const form = useForm<V>({ resolver: yupResolver(schema) as unknown as Resolver<V>, defaultValues: valuesOf(null) as DefaultValues<V> });
  const { dialog, submit } = useDialogForm({ form, open: editing !== null, record: editing, valuesOf: (row) => valuesOf(rowOf(row)), save, onClose, t });
  return (
    <EditDialog
      {...dialog}
      title={editing === 'new' ? titles.add : titles.edit}
      submitLabel={submitLabel ?? t('common.save')}
      cancelLabel={cancelLabel ?? t('common.cancel')}
      onSubmit={submit((values) => store(values, rowOf(editing)))}
    >
      <FieldGrid form={form} fields={fields} layout="stack" />
    </EditDialog>
  );
}
