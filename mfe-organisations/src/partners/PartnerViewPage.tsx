import { Link as RouterLink } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Button, FactList, HStack, Link } from '@fleet/shared-ui';
import { useDeleteConfirm, OptionSelect, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useAgencies, type AgencyRow } from '../api/agencies';
import { useDeletePartner, useLinkAgency, usePartner, usePartnerPart, type PartnerRow } from '../api/partners';
import { useDeviceColumns } from '../devices/device-columns';
import { useProductLine } from '../agencies/product-line';
import { StatusWord } from '../forms/status';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { useAgentColumns } from '../installer-agents/agentColumns';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
import { PagedSection } from '../record-page/PagedSection';
import { PartnerDialog } from './PartnerDialog';

/** Every agency, for the choice of one to add (an operator's few hundred at most). */
const ALL_AGENCIES = { page: 1, limit: 500, orderBy: 'asc', sortBy: 'agency_name' } as const;

/**
 * A partner (our route /admin/partner/view/{id}): its facts with Edit (a dialog) and Delete, the
 * agencies it works with (add one, remove one), and their devices and installation agents.
 */
export function PartnerViewPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const { line, label } = useProductLine();
  const partner = usePartner(id, line);
  const remove = useDeletePartner();
  const [editing, setEditing] = useState<PartnerRow | null>(null);
  const info = partner.data;
  const p = (key: string, options?: Record<string, string>) => t(`agencies.partner.${key}`, options);
  return (
    <RecordPage title={info?.name ?? p('view')} backTo={AGENCY_PATHS.partners} load={recordLoad(id, partner)} notFoundText={p('notFound')}
      actions={
        info && (
          <Button size="sm" onClick={() => setEditing(info)}>
            {p('edit')}
          </Button>
        )
      }
      remove={{ title: p('deleteTitle'), text: p('deleteText', { name: info?.name ?? '' }), run: () => remove.mutateAsync(id), afterTo: AGENCY_PATHS.partners }}
    >
      {info && (
        <FactList
          facts={[
            [p('email'), info.email ?? '-'],
            [p('phone'), info.phone ?? '-'],
            [
              p('website'),
              info.website ? (
                <Link key="website" href={info.website} target="_blank" rel="noopener noreferrer" colorPalette="teal">
                  {info.website}
                </Link>
              ) : (
                '-'
              ),
            ],
            [p('agencies'), String(info.agencies)],
            [t('agencies.agency.devicesOf', { product: label }), String(info.devices)],
          ]}
        />
      )}
      {info && <PartnerAgencies id={info.id} line={line} product={label} />}
      {info && <PartnerDevices id={info.id} line={line} product={label} />}
      {info && <PartnerAgents id={info.id} line={line} product={label} />}
      <PartnerDialog editing={editing} onClose={() => setEditing(null)} />
    </RecordPage>
  );
}

function PartnerAgencies({ id, line, product }: { id: number; line: string; product: string }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const agencies = usePartnerPart('agencies', id, line, list.toQuery());
  const choices = useAgencies('all', ALL_AGENCIES);
  const link = useLinkAgency();
  const [chosen, setChosen] = useState('');
  const p = (key: string, options?: Record<string, string>) => t(`agencies.partner.${key}`, options);
  const deletion = useDeleteConfirm<AgencyRow>({
    title: p('removeTitle'),
    text: (row) => p('removeText', { name: row.agency_name ?? '' }),
    onDelete: (row) => link.mutateAsync({ partnerId: id, agencyId: row.id, link: false }),
  });
  const linked = new Set((agencies.data?.data ?? []).map((a) => a.id));
  const columns: DataColumn<AgencyRow>[] = [
    // the name opens the agency's own page (GET /api/agency/get/{id}, one of spec 7's partner calls)
    {
      key: 'agency_name',
      header: t('agencies.agency.agencyName'),
      render: (row) => (
        <Link asChild colorPalette="teal">
          <RouterLink to={recordPath(AGENCY_PATHS.view, row.id)}>{row.agency_name}</RouterLink>
        </Link>
      ),
    },
    { key: 'status', header: t('status.label'), render: (row) => <StatusWord status={row.status} /> },
    { key: 'agents', header: t('agencies.agency.agents') },
    { key: 'devices', header: t('agencies.agency.devicesOf', { product }), sortable: false },
    {
      key: 'action',
      header: t('agencies.common.action'),
      sortable: false,
      render: (row) => (
        <Button size="xs" variant="ghost" colorPalette="red" aria-label={p('removeAgency', { name: row.agency_name })} onClick={() => deletion.ask(row)}>
          {t('agencies.common.remove')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PagedSection title={p('agencies')} list={list} result={agencies} columns={columns}
        actions={
          <HStack gap="2">
            <OptionSelect
              aria-label={p('agencyToAdd')}
              width="auto"
              value={chosen}
              emptyLabel={p('chooseAgency')}
              options={(choices.data?.data ?? []).filter((a) => !linked.has(a.id)).map((a) => ({ value: String(a.id), label: a.agency_name }))}
              onChange={setChosen}
            />
            <Button
              size="sm"
              disabled={chosen === ''}
              loading={link.isPending}
              onClick={async () => {
                try {
                  await link.mutateAsync({ partnerId: id, agencyId: Number(chosen), link: true });
                  setChosen('');
                } catch {
                  // said in the toast; the choice stays
                }
              }}
            >
              {p('addAgency')}
            </Button>
          </HStack>
        }
      />
      {deletion.dialog}
    </>
  );
}

function PartnerDevices({ id, line, product }: { id: number; line: string; product: string }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const devices = usePartnerPart('devices', id, line, list.toQuery());
  return <PagedSection title={t('agencies.agency.devicesOf', { product })} list={list} result={devices} columns={useDeviceColumns({ agency: true })} />;
}

function PartnerAgents({ id, line, product }: { id: number; line: string; product: string }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const agents = usePartnerPart('agents', id, line, list.toQuery());
  const columns = useAgentColumns({ product, showAgency: true, viewPath: (row) => recordPath(AGENCY_PATHS.agent, row.id) });
  return <PagedSection title={t('agencies.common.agents')} list={list} result={agents} columns={columns} />;
}
