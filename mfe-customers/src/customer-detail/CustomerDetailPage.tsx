import { ApiError, errorMessage, Link as RouterLink, useBackTo, useNavigate, useParams } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { Box, Button, ErrorPanel, FactList, Heading, HStack, Link, LoadingArea, PageHeader, StatusBadge, Text } from '@fleet/shared-ui';
import { addressLine, DataTable, DeleteConfirmDialog, type DataColumn } from '@fleet/shared-ui/tables';
import { useState, type ReactNode } from 'react';
import { mayDelete, useCustomer, useDeleteCustomer, useLoginData, usePagedOf, type CustomerInfo, type PropertyRow } from '../api/customers';
import { customerPaths, TRIAL_PATH, type CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { EditCustomerDialog } from './EditCustomerDialog';

/** A customer's properties fit one table: beyond this many, the table says how many more there are. */
const PROPERTIES_SHOWN = 100;

/** Customer detail (spec: Customer detail and property screens): facts, edit, delete, sign-in, properties. */
export function CustomerDetailPage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const paths = customerPaths(area);
  const back = useBackTo(paths.list);
  const navigate = useNavigate();
  const customer = useCustomer(area, validId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<CustomerInfo | null>(null);
  const remove = useDeleteCustomer(area);

  if (customer.isPending && validId > 0) return <LoadingArea />;
  if (customer.isError || validId === 0 || !customer.data) {
    const gone = validId === 0 || (customer.error instanceof ApiError && customer.error.status === 404);
    return (
      <Box p="4">
        <PageHeader title={t('detail.title')} onBack={back} />
        <ErrorPanel message={gone ? t('detail.notFound') : errorMessage(customer.error)} onRetry={gone ? undefined : () => void customer.refetch()} />
      </Box>
    );
  }
  const c = customer.data;
  const facts: Array<[string, ReactNode]> = [
    [t('detail.firstName'), c.first_name ?? '-'],
    [t('detail.lastName'), c.last_name ?? '-'],
    [t('detail.email'), c.email],
    [t('detail.phone'), c.phone_no ?? '-'],
    [t('detail.status'), <StatusBadge key="status" status={c.status} />],
    [t('detail.agency'), c.agency_name ?? '-'],
    [t('detail.devices'), String(c.devices)],
    [t('detail.created'), formatDate(c.created_at)],
  ];
  return (
    <Box p="4">
      <PageHeader
        title={`${t('detail.title')} [${c.full_name || c.email}]`}
        onBack={back}
        actions={
          <HStack gap="2" wrap="wrap">
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
            {mayDelete(area) && c.status !== 'Deleted' && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(c)}>
                {t('detail.delete')}
              </Button>
            )}
          </HStack>
        }
      />
      <FactList facts={facts} />
      <LoginDataSection area={area} customerId={c.id} />
      <PropertiesSection area={area} customerId={c.id} which="own" />
      <PropertiesSection area={area} customerId={c.id} which="shared" />
      <EditCustomerDialog area={area} open={editing} customer={c} onClose={() => setEditing(false)} />
      <DeleteConfirmDialog
        row={deleting}
        title={t('detail.deleteTitle')}
        text={t('detail.deleteText', { name: c.full_name || c.email })}
        onClose={() => setDeleting(null)}
        onDelete={async (row) => {
          await remove.mutateAsync(row.id);
          navigate(paths.list);
        }}
      />
    </Box>
  );
}

function LoginDataSection({ area, customerId }: { area: CustomerArea; customerId: number }) {
  const { t } = useCustomersTranslation();
  const login = useLoginData(area, customerId);
  const l = login.data;
  return (
    <Box as="section" mt="6" aria-labelledby="login-data">
      <Heading id="login-data" as="h2" size="sm" mb="2">
        {t('detail.loginData')}
      </Heading>
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
    </Box>
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
    <Box as="section" mt="6" aria-label={title}>
      <Heading as="h2" size="sm" mb="2">
        {title}
      </Heading>
      {properties.isError ? (
        <ErrorPanel message={errorMessage(properties.error)} onRetry={() => void properties.refetch()} />
      ) : (
        <DataTable label={title} columns={columns} rows={properties.data?.data ?? []} rowKey="id" loading={properties.isPending} />
      )}
      {total > PROPERTIES_SHOWN && <Text fontSize="sm" mt="1">{`${PROPERTIES_SHOWN} / ${total}`}</Text>}
    </Box>
  );
}
