import { NAME_MAX_LENGTH } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import * as yup from 'yup';
import { useAggregators, useDeleteAggregator, useSaveAggregator, type Aggregator } from '../api/organisations';
import { useOrganisationsTranslation } from '../i18n/translation';
import { DialogListPage } from '../lists/DialogListPage';

const schema = yup.object({ name: yup.string().default('').trim().required('aggregators.nameRequired').max(NAME_MAX_LENGTH, 'aggregators.nameTooLong') });
type Values = yup.InferType<typeof schema>;

/** Aggregators (spec 2.4: /admin/aggregators): the list with its name filter; add, rename and delete in dialogs. */
export function AggregatorListPage() {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ filterKeys: ['name'] });
  const aggregators = useAggregators(list.toQuery());
  const remove = useDeleteAggregator();
  const save = useSaveAggregator();
  return (
    <DialogListPage<Aggregator, Values> title={t('aggregators.title')} list={list} result={aggregators} addLabel={t('aggregators.add')} nameOf={(row) => row.name}
      columns={[
        { key: 'name', header: t('aggregators.name') },
        { key: 'electricians', header: t('aggregators.electricians') },
        { key: 'created_at', header: t('common.created'), render: (row) => formatDate(row.created_at) },
      ]}
      filters={[{ key: 'name', label: t('aggregators.name') }]}
      remove={{ title: t('aggregators.deleteTitle'), text: (row) => t('aggregators.deleteText', { name: row.name ?? '' }), onDelete: (row) => remove.mutateAsync(row.id) }}
      dialog={{
        titles: { add: t('aggregators.add'), edit: t('aggregators.edit') },
        schema,
        valuesOf: (row) => ({ name: row?.name ?? '' }),
        fields: [{ name: 'name', label: t('aggregators.name'), required: true, maxLength: NAME_MAX_LENGTH }],
        save,
        store: (values, row) => save.mutateAsync({ id: row?.id ?? null, body: { name: values.name } }),
      }}
    />
  );
}
