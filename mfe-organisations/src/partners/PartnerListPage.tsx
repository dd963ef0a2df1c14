import { useOpenWithBack } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useDeletePartner, usePartners, type PartnerRow } from '../api/partners';
import { useProductLine } from '../agencies/product-line';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { recordPath } from '../record-page/route-record';
import { linkColumn } from '../lists/columns';
import { ListPage } from '../lists/ListPage';
import { PartnerDialog } from './PartnerDialog';

const FILTER_KEYS = ['name', 'email'] as const;

/**
 * Partners (our route /admin/partners, in Manage Agencies; the spec names the calls only): the
 * organisations that bring work to agencies, with their agencies and devices of the product.
 */
export function PartnerListPage() {
  const { t } = useOrganisationsTranslation();
  const openWithBack = useOpenWithBack();
  const { line, label } = useProductLine();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const partners = usePartners(line, list.toQuery());
  const remove = useDeletePartner();
  const [editing, setEditing] = useState<PartnerRow | 'new' | null>(null);
  const p = (key: string, options?: Record<string, string>) => t(`agencies.partner.${key}`, options);
  const columns: DataColumn<PartnerRow>[] = [
    linkColumn('name', p('name'), (row) => recordPath(AGENCY_PATHS.partner, row.id), (row) => row.name),
    { key: 'email', header: p('email'), render: (row) => row.email ?? '-' },
    { key: 'phone', header: p('phone'), sortable: false, render: (row) => row.phone ?? '-' },
    { key: 'website', header: p('website'), sortable: false, render: (row) => row.website ?? '-' },
    { key: 'agencies', header: p('agencies') },
    { key: 'devices', header: t('agencies.agency.devicesOf', { product: label }), sortable: false },
    { key: 'created_at', header: t('agencies.common.created'), render: (row) => formatDate(row.created_at) },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'name', label: p('name') },
    { key: 'email', label: p('email') },
  ];
  return (
    <ListPage title={p('title')} list={list} result={partners} columns={columns} filters={filters}
      add={{ label: p('add'), onClick: () => setEditing('new') }}
      actionsOf={(row) => ({ name: row.name, onView: () => openWithBack(recordPath(AGENCY_PATHS.partner, row.id)), onEdit: () => setEditing(row) })}
      remove={{ title: p('deleteTitle'), text: (row) => p('deleteText', { name: row.name ?? '' }), onDelete: (row) => remove.mutateAsync(row.id) }}
    >
      <PartnerDialog editing={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
