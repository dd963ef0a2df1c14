import { errorMessage, Link as RouterLink } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { Button, ErrorPanel, FactList, Link, LoadingArea, StatusBadge, Text } from '@fleet/shared-ui';
import { addressLine, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { mayDelete, useCustomer, useDeleteCustomer, useLoginData, usePagedOf, type PropertyRow } from '../api/customers';
import { customerPaths, TRIAL_PATH, type CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { DetailPage, useRouteId } from '../record/DetailPage';
import { QueryTable, Section } from '../record/Section';
import { EditCustomerDialog } from './EditCustomerDialog';

/** A customer's properties fit one table: beyond this many, the table says how many more there are. */
const PROPERTIES_SHOWN = 100;

/** Customer detail (spec: Customer detail and property screens): facts, edit, delete, sign-in, properties. */
export function CustomerDetailPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const id = useRouteId();
  const paths = customerPaths(area);
  const customer = useCustomer(area, id);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteCustomer(area);
  return (
    <DetailPage id={id} query={customer} title={t('detail.title')} nameOf={(c) => c.full_name || c.email} notFoundText={t('detail.notFound')} backTo={paths.list}
      actions={(c) => (
        <>
          <Link asChild colorPalette="teal" fontSize="sm">
            <RouterLink to={paths.emailHistory.replace(':id', String(c.id))}>{t('detail.emailHistory')}</RouterLink>
          </Link>
          {area === 'admin' && (
            <Link asChild colorPalette="teal" fontSize="sm">
              <RouterLink to={TRIAL_PATH.replace(':id', String(c.id))}>{t('trial.link')}</RouterLink>
            </Link>
          )}
          <Button size="sm" onClick={() => setEditing(true)}>
            {t('detail.edit')}
          </Button>
        </>
      )}
      facts={(c) => [
        [t('detail.firstName'), c.first_name ?? '-'],
        [t('detail.lastName'), c.last_name ?? '-'],
        [t('detail.email'), c.email],
        [t('detail.phone'), c.phone_no ?? '-'],
        [t('detail.status'), <StatusBadge key="status" status={c.status} />],
        [t('detail.agency'), c.agency_name ?? '-'],
        [t('detail.devices'), String(c.devices)],
        [t('detail.created'), formatDate(c.created_at)],
      ]}
      remove={(c) =>
        mayDelete(area) && c.status !== 'Deleted'
          ? { label: t('detail.delete'), title: t('detail.deleteTitle'), text: t('detail.deleteText', { name: c.full_name || c.email }), run: (row) => remove.mutateAsync(row.id), afterTo: paths.list }
          : null
      }
    >
      {(c) => (
        <>
          <LoginDataSection area={area} customerId={c.id} />
          <PropertiesSection area={area} customerId={c.id} which="own" />
          <PropertiesSection area={area} customerId={c.id} which="shared" />
          <EditCustomerDialog area={area} open={editing} customer={c} onClose={() => setEditing(false)} />
        </>
      )}
    </DetailPage>
  );
}

function LoginDataSection({ area, customerId }: { area: CustomerArea; customerId: number }) {
  const { t } = useCustomersTranslation();
  const login = useLoginData(area, customerId);
  const l = login.data;
  return (
    <Section title={t('detail.loginData')}>
      {login.isError ? (
        <ErrorPanel message={errorMessage(login.error)} onRetry={() => void login.refetch()} />
      ) : !l ? (
        <LoadingArea />
      ) : !l.has_account ? (
        <Text fontSize="sm">{t('detail.noAccount')}</Text>
      ) : (
        <FactList
          facts={[
            [t('detail.email'), l.email ?? '-'],
            [t('detail.accountStatus'), <StatusBadge key="s" status={l.account_status === 'active' ? 'Active' : 'In-active'} />],
            [t('detail.emailVerified'), l.email_verified_at ? formatDateTime(l.email_verified_at) : '-'],
            [t('detail.lastLogin'), l.last_login_at ? formatDateTime(l.last_login_at) : '-'],
            [t('detail.sessions'), String(l.sessions)],
          ]}
        />
      )}
    </Section>
  );
}

function PropertiesSection({ area, customerId, which }: { area: CustomerArea; customerId: number; which: 'own' | 'shared' }) {
  const { t } = useCustomersTranslation();
  const paths = customerPaths(area);
  const title = which === 'own' ? t('detail.properties') : t('detail.sharedProperties');
  const properties = usePagedOf<PropertyRow>(area, which === 'own' ? 'property/list' : 'property/shared-list', { customer_id: customerId }, {
    page: 1,
    limit: PROPERTIES_SHOWN,
    orderBy: 'desc',
    sortBy: 'created_at',
  });
  const columns: DataColumn<PropertyRow>[] = [
    { key: 'property_name', header: t('detail.propertyName'), sortable: false, render: (row) => row.property_name ?? '-' },
    { key: 'address', header: t('detail.address'), sortable: false, render: (row) => addressLine(row) || '-' },
    { key: 'devices', header: t('detail.devices'), sortable: false },
    { key: 'members', header: t('detail.members'), sortable: false },
    {
      key: 'action',
      header: t('list.action'),
      sortable: false,
      // a link to the property view (a real route; opens in place, back returns here)
      render: (row) => (
        <Link asChild colorPalette="teal" fontSize="sm">
          <RouterLink to={paths.property.replace(':id', String(row.id))} aria-label={`${t('detail.view')} ${row.property_name ?? addressLine(row)}`}>
            {t('detail.view')}
          </RouterLink>
        </Link>
      ),
    },
  ];
  const total = properties.data?.total ?? 0;
  return (
    <Section title={title}>
      <QueryTable label={title} query={properties} rows={properties.data?.data ?? []} columns={columns} />
      {total > PROPERTIES_SHOWN && <Text fontSize="sm" mt="1">{`${PROPERTIES_SHOWN} / ${total}`}</Text>}
    </Section>
  );
}
