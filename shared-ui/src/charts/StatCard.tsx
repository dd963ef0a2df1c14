import { Card, Text } from '@fleet/shared-ui';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: number;
  /** How the value reads (default: the page language's number format). */
  format?: (value: number) => string;
  /** The colour of the card's top edge (a Chakra palette: teal, green, red, orange, ...). */
  palette?: string;
  /** A line under the value (a comparison, a unit). */
  hint?: ReactNode;
}

/** One figure of a dashboard: its label, the value (read out as "label: value"), an optional hint. */
export function StatCard({ label, value, format = (v) => v.toLocaleString(), palette = 'teal', hint }: StatCardProps) {
  const text = format(value);
  return (
    <Card.Root size="sm" borderTopWidth="3px" borderTopColor={`${palette}.solid`}>
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" aria-label={`${label}: ${text}`}>
          {text}
        </Text>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
