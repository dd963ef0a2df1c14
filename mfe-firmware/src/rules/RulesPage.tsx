import { Box, Button, Checkbox, FilterIcon, HStack, IconButton, PageHeader } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { DataTable, Pager, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useOtaDeviceType } from '../api/device-type';
import { useFirmwareVersions } from '../api/firmwares';
import { useDeleteRule, useRules, useSaveRule } from '../api/rules';
import type { OtaRule } from '../api/types';
import { DeleteIcon, EditIcon } from '../common/icons';
import { ListError } from '../common/ListError';
import { ListFilters } from '../common/ListFilters';
import { useFailureToast } from '../common/useFailureToast';
import { useFirmwareList } from '../common/useFirmwareList';
import { useFirmwareTranslation } from '../common/translation';
import { RuleDialog } from './RuleDialog';

const FILTER_KEYS = ['name', 'from_version', 'to_version'] as const;

/** /admin/rules: "devices on version X may get version Y" for the selected product. */
export function RulesPage() {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const list = useFirmwareList({ filterKeys: FILTER_KEYS });
  const query = list.toQuery();
  const rules = useRules(deviceType, query);
  useFailureToast(rules.error, rules.errorUpdatedAt);
  const versions = useFirmwareVersions(deviceType).data ?? [];
  const toggle = useSaveRule();
  const remove = useDeleteRule();
  const [dialog, setDialog] = useState<{ open: boolean; rule: OtaRule | null }>({ open: false, rule: null });
  const [deleting, setDeleting] = useState<OtaRule | null>(null);

  const versionOptions = versions.map((version) => ({ value: version, label: version }));

  const columns: DataColumn<OtaRule>[] = [
    { key: 'name', header: t('rules.name') },
    { key: 'from_version', header: t('rules.installedOn') },
    { key: 'to_version', header: t('rules.installedTo') },
    {
      key: 'immediate_update',
      header: t('rules.upgrade'),
      render: (row) => (
        <Checkbox.Root
          size="sm"
          checked={row.immediate_update}
          disabled={toggle.isPending}
          // The Upgrade flag toggles in place (spec 4) through the rule's update call.
          onCheckedChange={(details) =>
            toggle.mutate({
              id: row.id,
              name: row.name,
              from_version: row.from_version,
              to_version: row.to_version,
              immediate_update: details.checked === true,
              deviceType,
            })
          }
        >
          <Checkbox.HiddenInput aria-label={t('rules.upgradeLabel', { name: row.name })} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      sortable: false,
      render: (row) => (
        <HStack gap="1">
          <IconButton size="xs" variant="ghost" aria-label={`${t('common.edit')} ${row.name}`} onClick={() => setDialog({ open: true, rule: row })}>
            <EditIcon />
          </IconButton>
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`${t('common.delete')} ${row.name}`} onClick={() => setDeleting(row)}>
            <DeleteIcon />
          </IconButton>
        </HStack>
      ),
    },
  ];

  return (
    <Box as="main" p="4">
      <PageHeader
        title={t('rules.title')}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => list.setOpen(true)}>
              <FilterIcon /> {t('common.search')}
            </Button>
            <Button size="sm" onClick={() => setDialog({ open: true, rule: null })}>
              {t('rules.add')}
            </Button>
          </>
        }
      />
      {rules.isError && !rules.data ? (
        <ListError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : (
        <>
          <DataTable
            label={t('rules.title')}
            columns={columns}
            rows={rules.data?.data ?? []}
            rowKey="id"
            loading={rules.isFetching}
            sortBy={query.sortBy}
            orderBy={query.orderBy}
            onSort={(key) => list.toggleSort(key)}
          />
          <Pager page={query.page} limit={query.limit} total={rules.data?.total ?? 0} onPageChange={list.setPage} onLimitChange={list.setLimit} onRefresh={() => void rules.refetch()} />
        </>
      )}
      <ListFilters
        list={list}
        title={t('common.search')}
        fields={[
          { key: 'name', label: t('rules.ruleName') },
          { key: 'from_version', label: t('rules.installedOn'), kind: 'select', options: versionOptions },
          { key: 'to_version', label: t('rules.installedTo'), kind: 'select', options: versionOptions },
        ]}
      />
      <RuleDialog open={dialog.open} rule={dialog.rule} versions={versions} deviceType={deviceType} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('rules.deleteTitle')}
        text={t('rules.deleteText')}
        confirmLabel={t('common.yes')}
        cancelLabel={t('common.no')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync({ id: deleting.id, deviceType });
        }}
      />
    </Box>
  );
}
