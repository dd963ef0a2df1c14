import { formatDate } from '@fleet/shared-api/dates';
import { Button } from '@fleet/shared-ui';
import { useDeleteConfirm, rowActionsColumn, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useAddMember, useMembers, useRemoveMember, type Member } from '../api/customers';
import type { CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import type { PersonValues } from '../people/person-fields';
import { PersonDialog } from '../people/PersonDialog';
import { QueryTable, Section } from '../record/Section';

const EMPTY: PersonValues = { email: '', first_name: '', last_name: '', phone_no: '' };

/** A property's members: the list, Add Member (spec 5's messages) and Remove with a confirmation. */
export function MembersSection({ area, propertyId }: { area: CustomerArea; propertyId: number }) {
  const { t } = useCustomersTranslation();
  const members = useMembers(area, propertyId);
  const removeMember = useRemoveMember(area);
  const [adding, setAdding] = useState(false);
  const deletion = useDeleteConfirm<Member>({
    title: t('property.removeTitle'),
    text: (row) => t('property.removeText', { email: row.email ?? '' }),
    onDelete: (row) => removeMember.mutateAsync({ property_id: propertyId, member_id: row.id }),
  });
  const columns: DataColumn<Member>[] = [
    { key: 'email', header: t('property.memberEmail'), sortable: false },
    { key: 'name', header: t('list.name'), sortable: false, render: (row) => [row.first_name, row.last_name].filter(Boolean).join(' ') || '-' },
    { key: 'phone_no', header: t('property.memberPhone'), sortable: false, render: (row) => row.phone_no ?? '-' },
    { key: 'created_at', header: t('detail.created'), sortable: false, render: (row) => formatDate(row.created_at) },
    rowActionsColumn(t('list.action'), (row) => ({ name: row.email, onDelete: () => deletion.ask(row) })),
  ];
  return (
    <Section
      title={t('property.members')}
      action={
        <Button size="sm" onClick={() => setAdding(true)}>
          {t('property.addMember')}
        </Button>
      }
    >
      <QueryTable label={t('property.members')} query={members} rows={members.data ?? []} columns={columns} emptyText={t('property.noMembers')} />
      <AddMemberDialog area={area} propertyId={propertyId} open={adding} onClose={() => setAdding(false)} />
      {deletion.dialog}
    </Section>
  );
}

function AddMemberDialog({ area, propertyId, open, onClose }: { area: CustomerArea; propertyId: number; open: boolean; onClose: () => void }) {
  const { t } = useCustomersTranslation();
  const add = useAddMember(area);
  return (
    <PersonDialog open={open} onClose={onClose} title={t('property.addMember')} submitLabel={t('property.add')} cancelLabel={t('property.cancel')} record={null} valuesOf={() => EMPTY} save={add}
      store={(values) => add.mutateAsync({ property_id: propertyId, ...values })}
    />
  );
}
