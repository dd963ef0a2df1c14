import { useListState } from '@fleet/shared-api/lists';
import { Box, Button } from '@fleet/shared-ui';
import { ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useContacts, useSiteManagers, type ContactRow, type SiteManagerRow } from '../api/nms';
import { useHeatPumpTranslation } from '../i18n/translation';
import { ContactDialog, SiteManagerDialog } from './PeopleDialogs';

const FILTER_KEYS = ['first_name', 'last_name', 'email'] as const;

function usePeopleFilters(): FilterFieldDef[] {
  const { t } = useHeatPumpTranslation();
  return [
    { key: 'first_name', label: t('people.firstName') },
    { key: 'last_name', label: t('people.lastName') },
    { key: 'email', label: t('people.email') },
  ];
}

/** Site managers (Admin, mscc; a site manager sees itself): add and update for Admin and mscc. */
export function SiteManagersPage({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useHeatPumpTranslation();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const managers = useSiteManagers(list.toQuery());
  const filters = usePeopleFilters();
  const [editing, setEditing] = useState<{ open: boolean; manager: SiteManagerRow | null }>({ open: false, manager: null });
  const title = t('people.managersTitle');
  const columns: DataColumn<SiteManagerRow>[] = [
    { key: 'first_name', header: t('people.firstName') },
    { key: 'last_name', header: t('people.lastName') },
    { key: 'email', header: t('people.email') },
    { key: 'sites', header: t('places.sites'), sortable: false, render: (m) => m.sites.map((s) => s.site_name).join(', ') || '-' },
    { key: 'company_name', header: t('places.companyName'), sortable: false },
    ...(mayEdit
      ? [rowActionsColumn(t('list.action'), (m: SiteManagerRow) => ({ name: `${m.first_name} ${m.last_name}`, onEdit: () => setEditing({ open: true, manager: m }) }))]
      : []),
  ];
  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {mayEdit && (
          <Button size="sm" onClick={() => setEditing({ open: true, manager: null })}>
            {t('managerForm.add')}
          </Button>
        )}
      </ListHeader>
      <PagedTable label={title} list={list} result={managers} page={managers.data} columns={columns} />
      {mayEdit && <SiteManagerDialog open={editing.open} manager={editing.manager} onClose={() => setEditing((e) => ({ ...e, open: false }))} />}
    </Box>
  );
}

/** Multi-site contacts (Admin, mscc): mscc adds its company's, Admin any company's; both update. */
export function ContactsPage({ chooseCompany }: { chooseCompany: boolean }) {
  const { t } = useHeatPumpTranslation();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const contacts = useContacts(list.toQuery());
  const filters = usePeopleFilters();
  const [editing, setEditing] = useState<{ open: boolean; contact: ContactRow | null }>({ open: false, contact: null });
  const title = t('people.contactsTitle');
  const columns: DataColumn<ContactRow>[] = [
    { key: 'first_name', header: t('people.firstName') },
    { key: 'last_name', header: t('people.lastName') },
    { key: 'email', header: t('people.email') },
    { key: 'contact_no', header: t('people.contactNo'), sortable: false },
    { key: 'company_name', header: t('places.companyName'), sortable: false },
    rowActionsColumn(t('list.action'), (c) => ({ name: `${c.first_name} ${c.last_name}`, onEdit: () => setEditing({ open: true, contact: c }) })),
  ];
  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        <Button size="sm" onClick={() => setEditing({ open: true, contact: null })}>
          {t('contactForm.add')}
        </Button>
      </ListHeader>
      <PagedTable label={title} list={list} result={contacts} page={contacts.data} columns={columns} />
      <ContactDialog open={editing.open} contact={editing.contact} chooseCompany={chooseCompany} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
    </Box>
  );
}
