import { ApiError, errorMessage, Link as RouterLink, useBackTo, useNavigate, useParams } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { Box, Button, ErrorPanel, FactList, Heading, HStack, Link, LoadingArea, PageHeader, StatusBadge, Text, useEnumText } from '@fleet/shared-ui';
import { addressLine, DataTable, DeleteConfirmDialog, type DataColumn } from '@fleet/shared-ui/tables';
import { useState, type ReactNode } from 'react';
import { mayDelete, useDeleteProperty, useProperty, usePropertyDevices, type PropertyDevice, type PropertyInfo, type TariffDetails } from '../api/customers';
import { customerPaths, type CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { devicePagePath } from './device-links';
import { MembersSection } from './MembersSection';
import { SurveyAnswers } from './SurveyAnswers';
import { SurveyDialog } from './SurveyDialog';
import { TariffDetailsDialog } from './TariffDetailsDialog';
import { planLabel, tariffCharges } from './tariff-text';

/**
 * Property view (spec: property detail with devices, members, timeline, tariff history and edit of
 * details): where device lists' addresses lead, for every area with customers.
 */
export function PropertyViewPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const paths = customerPaths(area);
  const property = useProperty(area, validId);
  const ownerPath = property.data?.customer_id ? paths.detail.replace(':id', String(property.data.customer_id)) : paths.list;
  const back = useBackTo(ownerPath);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [surveying, setSurveying] = useState(false);
  const [deleting, setDeleting] = useState<PropertyInfo | null>(null);
  const remove = useDeleteProperty(area);

  if (property.isPending && validId > 0) return <LoadingArea />;
  if (property.isError || validId === 0 || !property.data) {
    const gone = validId === 0 || (property.error instanceof ApiError && property.error.status === 404);
    return (
      <Box p="4">
        <PageHeader title={t('property.title')} onBack={back} />
        <ErrorPanel message={gone ? t('property.notFound') : errorMessage(property.error)} onRetry={gone ? undefined : () => void property.refetch()} />
      </Box>
    );
  }
  const p = property.data;
  const name = p.property_name ?? addressLine(p);
  const facts: Array<[string, ReactNode]> = [
    [t('tariff.propertyName'), p.property_name ?? '-'],
    [t('detail.address'), addressLine(p) || '-'],
    [t('property.type'), p.property_type ?? '-'],
    [t('property.category'), p.address_type ? t(`filters.${p.address_type === 'commercial' ? 'commercial' : 'residential'}`) : '-'],
    [t('property.nmi'), p.nmi ?? '-'],
    [
      t('property.owner'),
      p.customer_id ? (
        <Link key="owner" asChild colorPalette="teal">
          <RouterLink to={ownerPath}>{p.customer_name ?? p.customer_email ?? String(p.customer_id)}</RouterLink>
        </Link>
      ) : (
        '-'
      ),
    ],
    [t('property.site'), p.site_name ?? '-'],
    [t('property.company'), p.company_name ?? '-'],
    [t('property.updated'), formatDateTime(p.updated_at)],
  ];
  return (
    <Box p="4">
      <PageHeader
        title={`${t('property.title')} [${name}]`}
        onBack={back}
        actions={
          <HStack gap="2" wrap="wrap">
            <Link asChild colorPalette="teal" fontSize="sm">
              <RouterLink to={paths.timeline.replace(':id', String(p.id))}>{t('property.timeline')}</RouterLink>
            </Link>
            <Link asChild colorPalette="teal" fontSize="sm">
              <RouterLink to={paths.tariffHistory.replace(':id', String(p.id))}>{t('property.tariffHistory')}</RouterLink>
            </Link>
            <Button size="sm" onClick={() => setEditing(true)}>
              {t('property.editDetails')}
            </Button>
            {mayDelete(area) && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(p)}>
                {t('property.delete')}
              </Button>
            )}
          </HStack>
        }
      />
      <FactList facts={facts} />
      <TariffSection tariff={p.tariff} />
      <DevicesSection area={area} propertyId={p.id} />
      <MembersSection area={area} propertyId={p.id} />
      <Box as="section" mt="6" aria-labelledby="survey">
        <HStack justify="space-between" mb="2">
          <Heading id="survey" as="h2" size="sm">
            {t('property.survey')}
          </Heading>
          <Button size="sm" variant="outline" onClick={() => setSurveying(true)}>
            {t('property.editSurvey')}
          </Button>
        </HStack>
        <SurveyAnswers data={p.survey_data} />
      </Box>
      <SurveyDialog area={area} propertyId={p.id} data={p.survey_data} open={surveying} onClose={() => setSurveying(false)} />
      <TariffDetailsDialog area={area} open={editing} property={p} onClose={() => setEditing(false)} />
      <DeleteConfirmDialog
        row={deleting}
        title={t('property.deleteTitle')}
        text={t('property.deleteText', { name })}
        onClose={() => setDeleting(null)}
        onDelete={async (row) => {
          await remove.mutateAsync(row.id);
          navigate(ownerPath);
        }}
      />
    </Box>
  );
}

function TariffSection({ tariff }: { tariff: TariffDetails | null }) {
  const { t } = useCustomersTranslation();
  return (
    <Box as="section" mt="6" aria-labelledby="tariff">
      <Heading id="tariff" as="h2" size="sm" mb="2">
        {t('property.tariff')}
      </Heading>
      {!tariff ? (
        <Text fontSize="sm">{t('property.noTariff')}</Text>
      ) : (
        <FactList
          facts={[
            [t('tariff.distributor'), tariff.company_name ?? '-'],
            [t('tariff.retailer'), tariff.retailer_name ?? '-'],
            [t('tariff.structure'), tariff.tariff_structure_type ?? '-'],
            ...tariffCharges(tariff).map(([key, text]): [string, ReactNode] => [key === 'flat' ? t('tariff.costPerKwh') : planLabel(t, key), text]),
            [t('tariff.supplyCharge'), tariff.supply_charge === null ? '-' : `$${tariff.supply_charge.toFixed(4)}`],
            [t('tariff.date'), formatDate(tariff.created_at)],
          ]}
        />
      )}
    </Box>
  );
}

function DevicesSection({ area, propertyId }: { area: CustomerArea; propertyId: number }) {
  const { t } = useCustomersTranslation();
  const enumValue = useEnumText();
  const devices = usePropertyDevices(area, propertyId);
  const columns: DataColumn<PropertyDevice>[] = [
    {
      key: 'serial_number',
      header: t('property.serialNumber'),
      sortable: false,
      render: (row) => {
        const path = devicePagePath(area, row);
        return path ? (
          <Link asChild colorPalette="teal">
            <RouterLink to={path}>{row.serial_number}</RouterLink>
          </Link>
        ) : (
          row.serial_number
        );
      },
    },
    { key: 'mac_address', header: t('property.macAddress'), sortable: false, render: (row) => row.mac_address ?? '-' },
    { key: 'product_line', header: t('property.product'), sortable: false, render: (row) => enumValue('product_line', row.product_line) },
    { key: 'firmware_version', header: t('property.firmware'), sortable: false, render: (row) => row.firmware_version ?? '-' },
    { key: 'device_status', header: t('property.deviceStatus'), sortable: false, render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'is_online', header: t('property.online'), sortable: false, render: (row) => <StatusBadge status={row.is_online} kind="connection" /> },
    { key: 'installation_date', header: t('property.installed'), sortable: false, render: (row) => (row.installation_date ? formatDate(row.installation_date) : '-') },
  ];
  return (
    <Box as="section" mt="6" aria-labelledby="devices">
      <Heading id="devices" as="h2" size="sm" mb="2">
        {t('property.devices')}
      </Heading>
      {devices.isError ? (
        <ErrorPanel message={errorMessage(devices.error)} onRetry={() => void devices.refetch()} />
      ) : (
        <DataTable label={t('property.devices')} columns={columns} rows={devices.data ?? []} rowKey="id" loading={devices.isPending} emptyText={t('property.noDevices')} />
      )}
    </Box>
  );
}
