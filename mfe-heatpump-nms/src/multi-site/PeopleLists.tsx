import { useListState, type ListStateControls } from '@fleet/shared-api/lists';
import { rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useContacts, useSiteManagers, type ContactRow, type SiteManagerRow } from '../api/nms';
import { useHeatPumpTranslation } from '../i18n/translation';
import { EditableList, useEditing } from './EditableList';
import { ContactDialog, SiteManagerDialog } from './PeopleDialogs';

const FILTER_KEYS = ['first_name', 'last_name', 'email'] as const;

/**
 * A list page of people: its state and `read`'s answer for it, its title, its filters, the columns of a
 * person's names and email, and the record its edit dialog shows.
 */
function usePeopleList<Row, Result>(read: (query: ReturnType<ListStateControls['toQuery']>) => Result, titleKey: string) {
  const { t } = useHeatPumpTranslation();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const result = read(list.toQuery());
  const names = { first_name: t('people.firstName'), last_name: t('people.lastName'), email: t('people.email') };
  const filters: FilterFieldDef[] = FILTER_KEYS.map((key) => ({ key, label: names[key] }));
  const personColumns = FILTER_KEYS.map((key) => ({ key, header: names[key] }));
  return { t, list, result, title: t(titleKey), filters, personColumns, editing: useEditing<Row>() };
}

/** Site managers (Admin, mscc; a site manager sees itself): add and update for Admin and mscc. */
export function SiteManagersPage({ mayEdit }: { mayEdit: boolean }) {
  const { t, list, result: managers, title, filters, personColumns, editing } = usePeopleList<SiteManagerRow, ReturnType<typeof useSiteManagers>>(useSiteManagers, 'people.managersTitle');
  const columns: DataColumn<SiteManagerRow>[] = [
    ...personColumns,
    { key: 'sites', header: t('places.sites'), sortable: false, render: (m) => m.sites.map((s) => s.site_name).join(', ') || '-' },
    { key: 'company_name', header: t('places.companyName'), sortable: false },
    ...(mayEdit
      ? [rowActionsColumn(t('list.action'), (m: SiteManagerRow) => ({ name: `${m.first_name} ${m.last_name}`, onEdit: () => editing.edit(m) }))]
      : []),
  ];
  return (
    <EditableList title={title} list={list} filters={filters} result={managers} columns={columns} add={mayEdit && { label: t('managerForm.add'), onClick: editing.add }}>
      {mayEdit && <SiteManagerDialog open={editing.open} manager={editing.record} onClose={editing.close} />}
    </EditableList>
  );
}

/** Multi-site contacts (Admin, mscc): mscc adds its company's, Admin any company's; both update. */
export function ContactsPage({ chooseCompany }: { chooseCompany: boolean }) {
  const { t, list, result: contacts, title, filters, personColumns, editing } = usePeopleList<ContactRow, ReturnType<typeof useContacts>>(useContacts, 'people.contactsTitle');
  const columns: DataColumn<ContactRow>[] = [
    ...personColumns,
    { key: 'contact_no', header: t('people.contactNo'), sortable: false },
    { key: 'company_name', header: t('places.companyName'), sortable: false },
    rowActionsColumn(t('list.action'), (c) => ({ name: `${c.first_name} ${c.last_name}`, onEdit: () => editing.edit(c) })),
  ];
  return (
    <EditableList title={title} list={list} filters={filters} result={contacts} columns={columns} add={{ label: t('contactForm.add'), onClick: editing.add }}>
      <ContactDialog open={editing.open} contact={editing.record} chooseCompany={chooseCompany} onClose={editing.close} />
    </EditableList>
  );
}
