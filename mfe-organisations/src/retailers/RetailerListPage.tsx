import { NAME_MAX_LENGTH } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import * as yup from 'yup';
import { useDeleteRetailer, useRetailers, useSaveRetailer, type Retailer } from '../api/organisations';
import { useOrganisationsTranslation } from '../i18n/translation';
import { DialogListPage } from '../lists/DialogListPage';

const schema = yup.object({
  retailer_name: yup.string().default('').trim().required('retailers.nameRequired').max(NAME_MAX_LENGTH, 'retailers.nameTooLong'),
  is_top_listed: yup.boolean().default(false),
});
type Values = yup.InferType<typeof schema>;

const retailerValues = (row: Retailer | null): Values => (row ? { retailer_name: row.retailer_name, is_top_listed: row.is_top_listed === 1 } : { retailer_name: '', is_top_listed: false });

/** Electricity Retailers (spec 2.4: /admin/electricity-retailers): the list; add, edit and delete in dialogs. */
export function RetailerListPage() {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ filterKeys: ['retailer_name'] });
  const retailers = useRetailers(list.toQuery());
  const remove = useDeleteRetailer();
  const save = useSaveRetailer();
  return (
    <DialogListPage<Retailer, Values> title={t('retailers.title')} list={list} result={retailers} addLabel={t('retailers.add')} nameOf={(row) => row.retailer_name}
      columns={[
        { key: 'retailer_name', header: t('retailers.name') },
        { key: 'is_top_listed', header: t('retailers.topListed'), render: (row) => (row.is_top_listed === 1 ? t('common.yes') : t('common.no')) },
        { key: 'properties', header: t('retailers.properties'), sortable: false },
        { key: 'created_at', header: t('common.created'), render: (row) => formatDate(row.created_at) },
      ]}
      filters={[{ key: 'retailer_name', label: t('retailers.name') }]}
      remove={{ title: t('retailers.deleteTitle'), text: (row) => t('retailers.deleteText', { name: row.retailer_name ?? '' }), onDelete: (row) => remove.mutateAsync(row.electricity_retailer_id) }}
      dialog={{
        titles: { add: t('retailers.add'), edit: t('retailers.edit') },
        schema,
        valuesOf: retailerValues,
        fields: [
          { name: 'retailer_name', label: t('retailers.name'), required: true, maxLength: NAME_MAX_LENGTH },
          { kind: 'checkbox', name: 'is_top_listed', label: t('retailers.topListed') },
        ],
        save,
        store: (values, row) => save.mutateAsync({ id: row?.electricity_retailer_id ?? null, ...values }),
      }}
    />
  );
}
