import { ApiError, errorMessage, useBackTo, useOpenWithBack, useParams } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box, ErrorPanel, FactList, Heading, LoadingArea, PageHeader } from '@fleet/shared-ui';
import { addressLine, PagedTable, rowActionsColumn, type DataColumn } from '@fleet/shared-ui/tables';
import { useMemo, type ReactNode } from 'react';
import { placeSource, useCompany, useCompanySites, useSite, useSiteProperties, type SitePropertyRow, type SiteRow } from '../api/nms';
import { DEVICE_DETAIL_PATHS, SITE_VIEW_PATHS, type PlaceArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';
import { CountCards } from '../network-dashboard/CountCards';
import { LiveDevices, useLiveDashboard } from '../network-dashboard/LiveDevices';
import { FaultTrend } from './FaultTrend';

function Failed({ title, error, back, retry }: { title: string; error: unknown; back: () => void; retry: () => void }) {
  const { t } = useHeatPumpTranslation();
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <Box p="4">
      <PageHeader title={title} onBack={back} />
      <ErrorPanel message={gone ? t('places.notFound') : errorMessage(error)} onRetry={gone ? undefined : retry} />
    </Box>
  );
}

/** What a place's dashboard keeps while it shows: its id (of the URL), the way back, its live source and counts, its list's state. */
function usePlace(kind: 'msc' | 'site', listPath: string) {
  const id = Number(useParams().id);
  const back = useBackTo(listPath);
  const source = useMemo(() => placeSource(kind, id), [kind, id]);
  const counts = useLiveDashboard(source, { countsFollowDevices: false });
  const list = useListState({ filterKeys: [] });
  return { id, back, source, counts, list };
}

/** A place's dashboard: its facts, today's counts, its fault trend, its table of what it holds (titled), its live devices. */
function PlaceDashboard({ title, back, facts, place, area, tableTitle, table }: { title: string; back: () => void; facts: Array<[string, string]>; place: { kind: 'msc' | 'site'; id: number; counts: ReturnType<typeof useLiveDashboard>; source: ReturnType<typeof placeSource> }; area: PlaceArea; tableTitle: string; table: ReactNode }) {
  return (
    <Box p="4">
      <PageHeader title={title} onBack={back} />
      <FactList facts={facts} />
      <Box mt="4">
        <CountCards counts={place.counts} />
      </Box>
      <FaultTrend kind={place.kind} id={place.id} />
      <Heading as="h2" size="sm" mb="2">
        {tableTitle}
      </Heading>
      {table}
      <Box mt="6">
        <LiveDevices source={place.source} detailPath={DEVICE_DETAIL_PATHS[area]} />
      </Box>
    </Box>
  );
}

/** A multi-site company's dashboard (spec 2.14: counts, sites, devices), with its fault trend. */
export function CompanyDashboardPage({ area, listPath }: { area: PlaceArea; listPath: string }) {
  const { t } = useHeatPumpTranslation();
  const openWithBack = useOpenWithBack();
  const { id, back, source, counts, list } = usePlace('msc', listPath);
  const company = useCompany(id);
  const sites = useCompanySites(id, list.toQuery());
  if (company.isPending) return <LoadingArea />;
  if (company.isError) return <Failed title={t('places.company')} error={company.error} back={back} retry={() => void company.refetch()} />;
  const c = company.data;
  const columns: DataColumn<SiteRow>[] = [
    { key: 'site_name', header: t('places.siteName'), sortable: false },
    { key: 'site_address', header: t('places.siteAddress'), sortable: false },
    { key: 'site_manager_name', header: t('places.siteManager'), sortable: false },
    { key: 'heat_pumps', header: t('models.heatPumps'), sortable: false, align: 'end' },
    rowActionsColumn(t('list.action'), (s) => ({ name: s.site_name, onView: () => openWithBack(SITE_VIEW_PATHS[area].replace(':id', String(s.id))) })),
  ];
  const facts: Array<[string, string]> = [
    [t('places.companyAddress'), c.company_address ?? '-'],
    [t('places.contactEmail'), c.contact_person_email ?? '-'],
    [t('places.agencies'), c.agencies.map((a) => a.agency_name).join(', ') || '-'],
    [t('places.sites'), String(c.sites_count)],
  ];
  const table = <PagedTable label={t('places.sites')} list={list} result={sites} page={sites.data} columns={columns} />;
  return <PlaceDashboard title={c.company_name} back={back} facts={facts} place={{ kind: 'msc', id, counts, source }} area={area} tableTitle={t('places.sites')} table={table} />;
}

/** A site's dashboard (spec 2.14: counts, properties, devices), with its fault trend. */
export function SiteDashboardPage({ area, listPath }: { area: PlaceArea; listPath: string }) {
  const { t } = useHeatPumpTranslation();
  const { id, back, source, counts, list } = usePlace('site', listPath);
  const site = useSite(id);
  const properties = useSiteProperties(id, list.toQuery());
  if (site.isPending) return <LoadingArea />;
  if (site.isError) return <Failed title={t('places.site')} error={site.error} back={back} retry={() => void site.refetch()} />;
  const s = site.data;
  const columns: DataColumn<SitePropertyRow>[] = [
    { key: 'property_name', header: t('places.property'), sortable: false, render: (p) => p.property_name ?? '-' },
    { key: 'address', header: t('list.address'), sortable: false, render: (p) => addressLine(p) || '-' },
    { key: 'customer_name', header: t('detail.customer'), sortable: false, render: (p) => p.customer_name ?? '-' },
    { key: 'heat_pumps', header: t('models.heatPumps'), sortable: false, align: 'end' },
  ];
  const facts: Array<[string, string]> = [
    [t('places.siteAddress'), s.site_address ?? '-'],
    [t('places.siteManager'), s.site_manager_name ?? '-'],
    [t('places.siteManagerEmail'), s.site_manager_email ?? '-'],
    [t('detail.company'), s.company_name],
  ];
  const table = <PagedTable label={t('places.properties')} list={list} result={properties} page={properties.data} columns={columns} />;
  return <PlaceDashboard title={s.site_name} back={back} facts={facts} place={{ kind: 'site', id, counts, source }} area={area} tableTitle={t('places.properties')} table={table} />;
}
