import { Badge, HStack, Text, Wrap } from '@chakra-ui/react';
import { useUiTranslation, type UiTexts } from '../texts/ui-texts';

export type StatusPalette = 'green' | 'yellow' | 'blue' | 'red' | 'gray';

/**
 * Which family a numeric status belongs to; strings are recognised by their words.
 * operation: heat-pump work state 0 Off, 1 In Progress, 2 Completed. fault: 0 Unresolved, 1 Resolved.
 * connection: is_online 1 Online, 0 Offline.
 */
export type StatusKind = 'operation' | 'fault' | 'connection';

export interface StatusTone {
  /** English (the spec's word); shown through `textKey` in the page's language. */
  label: string;
  textKey?: keyof UiTexts['status'];
  palette: StatusPalette;
}

const WORDS: Record<string, StatusTone> = {
  // customer state (spec: Pending yellow, Completed green, Incomplete blue, Deleted red)
  pending: { label: 'Pending', textKey: 'pending', palette: 'yellow' },
  completed: { label: 'Completed', textKey: 'completed', palette: 'green' },
  incomplete: { label: 'Incomplete', textKey: 'incomplete', palette: 'blue' },
  deleted: { label: 'Deleted', textKey: 'deleted', palette: 'red' },
  // device status (active green, Replaced yellow, In-active shown as Inactive red)
  active: { label: 'Active', textKey: 'active', palette: 'green' },
  replaced: { label: 'Replaced', textKey: 'replaced', palette: 'yellow' },
  'in-active': { label: 'Inactive', textKey: 'inactive', palette: 'red' },
  inactive: { label: 'Inactive', textKey: 'inactive', palette: 'red' },
  // heat-pump operation words
  off: { label: 'Off', textKey: 'off', palette: 'red' },
  'in progress': { label: 'In Progress', textKey: 'inProgress', palette: 'yellow' },
  // Wi-Fi
  online: { label: 'Online', textKey: 'online', palette: 'green' },
  offline: { label: 'Offline', textKey: 'offline', palette: 'red' },
  // fault
  unresolved: { label: 'Unresolved', textKey: 'unresolved', palette: 'red' },
  resolved: { label: 'Resolved', textKey: 'resolved', palette: 'green' },
  // smoke alarm (our colours: the spec has the states, not their colours)
  normal: { label: 'Normal', textKey: 'normal', palette: 'green' },
  alarm: { label: 'Alarm', textKey: 'alarm', palette: 'red' },
  fault: { label: 'Fault', textKey: 'fault', palette: 'red' },
  'low battery': { label: 'Low battery', textKey: 'lowBattery', palette: 'yellow' },
};

const NUMBERS: Record<StatusKind, Record<number, StatusTone>> = {
  operation: {
    0: { label: 'Off', textKey: 'off', palette: 'red' },
    1: { label: 'In Progress', textKey: 'inProgress', palette: 'yellow' },
    2: { label: 'Completed', textKey: 'completed', palette: 'green' },
  },
  fault: {
    0: { label: 'Unresolved', textKey: 'unresolved', palette: 'red' },
    1: { label: 'Resolved', textKey: 'resolved', palette: 'green' },
  },
  connection: {
    0: { label: 'Offline', textKey: 'offline', palette: 'red' },
    1: { label: 'Online', textKey: 'online', palette: 'green' },
  },
};

/** The label and colour of a status value (customer state, device status, operation, Wi-Fi, fault). */
export function statusTone(status: string | number | null | undefined, kind: StatusKind = 'operation'): StatusTone {
  if (status == null || status === '') return { label: '-', palette: 'gray' };
  const asNumber = typeof status === 'number' ? status : /^\d+$/.test(status.trim()) ? Number(status) : NaN;
  if (!Number.isNaN(asNumber)) {
    return NUMBERS[kind][asNumber] ?? { label: String(status), palette: 'gray' };
  }
  const text = String(status).trim();
  return WORDS[text.toLowerCase()] ?? { label: text, palette: 'gray' };
}

export interface StatusBadgeProps {
  status: string | number | null | undefined;
  kind?: StatusKind;
}

export function StatusBadge({ status, kind }: StatusBadgeProps) {
  const { t } = useUiTranslation();
  const tone = statusTone(status, kind);
  if (tone.label === '-') return <Text as="span">-</Text>;
  return (
    <Badge colorPalette={tone.palette} variant="subtle" data-tone={tone.palette}>
      {tone.textKey ? t(`status.${tone.textKey}`) : tone.label}
    </Badge>
  );
}

export interface StatusLegendEntry {
  status: string;
  description: string;
}

/** The status legend above a table (spec 2.15): each status badge with what it means. */
export function StatusLegend({ entries }: { entries: StatusLegendEntry[] }) {
  const { t } = useUiTranslation();
  return (
    <Wrap as="dl" gap="4" aria-label={t('status.legend')}>
      {entries.map((entry) => (
        <HStack key={entry.status} gap="2" align="start" maxW="sm">
          <dt>
            <StatusBadge status={entry.status} />
          </dt>
          <Text as="dd" fontSize="xs" color="fg.muted">
            {entry.description}
          </Text>
        </HStack>
      ))}
    </Wrap>
  );
}
