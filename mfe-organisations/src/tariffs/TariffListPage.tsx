import { useOpenWithBack } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { useDeleteTariff, useTariffs, type TariffRow } from '../api/tariffs';
import { TARIFF_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
import { recordPath } from '../record-page/route-record';

/** How many post codes a row shows before "…". */
const SHOWN_CODES = 6;

function postCodesText(row: TariffRow): string {
  const codes = row.post_codes.split(',').filter((c) => c !== '');
  return `${codes.slice(0, SHOWN_CODES).join(', ')}${codes.length > SHOWN_CODES ? `, … (${row.post_code_count})` : ''}`;
}

/** Tariffs (spec 2.4: /admin/tariffs): the distributors' tariffs; Add and Edit open their page, Delete asks first. */
export function TariffListPage() {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ filterKeys: ['company_name', 'post_code', 'type'] });
  const tariffs = useTariffs(list.toQuery());
  const remove = useDeleteTariff();
  const open = useOpenWithBack();
  return (
    <ListPage title={t('tariffs.list.title')} list={list} result={tariffs}
      columns={[
        { key: 'company_name', header: t('tariffs.list.company') },
        { key: 'post_codes', header: t('tariffs.list.postCodes'), sortable: false, render: postCodesText },
        { key: 'types', header: t('tariffs.list.types'), sortable: false, render: (row) => row.types.join(', ') },
        { key: 'properties', header: t('tariffs.list.properties'), sortable: false },
        { key: 'created_at', header: t('common.created'), render: (row) => formatDate(row.created_at) },
      ]}
      filters={[
        { key: 'company_name', label: t('tariffs.list.company') },
        { key: 'post_code', label: t('tariffs.list.postCode'), sanitize: (text) => text.replace(/\D/g, '').slice(0, 4) },
        { key: 'type', label: t('tariffs.list.type') },
      ]}
      add={{ label: t('tariffs.list.add'), onClick: () => open(TARIFF_PATHS.add) }}
      actionsOf={(row) => ({ name: row.company_name, onEdit: () => open(recordPath(TARIFF_PATHS.edit, row.id)) })}
      remove={{ title: t('tariffs.list.deleteTitle'), text: (row) => t('tariffs.list.deleteText', { name: row.company_name ?? '' }), onDelete: (row) => remove.mutateAsync(row.id) }}
    />
  );
}
