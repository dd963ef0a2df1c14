import { errorMessage, useFieldRefusal } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Box, Button, ErrorPanel, Heading, HStack } from '@fleet/shared-ui';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { DataTable, useDeleteConfirm, rowActionsColumn, type DataColumn } from '@fleet/shared-ui/tables';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAddMember, useMembers, useRemoveMember, type Member } from '../api/customers';
import type { CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { personSchema, type PersonValues } from '../people/person-fields';
import { PersonFields } from '../people/PersonFields';

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
    <Box as="section" mt="6" aria-labelledby="members">
      <HStack justify="space-between" mb="2">
        <Heading id="members" as="h2" size="sm">
          {t('property.members')}
        </Heading>
        <Button size="sm" onClick={() => setAdding(true)}>
          {t('property.addMember')}
        </Button>
      </HStack>
      {members.isError ? (
        <ErrorPanel message={errorMessage(members.error)} onRetry={() => void members.refetch()} />
      ) : (
        <DataTable label={t('property.members')} columns={columns} rows={members.data ?? []} rowKey="id" loading={members.isPending} emptyText={t('property.noMembers')} />
      )}
      <AddMemberDialog area={area} propertyId={propertyId} open={adding} onClose={() => setAdding(false)} />
      {deletion.dialog}
    </Box>
  );
}

function AddMemberDialog({ area, propertyId, open, onClose }: { area: CustomerArea; propertyId: number; open: boolean; onClose: () => void }) {
  const { t } = useCustomersTranslation();
  const add = useAddMember(area);
  const form = useForm<PersonValues>({ resolver: yupResolver(personSchema), defaultValues: EMPTY });
  const {
    register,
    setError,
    formState: { errors },
  } = form;
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(add.error, setError, { email: 'email' });
  // each opening starts empty; a refusal is said in the dialog (and the toast), or beside its field
  const { dialog, submit } = useDialogForm({ form, open, record: null, valuesOf: () => EMPTY, save: add, onClose, t, error: refusal });

  return (
    <EditDialog
      {...dialog}
      title={t('property.addMember')}
      submitLabel={t('property.add')}
      cancelLabel={t('property.cancel')}
      onSubmit={submit((values) => add.mutateAsync({ property_id: propertyId, ...values }))}
    >
      <PersonFields register={register} errors={errors} />
    </EditDialog>
  );
}
