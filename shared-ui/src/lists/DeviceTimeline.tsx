import { formatDateTime } from '@fleet/shared-api/dates';
import type { ListStateControls, TimelineEntry } from '@fleet/shared-api/lists';
import { TIMELINE_KINDS, type TimelineKind } from '@fleet/contract';
import { Box, HStack, makeIcon, StatusBadge, Stack, Text, useTranslation } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import type { DataColumn } from '../table/DataTable';
import { OptionSelect } from './OptionSelect';
import { PagedTable, type ListResult } from './PagedTable';
import { addTimelineTexts, TIMELINE_NAMESPACE } from './timeline-texts';

/** One icon per kind, so a long timeline can be scanned by eye. */
const KIND_ICONS: Record<TimelineKind, ReturnType<typeof makeIcon>> = {
  fault: makeIcon('M12 3 2 20h20L12 3ZM12 10v4M12 17h.01', 'TimelineFaultIcon'),
  connection: makeIcon('M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01', 'TimelineConnectionIcon'),
  work_state: makeIcon('M12 2v10M6.3 6.3a8 8 0 1 0 11.4 0', 'TimelineWorkStateIcon'),
  ota: makeIcon('M12 4v12M6 10l6 6 6-6M4 20h16', 'TimelineOtaIcon'),
  rollout: makeIcon('M12 3 2 8l10 5 10-5-10-5ZM2 13l10 5 10-5', 'TimelineRolloutIcon'),
  install: makeIcon('M3 11 12 4l9 7v9H3v-9ZM9 20v-6h6v6', 'TimelineInstallIcon'),
  edit: makeIcon('M4 20h4L19 9l-4-4L4 16v4ZM14 6l4 4', 'TimelineEditIcon'),
  assignment: makeIcon('M4 8h14l-4-4M20 16H6l4 4', 'TimelineAssignmentIcon'),
};

type Row = TimelineEntry & { id: number };

export interface DeviceTimelineProps {
  /** The timeline's own list state (`useListState({ inPage: true })`): page, size and the kind filter. */
  list: ListStateControls;
  /** The call's result (`useDeviceTimeline`, @fleet/shared-api/lists). */
  result: ListResult & { data?: { data: TimelineEntry[]; total: number } };
}

const shown = (value: unknown): string => (value === null || value === undefined || value === '' ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * A device's timeline (issue 23): faults and resolutions, connection and work-state changes, firmware
 * updates, rollouts, installations and the changes people made, newest first and paged, with a kind
 * filter; each entry with its kind's icon, its time in the page's local time and who made it.
 */
export function DeviceTimeline({ list, result }: DeviceTimelineProps) {
  const { i18n } = useTranslation();
  addTimelineTexts(i18n);
  const { t } = useTranslation(TIMELINE_NAMESPACE);
  const kind = typeof list.state.filters.kind === 'string' ? list.state.filters.kind : '';

  const what = (e: TimelineEntry): ReactNode => {
    switch (e.kind) {
      case 'fault':
        return [t(`events.${e.event === 'resolved' ? 'resolved' : 'raised'}`, { code: shown(e.subject) }), e.detail].filter(Boolean).join(' · ');
      case 'connection':
        return <StatusBadge status={e.event === 'online' ? 1 : 0} kind="connection" />;
      case 'work_state':
        return <StatusBadge status={e.subject === null ? null : Number(e.subject)} kind="operation" />;
      case 'ota':
        if (e.event === 'pushed') return t('events.pushed', { version: shown(e.subject), from: shown(e.detail) });
        return t(e.event === 'failed' ? 'events.otaFailed' : 'events.otaInstalled', { version: shown(e.subject) });
      case 'rollout':
        if (e.event === 'joined') return t('events.joined', { name: shown(e.subject), state: t(`states.${e.detail ?? 'queued'}`) });
        return t('events.rolloutOutcome', { name: shown(e.subject), state: t(`states.${e.event}`) });
      case 'install':
        return [t(`events.${e.event}`, { serial: shown(e.subject) }), e.detail].filter(Boolean).join(' · ');
      case 'edit':
      case 'assignment':
        return (
          <Stack gap="0.5">
            <Text>{t('events.change', { action: t(`actions.${e.event}`, { defaultValue: e.event }), label: shown(e.subject) })}</Text>
            {e.changes.map((c) => (
              <Text key={c.field} fontSize="xs" color="fg.muted">
                {t('events.changed', { field: c.field, old: shown(c.old), new: shown(c.new) })}
              </Text>
            ))}
          </Stack>
        );
    }
  };

  const columns: DataColumn<Row>[] = [
    { key: 'at', header: t('when'), sortable: false, render: (e) => formatDateTime(e.at) },
    {
      key: 'kind',
      header: t('kind'),
      sortable: false,
      render: (e) => {
        const Icon = KIND_ICONS[e.kind];
        return (
          <HStack gap="1.5">
            <Icon aria-hidden boxSize="4" color="fg.muted" />
            <span>{t(`kinds.${e.kind}`)}</span>
          </HStack>
        );
      },
    },
    { key: 'what', header: t('what'), sortable: false, render: what },
    { key: 'by', header: t('by'), sortable: false, render: (e) => (e.actor ? [e.actor.email, e.actor.name].filter(Boolean).join(' · ') || '-' : '-') },
  ];
  const offset = (list.state.page - 1) * list.state.limit;
  const page = result.data && { data: result.data.data.map((e, i): Row => ({ ...e, id: offset + i + 1 })), total: result.data.total };

  return (
    <Box>
      <Box maxW="16rem" mb="3">
        <OptionSelect
          aria-label={t('kind')}
          value={kind}
          emptyLabel={t('allKinds')}
          options={TIMELINE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          onChange={(value) => (value ? list.applyFilters({ kind: value }) : list.clearFilters())}
        />
      </Box>
      <PagedTable label={t('title')} list={list} result={result} page={page} columns={columns} emptyText={t('empty')} />
    </Box>
  );
}
