import { formatDateTime } from '@fleet/shared-api/dates';
import type { ListStateControls } from '@fleet/shared-api/lists';
import { PROPERTY_TIMELINE_KINDS, TIMELINE_KINDS, type PropertyTimelineKind, type TimelineEntry, type TimelineKind } from '@fleet/contract';
import { Box, HStack, makeIcon, StatusBadge, Stack, Text, useTranslation } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import type { DataColumn } from '../table/DataTable';
import { OptionSelect } from './OptionSelect';
import { PagedTable, type ListResult } from './PagedTable';
import { addTimelineTexts, TIMELINE_NAMESPACE } from './timeline-texts';

type Kind = TimelineKind | PropertyTimelineKind;
type Entry = TimelineEntry<Kind>;

/** One icon per kind, so a long timeline can be scanned by eye. */
const KIND_ICONS: Record<Kind, ReturnType<typeof makeIcon>> = {
  fault: makeIcon('M12 3 2 20h20L12 3ZM12 10v4M12 17h.01', 'TimelineFaultIcon'),
  connection: makeIcon('M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01', 'TimelineConnectionIcon'),
  work_state: makeIcon('M12 2v10M6.3 6.3a8 8 0 1 0 11.4 0', 'TimelineWorkStateIcon'),
  ota: makeIcon('M12 4v12M6 10l6 6 6-6M4 20h16', 'TimelineOtaIcon'),
  rollout: makeIcon('M12 3 2 8l10 5 10-5-10-5ZM2 13l10 5 10-5', 'TimelineRolloutIcon'),
  install: makeIcon('M3 11 12 4l9 7v9H3v-9ZM9 20v-6h6v6', 'TimelineInstallIcon'),
  edit: makeIcon('M4 20h4L19 9l-4-4L4 16v4ZM14 6l4 4', 'TimelineEditIcon'),
  assignment: makeIcon('M4 8h14l-4-4M20 16H6l4 4', 'TimelineAssignmentIcon'),
  member: makeIcon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0', 'TimelineMemberIcon'),
  tariff: makeIcon('M13 2 4 14h7l-1 8 9-12h-7l1-8Z', 'TimelineTariffIcon'),
  device: makeIcon('M3 11 12 4l9 7v9H3v-9ZM9 20v-6h6v6', 'TimelineDeviceIcon'),
};

const KINDS_OF = { device: TIMELINE_KINDS, property: PROPERTY_TIMELINE_KINDS } as const;

type Row = Entry & { id: number };

export interface TimelineProps {
  /** Whose timeline: a device's kinds (faults, OTA, ...) or a customer property's (members, tariffs, ...). */
  of: 'device' | 'property';
  /** The timeline's own list state (`useListState({ inPage: true })`): page, size and the kind filter. */
  list: ListStateControls;
  /** The call's result (`useDeviceTimeline` or `usePropertyTimeline`, @fleet/shared-api/lists). */
  result: ListResult & { data?: { data: Entry[]; total: number } };
}

const shown = (value: unknown): string => (value === null || value === undefined || value === '' ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * A device's or a customer property's timeline (issue 23), newest first and paged, with a kind filter;
 * each entry with its kind's icon, its time in the page's local time and who made it. A device's: faults
 * and resolutions, connection and work-state changes, firmware updates, rollouts, installations and the
 * changes people made; a property's: members added and removed, tariffs, devices in and out, its edits.
 */
export function Timeline({ of, list, result }: TimelineProps) {
  const { i18n } = useTranslation();
  addTimelineTexts(i18n);
  const { t } = useTranslation(TIMELINE_NAMESPACE);
  const kind = typeof list.state.filters.kind === 'string' ? list.state.filters.kind : '';

  const changes = (e: Entry, title: string): ReactNode => (
    <Stack gap="0.5">
      <Text>{title}</Text>
      {e.changes.map((c) => (
        <Text key={c.field} fontSize="xs" color="fg.muted">
          {t('events.changed', { field: c.field, old: shown(c.old), new: shown(c.new) })}
        </Text>
      ))}
    </Stack>
  );

  const what = (e: Entry): ReactNode => {
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
      case 'member':
        return t(e.event === 'removed' ? 'events.memberRemoved' : 'events.memberAdded', { email: shown(e.subject) });
      case 'tariff':
        return [t('events.tariffSet', { structure: shown(e.subject) }), e.detail].filter(Boolean).join(' · ');
      case 'device':
        if (e.event === 'moved_in' || e.event === 'moved_out') return changes(e, t(`events.${e.event === 'moved_in' ? 'movedIn' : 'movedOut'}`, { label: shown(e.subject) }));
        return [t(`events.${e.event}`, { serial: shown(e.subject) }), e.detail].filter(Boolean).join(' · ');
      case 'edit':
        if (e.event === 'created' && of === 'property') return t('events.propertyCreated', { name: shown(e.subject) });
        return changes(e, t('events.change', { action: t(`actions.${e.event}`, { defaultValue: e.event }), label: shown(e.subject) }));
      case 'assignment':
        return changes(e, t('events.change', { action: t(`actions.${e.event}`, { defaultValue: e.event }), label: shown(e.subject) }));
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
          options={KINDS_OF[of].map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          onChange={(value) => (value ? list.applyFilters({ kind: value }) : list.clearFilters())}
        />
      </Box>
      <PagedTable label={t('title')} list={list} result={result} page={page} columns={columns} emptyText={t(of === 'device' ? 'empty' : 'emptyProperty')} />
    </Box>
  );
}
