import { Link as RouterLink } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { FactList, Link } from '@fleet/shared-ui';
import type { DataColumn } from '@fleet/shared-ui/tables';
import type { ReactNode } from 'react';
import { useDeleteElectrician, useElectrician, useElectricianPage, type ElectricianArea, type FieldWorker, type InstalledDevice } from '../api/electricians';
import { ELECTRICIAN_PATHS, FIELD_WORKER_PATHS } from '../description';
import { contactFacts } from '../forms/contact-fields';
import { StatusWord } from '../forms/status';
import { useOrganisationsTranslation } from '../i18n/translation';
import { PagedSection } from '../record-page/PagedSection';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
import { useDeviceColumns } from '../devices/device-columns';

/**
 * One electrician (spec 2.4 /admin/electrician/view/{id}, 2.5 /agency/electricians/view/{id}): its
 * facts, its field workers and the devices it installed, each a page at a time; Admin edits and
 * deletes it (a refusal, e.g. it installed devices, is said in the dialog).
 */
export function ElectricianViewPage({ area }: { area: ElectricianArea }) {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const electrician = useElectrician(area, id);
  const remove = useDeleteElectrician();
  const admin = area === 'admin';
  const listPath = admin ? ELECTRICIAN_PATHS.adminList : ELECTRICIAN_PATHS.agencyList;
  const e = electrician.data;
  const facts: Array<[string, ReactNode]> = e
    ? [
        ...contactFacts({ firstName: t('electricians.form.firstName'), lastName: t('electricians.form.lastName'), email: t('electricians.list.email'), phone: t('electricians.list.phone') }, e, e.phone_no),
        [t('electricians.list.company'), e.company_name ?? '-'],
        [t('electricians.list.abn'), e.abn_number ?? '-'],
        [t('electricians.view.eid'), e.eid ?? '-'],
        [t('electricians.list.aggregator'), e.aggregator_name ?? '-'],
        [t('electricians.view.address'), e.address ?? '-'],
        [t('electricians.list.city'), e.city ?? '-'],
        [t('electricians.list.state'), e.state ?? '-'],
        [t('electricians.list.postcode'), e.postcode ?? '-'],
        [t('electricians.view.agency'), e.agency_name ?? '-'],
        [t('electricians.view.devices'), String(e.devices)],
        [t('status.label'), <StatusWord key="status" status={e.status} />],
        [t('electricians.list.created'), formatDate(e.created_at)],
        [t('electricians.view.updated'), formatDate(e.updated_at)],
      ]
    : [];
  return (
    <RecordPage title={e ? `${t('electricians.view.title')} [${e.full_name}]` : t('electricians.view.title')} backTo={listPath} load={recordLoad(id, electrician)} notFoundText={t('electricians.view.notFound')}
      {...(admin && e
        ? {
            editTo: recordPath(ELECTRICIAN_PATHS.adminEdit, e.id),
            remove: {
              title: t('electricians.list.deleteTitle'),
              text: t('electricians.list.deleteText', { name: e.full_name }),
              run: () => remove.mutateAsync(e.id),
              afterTo: listPath,
            },
          }
        : {})}
    >
      <FactList facts={facts} />
      {e && <FieldWorkersSection area={area} electricianId={e.id} />}
      {e && <DevicesSection area={area} electricianId={e.id} />}
    </RecordPage>
  );
}

function FieldWorkersSection({ area, electricianId }: { area: ElectricianArea; electricianId: number }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const workers = useElectricianPage<FieldWorker>(area, 'get-agents', electricianId, list.toQuery());
  const viewPath = area === 'admin' ? FIELD_WORKER_PATHS.adminView : FIELD_WORKER_PATHS.agencyView;
  const columns: DataColumn<FieldWorker>[] = [
    {
      key: 'full_name',
      header: t('electricians.fieldWorkers.name'),
      render: (row) => (
        <Link asChild colorPalette="teal" fontSize="sm">
          <RouterLink to={recordPath(viewPath, row.id)}>{row.full_name}</RouterLink>
        </Link>
      ),
    },
    { key: 'email', header: t('electricians.fieldWorkers.email') },
    { key: 'phone', header: t('electricians.fieldWorkers.phone'), render: (row) => row.phone ?? '-' },
    { key: 'devices', header: t('electricians.fieldWorkers.devices'), sortable: false },
    { key: 'created_at', header: t('electricians.fieldWorkers.created'), render: (row) => formatDate(row.created_at) },
  ];
  return <PagedSection title={t('electricians.fieldWorkers.title')} list={list} result={workers} columns={columns} />;
}

function DevicesSection({ area, electricianId }: { area: ElectricianArea; electricianId: number }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const devices = useElectricianPage<InstalledDevice>(area, 'get-devices', electricianId, list.toQuery());
  const columns = useDeviceColumns({ fieldWorker: true });
  return <PagedSection title={t('electricians.devices.title')} list={list} result={devices} columns={columns} />;
}
