import { productDeviceType, useListState, useOpenWithBack, useSelectedProduct } from '@fleet/shared-api';
import { Box, StatusBadge, Text } from '@fleet/shared-ui';
import { addressLine, ExportJobButton, ListHeader, PagedTable, RowActions, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useCustomerList, useStartCustomerExport, type CustomerRow } from '../api/customers';
import { customerPaths, type CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';

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
  const startExport = useStartCustomerExport();

  const yesNo = (value: boolean | null) => (value === null ? '-' : value ? t('list.yes') : t('list.no'));
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
          // The sync histories are not built yet (docs/architecture.md): the cells say Yes, No or -.
          { key: 'auto_sync', header: t('list.autoSync'), render: (row: CustomerRow) => <Text as="span">{yesNo(row.auto_sync)}</Text> },
          { key: 'weekly_report', header: t('list.weeklyReport'), render: (row: CustomerRow) => <Text as="span">{yesNo(row.weekly_report)}</Text> },
        ]
      : []),
    {
      key: 'action',
      header: t('list.action'),
      sortable: false,
      render: (row) => <RowActions name={row.email} onView={() => openWithBack(customerPaths(area).detail.replace(':id', String(row.id)))} />,
    },
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
        {/* the whole filtered list of the slice as Customers.csv, prepared by a server job */}
        <ExportJobButton fileName="Customers.csv" start={async () => (await startExport.mutateAsync({ line, filter: list.toQuery().filter })).info} />
      </ListHeader>
      <PagedTable label={t('list.title')} list={list} result={customers} page={customers.data} columns={columns} />
    </Box>
  );
}

