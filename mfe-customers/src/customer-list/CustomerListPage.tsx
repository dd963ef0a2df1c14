import { productDeviceType, useOpenWithBack, useSelectedProduct } from '@fleet/shared-api';
import { exportListQuery, useListState } from '@fleet/shared-api/lists';
import { Link as RouterLink } from '@fleet/shared-api';
import { Box, Link, StatusBadge } from '@fleet/shared-ui';
import { addressLine, ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useCustomerList, type CustomerRow, type SyncType } from '../api/customers';
import { customerPaths, type CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { CustomerDownloads } from './CustomerDownloads';

const FILTER_KEYS = ['phone_no', 'email', 'full_name', 'status', 'address_type'] as const;
const OTHER_FILTER_KEYS = FILTER_KEYS.filter((key) => key !== 'address_type');
const STATUSES = ['Pending', 'Completed', 'Incomplete', 'Deleted'] as const;

/**
 * Customers (spec: Customers list): the area's customers of the selected product, with the spec's
 * columns per product, the drawer's filters (Property Type only for heat pumps), the status colours,
 * and filters, page, size and sort in the URL. The list starts with an empty sortBy, newest first.
 */
export function CustomerListPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const openWithBack = useOpenWithBack();
  const product = useSelectedProduct((state) => state.product);
  const heatPump = product === 'heat_pump';
  const withSync = product === 'electricity-advisor' || product === 'all';
  // Property Type is a heat-pump filter: for another product a value left in the URL is not one
  const list = useListState({ filterKeys: heatPump ? FILTER_KEYS : OTHER_FILTER_KEYS, defaults: { sortBy: '' } });
  const line = productDeviceType(product);
  const customers = useCustomerList(area, line, list.toQuery());

  const columns: DataColumn<CustomerRow>[] = [
    { key: 'email', header: t('list.emailId') },
    { key: 'full_name', header: t('list.name'), render: (row) => row.full_name || '-' },
    ...(heatPump
      ? [
          {
            key: 'street',
            header: t('list.streetAddress'),
            sortable: false,
            render: (row: CustomerRow) => (row.firstproperty ? addressLine(row.firstproperty) || '-' : t('list.noProperty')),
          },
          { key: 'phone_no', header: t('list.phoneNumber'), render: (row: CustomerRow) => row.phone_no ?? '-' },
          {
            key: 'address_type',
            header: t('list.propertyType'),
            sortable: false,
            render: (row: CustomerRow) => (row.firstproperty?.address_type ? t(`filters.${row.firstproperty.address_type === 'commercial' ? 'commercial' : 'residential'}`) : '-'),
          },
        ]
      : [{ key: 'phone_no', header: t('list.phone'), render: (row: CustomerRow) => row.phone_no ?? '-' }]),
    { key: 'status', header: t('list.status'), render: (row) => <StatusBadge status={row.status} /> },
    ...(withSync
      ? [
          // spec: Yes, No or -, a link to the customer's history of that kind with the spec's tooltip
          { key: 'auto_sync', header: t('list.autoSync'), render: (row: CustomerRow) => <SyncCell area={area} row={row} type="auto_sync" /> },
          { key: 'weekly_report', header: t('list.weeklyReport'), render: (row: CustomerRow) => <SyncCell area={area} row={row} type="weekly_report" /> },
        ]
      : []),
    rowActionsColumn(t('list.action'), (row) => ({
      name: row.email,
      onView: () => openWithBack(customerPaths(area).detail.replace(':id', String(row.id))),
    })),
  ];

  const filters: FilterFieldDef[] = [
    { key: 'phone_no', label: t('filters.phone') },
    { key: 'email', label: t('filters.email') },
    { key: 'full_name', label: t('filters.name') },
    { key: 'status', label: t('filters.status'), kind: 'multi', options: STATUSES.map((s) => ({ value: s, label: t(`filters.${s.toLowerCase() as Lowercase<(typeof STATUSES)[number]>}`) })) },
    ...(heatPump
      ? [
          {
            key: 'address_type',
            label: t('filters.propertyType'),
            kind: 'select' as const,
            options: [
              { value: 'residential', label: t('filters.residential') },
              { value: 'commercial', label: t('filters.commercial') },
            ],
          },
        ]
      : []),
  ];

  return (
    <Box p="4">
      <ListHeader title={t('list.title')} list={list} filters={filters}>
        <CustomerDownloads line={line} list={exportListQuery(list.toQuery())} withFeedback={product === 'electricity-advisor'} />
      </ListHeader>
      <PagedTable label={t('list.title')} list={list} result={customers} page={customers.data} columns={columns} />
    </Box>
  );
}


/** An Auto Sync or Weekly Report cell: Yes, No or -, opening that history of the customer. */
function SyncCell({ area, row, type }: { area: CustomerArea; row: CustomerRow; type: SyncType }) {
  const { t } = useCustomersTranslation();
  const value = type === 'auto_sync' ? row.auto_sync : row.weekly_report;
  const text = value === null ? '-' : value ? t('list.yes') : t('list.no');
  const path = `${customerPaths(area).syncHistory.replace(':id', String(row.id))}?synctype=${type}`;
  return (
    <Link asChild colorPalette="teal">
      <RouterLink to={path} title={type === 'auto_sync' ? t('list.autoSyncTip') : t('list.weeklyReportTip')}>
        {text}
      </RouterLink>
    </Link>
  );
}
