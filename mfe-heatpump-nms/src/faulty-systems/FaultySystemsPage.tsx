import { alphanumericOnly, Link as RouterLink, useOpenWithBack, useSearchParams } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import { selectionScope, useListState, useSelection } from '@fleet/shared-api/lists';
import { Box, Button, ChevronDownIcon, ChevronRightIcon, HStack, IconButton, Link, StatusBadge } from '@fleet/shared-ui';
import { ListHeader, PagedTable, PageTabs, RowActions, useDeviceFilterFields, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useFaultList, useResolveFault, useResolveFaults, type FaultRecord } from '../api/faults';
import { DEVICE_DETAIL_PATHS, FAULT_HISTORY_PATHS, type FaultArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';
import { useFaultDescription } from './faultText';
import { RelatedFaults } from './RelatedFaults';
import { ResolveFaultDialog } from './ResolveFaultDialog';
import { FaultAlert } from './FaultAlert';
import { useLiveFaults } from './useLiveFaults';

/** Filter keys of the Attention list: the tab (fault_status) and the search drawer's fields. */
const FILTER_KEYS = [
  'fault_status',
  'model_name',
  'fault_code',
  'email',
  'serial_number',
  'mac_address',
  'agency_name',
  'device_status',
  'status',
  'installation_date',
] as const;

/** The open rows (spec: accordion-open state kept in the URL). */
const OPEN_FLAG = 'openAcc';

type Resolving = { kind: 'row'; row: FaultRecord } | { kind: 'many' };

/**
 * Attention [Heat Pump] (spec): UnResolved and Resolved tabs, the search drawer, one row per faulty
 * heat pump with its related faults when expanded, Resolve Fault per row, and (beyond the spec)
 * resolving the ticked rows or every row of the filter as one job.
 */
export function FaultySystemsPage({ area }: { area: FaultArea }) {
  const { t } = useHeatPumpTranslation();
  const faultDescription = useFaultDescription();
  const openWithBack = useOpenWithBack();
  // spec: the default filter is fault_status 0
  const list = useListState({ filterKeys: FILTER_KEYS, defaults: { filters: { fault_status: '0' } } });
  const tab = list.state.filters.fault_status === '1' ? '1' : '0';
  const query = list.toQuery();
  const faults = useFaultList(query);
  const selection = useSelection(selectionScope(query));
  const resolveOne = useResolveFault();
  const resolveMany = useResolveFaults();
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const live = useLiveFaults(selection);
  const title = t('faults.title');

  const [params] = useSearchParams();
  const open = new Set((params.get(OPEN_FLAG) ?? '').split(',').filter(Boolean).map(Number));
  const toggleOpen = (id: number) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    list.setFlag(OPEN_FLAG, next.size ? [...next].join(',') : null);
  };
  const expandable = (row: FaultRecord) => row.related_history.length > 1;
  const devicePath = (row: FaultRecord) => DEVICE_DETAIL_PATHS[area].replace(':id', String(row.device_id));

  // Model number and customer email are in the Columns chooser: without them (and with the fault's
  // description wrapping) the list and its Resolve and View fit 1280 px with the side menu open (issue 20).
  const columns: DataColumn<FaultRecord>[] = [
    {
      key: 'serial_number',
      header: t('faults.serialNumber'),
      render: (row) => (
        <HStack gap="1">
          {expandable(row) ? (
            <IconButton
              size="2xs"
              variant="ghost"
              aria-expanded={open.has(row.id)}
              aria-label={t(open.has(row.id) ? 'faults.hideRelated' : 'faults.showRelated', { name: row.heatpump.serial_number })}
              onClick={() => toggleOpen(row.id)}
            >
              {open.has(row.id) ? <ChevronDownIcon /> : <ChevronRightIcon />}
            </IconButton>
          ) : (
            <Box w="6" />
          )}
          <Link asChild colorPalette="teal" aria-label={t('faults.device', { name: row.heatpump.serial_number })}>
            <RouterLink to={devicePath(row)}>{row.heatpump.serial_number}</RouterLink>
          </Link>
        </HStack>
      ),
    },
    { key: 'model_name', hiddenByDefault: true, header: t('faults.modelNumber'), render: (row) => row.heatpump.heat_pump_model.model_name ?? '-' },
    {
      key: 'fault_code',
      header: tab === '0' ? t('faults.latestFaultCode') : t('faults.faultCode'),
      render: (row) => (
        <Box title={faultDescription(row.fault_code, row.fault_description)}>
          {row.fault_code}
          {/* the description wraps (a table keeps cells on one line), so that the list fits 1280 px */}
          <Box as="span" display="block" fontSize="xs" color="fg.muted" whiteSpace="normal" minW="40">
            {faultDescription(row.fault_code, row.fault_description)}
          </Box>
        </Box>
      ),
    },
    { key: 'is_online', header: t('faults.wifiStatus'), render: (row) => <StatusBadge status={row.heatpump.is_online} kind="connection" /> },
    {
      key: 'device_operation_status',
      header: t('faults.operationStatus'),
      render: (row) => <StatusBadge status={row.heatpump.device_operation_status} kind="operation" />,
    },
    { key: 'email', hiddenByDefault: true, header: t('faults.customerEmail'), render: (row) => row.heatpump.customer.email ?? '-' },
    { key: 'history_datetime', header: t('faults.lastErrorRecord'), render: (row) => formatDateTime(row.history_datetime) },
    { key: 'fault_status', header: t('faults.status'), sortable: false, render: (row) => <StatusBadge status={row.fault_status} kind="fault" /> },
    {
      key: 'action',
      header: t('faults.action'),
      sortable: false,
      render: (row) => (
        <HStack gap="1">
          <Button size="xs" variant={row.fault_status === 0 ? 'solid' : 'outline'} aria-label={t('faults.resolveLabel', { name: row.heatpump.serial_number })} onClick={() => setResolving({ kind: 'row', row })}>
            {t('faults.resolve')}
          </Button>
          <RowActions name={t('faults.history', { name: row.heatpump.serial_number })} onView={() => openWithBack(FAULT_HISTORY_PATHS[area].replace(':id', String(row.device_id)))} />
        </HStack>
      ),
    },
  ];

  const deviceFields = useDeviceFilterFields(['serial_number', 'mac_address', 'agency_name', 'device_status', 'status', 'installation_date']);
  const filters: FilterFieldDef[] = [
    { key: 'model_name', label: t('faults.modelNumber') },
    { key: 'fault_code', label: t('faults.faultCode'), sanitize: alphanumericOnly },
    { key: 'email', label: t('faults.email') },
    ...deviceFields.filter((field) => area === 'admin' || field.key !== 'agency_name'),
  ];

  const total = faults.data?.total ?? 0;
  const selectedCount = selection.count(total);
  const resolvingRow = resolving?.kind === 'row' ? resolving.row : null;
  const mutation = resolving?.kind === 'many' ? resolveMany : resolveOne;

  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {tab === '0' && selectedCount > 0 && (
          <Button size="sm" onClick={() => setResolving({ kind: 'many' })}>
            {selection.all ? t('faults.resolveMatching', { count: total }) : `${t('faults.resolveSelected')} (${selectedCount})`}
          </Button>
        )}
      </ListHeader>
      {live.alert && <FaultAlert onReview={live.review} />}
      {/* spec: a tab change resets the filters, sets fault_status, page 1, limit 25 */}
      <PageTabs
        label={t('faults.tabs')}
        tabs={[
          { value: '0', label: t('faults.unresolved') },
          { value: '1', label: t('faults.resolved') },
        ]}
        value={tab}
        onChange={(next) => list.startOver({ fault_status: next })}
      >
        <PagedTable
          label={title}
          list={list}
          result={faults}
          page={faults.data}
          columns={columns}
          {...(tab === '0' ? { selection: { state: selection, rowLabel: (row: FaultRecord) => row.heatpump.serial_number } } : {})}
          expandedContent={(row) => (open.has(row.id) && expandable(row) ? <RelatedFaultsOf row={row} /> : null)}
        />
      </PageTabs>
      <ResolveFaultDialog
        open={resolving !== null}
        title={resolving?.kind === 'many' ? t('resolve.bulkTitle', { count: selectedCount }) : t('resolve.title')}
        question={
          resolvingRow ? t('resolve.question', { code: resolvingRow.fault_code, name: resolvingRow.heatpump.serial_number }) : t('resolve.bulkQuestion')
        }
        resolved={resolvingRow && resolvingRow.fault_status === 1 ? { agent: resolvingRow.agent, job_comments: resolvingRow.job_comments } : null}
        busy={mutation.isPending}
        error={mutation.error}
        onResolve={async (form) => {
          if (resolving?.kind === 'row') await resolveOne.mutateAsync({ id: resolving.row.id, form });
          else {
            await resolveMany.mutateAsync({ selection: selection.all ? { all: true, filter: query.filter } : { fault_ids: selection.keys }, form });
            selection.clear();
          }
        }}
        onClose={() => {
          setResolving(null);
          resolveOne.reset();
          resolveMany.reset();
        }}
      />
    </Box>
  );
}

function RelatedFaultsOf({ row }: { row: FaultRecord }) {
  return <RelatedFaults name={row.heatpump.serial_number} faults={row.related_history} />;
}
