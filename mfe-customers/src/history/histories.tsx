import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { Badge } from '@fleet/shared-ui';
import type { DataColumn } from '@fleet/shared-ui/tables';
import type { EmailHistoryRow, TariffDetails } from '../api/customers';
import type { CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { planLabel, tariffCharges } from '../property/tariff-text';
import { HistoryPage } from './HistoryPage';

/** Email History (spec 2.4: /{area}/customer/customer-email-history/{id}): every mail sent to the customer. */
export function EmailHistoryPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const columns: DataColumn<EmailHistoryRow>[] = [
    { key: 'created_at', header: t('emails.date'), render: (row) => formatDateTime(row.created_at) },
    { key: 'subject', header: t('emails.subject') },
    { key: 'to_email', header: t('emails.to'), sortable: false },
    { key: 'status', header: t('emails.status'), sortable: false, render: (row) => <Badge colorPalette={row.sent_at ? 'green' : 'yellow'}>{row.status}</Badge> },
  ];
  return <HistoryPage<EmailHistoryRow> area={area} title={t('emails.title')} call="email-history" owner="customer" columns={columns} />;
}

/** Tariff history (spec 2.4: /{area}/customer/property/view-history/{id}): newest first, the first is current. */
export function TariffHistoryPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const columns: DataColumn<TariffDetails>[] = [
    { key: 'created_at', header: t('tariff.date'), render: (row) => formatDate(row.created_at) },
    { key: 'company_name', header: t('tariff.distributorName'), sortable: false, render: (row) => row.company_name ?? '-' },
    { key: 'retailer_name', header: t('tariff.retailerName'), sortable: false, render: (row) => row.retailer_name ?? '-' },
    { key: 'tariff_structure_type', header: t('tariff.structureType'), sortable: false, render: (row) => row.tariff_structure_type ?? '-' },
    {
      key: 'unit_charge',
      header: t('tariff.unitCharge'),
      sortable: false,
      render: (row) =>
        tariffCharges(row)
          .map(([key, text]) => (key === 'flat' ? text : `${planLabel(t, key)} ${text}`))
          .join(', '),
    },
    { key: 'supply_charge', header: t('tariff.supplyCharge'), sortable: false, render: (row) => (row.supply_charge === null ? '-' : `$${row.supply_charge.toFixed(4)}`) },
  ];
  return <HistoryPage<TariffDetails> area={area} title={t('property.tariffHistory')} call="property/tariff-history" owner="property" columns={columns} />;
}
