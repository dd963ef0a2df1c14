import { Badge, HStack, Text, Wrap } from '@chakra-ui/react';

export type StatusPalette = 'green' | 'yellow' | 'blue' | 'red' | 'gray';

/**
 * Which family a numeric status belongs to; strings are recognised by their words.
 * operation: heat-pump work state 0 Off, 1 In Progress, 2 Completed. fault: 0 Unresolved, 1 Resolved.
 * connection: is_online 1 Online, 0 Offline.
 */
export type StatusKind = 'operation' | 'fault' | 'connection';

export interface StatusTone {
  label: string;
  palette: StatusPalette;
}

const WORDS: Record<string, StatusTone> = {
  // customer state (spec: Pending yellow, Completed green, Incomplete blue, Deleted red)
  pending: { label: 'Pending', palette: 'yellow' },
  completed: { label: 'Completed', palette: 'green' },
  incomplete: { label: 'Incomplete', palette: 'blue' },
  deleted: { label: 'Deleted', palette: 'red' },
  // device status (active green, Replaced yellow, In-active shown as Inactive red)
  active: { label: 'Active', palette: 'green' },
  replaced: { label: 'Replaced', palette: 'yellow' },
  'in-active': { label: 'Inactive', palette: 'red' },
  inactive: { label: 'Inactive', palette: 'red' },
  // heat-pump operation words
  off: { label: 'Off', palette: 'red' },
  'in progress': { label: 'In Progress', palette: 'yellow' },
  // Wi-Fi
  online: { label: 'Online', palette: 'green' },
  offline: { label: 'Offline', palette: 'red' },
  // fault
  unresolved: { label: 'Unresolved', palette: 'red' },
  resolved: { label: 'Resolved', palette: 'green' },
};

const NUMBERS: Record<StatusKind, Record<number, StatusTone>> = {
  operation: {
    0: { label: 'Off', palette: 'red' },
    1: { label: 'In Progress', palette: 'yellow' },
    2: { label: 'Completed', palette: 'green' },
  },
  fault: {
    0: { label: 'Unresolved', palette: 'red' },
    1: { label: 'Resolved', palette: 'green' },
  },
  connection: {
    0: { label: 'Offline', palette: 'red' },
    1: { label: 'Online', palette: 'green' },
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
  const tone = statusTone(status, kind);
  if (tone.label === '-') return <Text as="span">-</Text>;
  return (
    <Badge colorPalette={tone.palette} variant="subtle" data-tone={tone.palette}>
      {tone.label}
    </Badge>
  );
}

export interface StatusLegendEntry {
  status: string;
  description: string;
}

/** The status legend above a table (spec 2.15): each status badge with what it means. */
export function StatusLegend({ entries }: { entries: StatusLegendEntry[] }) {
  return (
    <Wrap as="dl" gap="4" aria-label="Status legend">
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
