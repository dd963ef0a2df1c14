import { Box, Button } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { useListState } from '@fleet/shared-api/lists';
import { useDeleteConfirm, ListHeader, PagedTable, RowActions } from '@fleet/shared-ui/tables';
import type { DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useOtaDeviceType } from '../api/device-type';
import { useFirmwareVersions, useRunningVersions } from '../api/firmwares';
import { ruleUpgradeReach } from '../api/reach';
import { useVersionLabels } from '../common/VersionSelect';
import { useDeleteRule, useRules, useSaveRule } from '../api/rules';
import type { OtaRule } from '../api/types';
import { useFirmwareTranslation } from '../common/translation';
import { useFleetChangeConfirm } from '../common/useFleetChangeConfirm';
import { RuleDialog } from './RuleDialog';

const FILTER_KEYS = ['name', 'from_version', 'to_version'] as const;

/** /admin/rules: "devices on version X may get version Y" for the selected product. */
export function RulesPage() {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const rules = useRules(deviceType, list.toQuery());
  const versions = useFirmwareVersions(deviceType).data ?? [];
  const running = useRunningVersions(deviceType).data ?? [];
  const runningVersions = running.map((r) => r.version);
  const runningLabels = useVersionLabels(running);
  const toggle = useSaveRule();
  const remove = useDeleteRule();
  const [dialog, setDialog] = useState<{ open: boolean; rule: OtaRule | null }>({ open: false, rule: null });
  const deletion = useDeleteConfirm<OtaRule>({
    title: t('rules.deleteTitle'),
    text: () => t('rules.deleteText'),
    onDelete: (rule) => remove.mutateAsync({ id: rule.id, deviceType }),
  });
  const confirm = useFleetChangeConfirm();

  const versionOptions = versions.map((version) => ({ value: version, label: version }));
  const fieldOptions = runningVersions.map((version) => ({ value: version, label: runningLabels[version] ?? version }));

  const columns: DataColumn<OtaRule>[] = [
    { key: 'name', header: t('rules.name') },
    { key: 'from_version', header: t('rules.installedOn') },
    { key: 'to_version', header: t('rules.installedTo') },
    {
      key: 'immediate_update',
      header: t('rules.upgrade'),
      render: (row) => (
        <Checkbox.Root
          key={`${row.id}-${confirm.round}`}
          size="sm"
          checked={row.immediate_update}
          disabled={toggle.isPending}
          // The Upgrade flag toggles in place (spec 4) through the rule's update call, once confirmed.
          onCheckedChange={(details) => {
            const on = details.checked === true;
            const words = { name: row.name, from: row.from_version, to: row.to_version };
            confirm.ask({
              title: t('rules.confirmUpgradeTitle'),
              text: on ? t('rules.confirmUpgradeOn', words) : t('rules.confirmUpgradeOff', words),
              // on or off, the same devices: those on its version that no group with a target decides
              reach: { key: ['rule', deviceType, row.from_version, row.to_version], count: () => ruleUpgradeReach(deviceType, row.from_version, row.to_version) },
              apply: () =>
                toggle.mutateAsync({
                  id: row.id,
                  name: row.name,
                  from_version: row.from_version,
                  to_version: row.to_version,
                  immediate_update: on,
                  deviceType,
                }),
            });
          }}
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
      render: (row) => <RowActions name={row.name} onEdit={() => setDialog({ open: true, rule: row })} onDelete={() => deletion.ask(row)} />,
    },
  ];

  return (
    <Box p="4">
      <ListHeader
        title={t('rules.title')}
        list={list}
        filtersLabel={t('common.search')}
        filters={[
          { key: 'name', label: t('rules.ruleName') },
          { key: 'from_version', label: t('rules.installedOn'), kind: 'select', options: fieldOptions },
          { key: 'to_version', label: t('rules.installedTo'), kind: 'select', options: versionOptions },
        ]}
      >
        <Button size="sm" onClick={() => setDialog({ open: true, rule: null })}>
          {t('rules.add')}
        </Button>
      </ListHeader>
      <PagedTable label={t('rules.title')} list={list} result={rules} page={rules.data} columns={columns} />
      <RuleDialog open={dialog.open} rule={dialog.rule} fromVersions={runningVersions} fromLabels={runningLabels} toVersions={versions} deviceType={deviceType} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
      {deletion.dialog}
      {confirm.dialog}
    </Box>
  );
}
