import { Link as RouterLink } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { Button, FactList, Link, StatusBadge, Text, useEnumText } from '@fleet/shared-ui';
import { addressLine, TimelineTabs, type DataColumn } from '@fleet/shared-ui/tables';
import { useState, type ReactNode } from 'react';
import { mayDelete, useDeleteProperty, useProperty, usePropertyDevices, type PropertyDevice, type PropertyInfo, type TariffDetails } from '../api/customers';
import { customerPaths, type CustomerArea } from '../description';
import { DetailPage, useRouteId } from '../record/DetailPage';
import { QueryTable, Section } from '../record/Section';
import { useCustomersTranslation } from '../i18n/translation';
import { devicePagePath } from './device-links';
import { MembersSection } from './MembersSection';
import { PropertyTimeline } from './PropertyTimeline';
import { SurveyAnswers } from './SurveyAnswers';
import { SurveyDialog } from './SurveyDialog';
import { TariffDetailsDialog } from './TariffDetailsDialog';
import { planLabel, tariffCharges } from './tariff-text';

/**
 * Property view (spec: property detail with devices, members, timeline, tariff history and edit of
 * details): where device lists' addresses lead, for every area with customers. Its timeline is a tab
 * beside the details, as a device's (`?tab=timeline`).
 */
export function PropertyViewPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const id = useRouteId();
  const paths = customerPaths(area);
  const property = useProperty(area, id);
  const ownerPath = property.data?.customer_id ? paths.detail.replace(':id', String(property.data.customer_id)) : paths.list;
  const [editing, setEditing] = useState(false);
  const [surveying, setSurveying] = useState(false);
  const remove = useDeleteProperty(area);
  const nameOf = (p: PropertyInfo) => p.property_name ?? addressLine(p);
  return (
    <DetailPage id={id} query={property} title={t('property.title')} nameOf={nameOf} notFoundText={t('property.notFound')} backTo={ownerPath}
      actions={(p) => (
        <>
          <Link asChild colorPalette="teal" fontSize="sm">
            <RouterLink to={paths.tariffHistory.replace(':id', String(p.id))}>{t('property.tariffHistory')}</RouterLink>
          </Link>
          <Button size="sm" onClick={() => setEditing(true)}>
            {t('property.editDetails')}
          </Button>
        </>
      )}
      facts={(p) => [
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
      ]}
      around={(details, p) => <TimelineTabs of="property" details={details} timeline={() => <PropertyTimeline propertyId={p.id} />} />}
      remove={(p) =>
        mayDelete(area) ? { label: t('property.delete'), title: t('property.deleteTitle'), text: t('property.deleteText', { name: nameOf(p) }), run: (row) => remove.mutateAsync(row.id), afterTo: ownerPath } : null
      }
    >
      {(p) => (
        <>
          <TariffSection tariff={p.tariff} />
          <DevicesSection area={area} propertyId={p.id} />
          <MembersSection area={area} propertyId={p.id} />
          <Section
            title={t('property.survey')}
            action={
              <Button size="sm" variant="outline" onClick={() => setSurveying(true)}>
                {t('property.editSurvey')}
              </Button>
            }
          >
            <SurveyAnswers data={p.survey_data} />
          </Section>
          <SurveyDialog area={area} propertyId={p.id} data={p.survey_data} open={surveying} onClose={() => setSurveying(false)} />
          <TariffDetailsDialog area={area} open={editing} property={p} onClose={() => setEditing(false)} />
        </>
      )}
    </DetailPage>
  );
}

function TariffSection({ tariff }: { tariff: TariffDetails | null }) {
  const { t } = useCustomersTranslation();
  return (
    <Section title={t('property.tariff')}>
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
    </Section>
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
    <Section title={t('property.devices')}>
      <QueryTable label={t('property.devices')} query={devices} rows={devices.data ?? []} columns={columns} emptyText={t('property.noDevices')} />
    </Section>
  );
}
