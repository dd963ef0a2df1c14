import { Card, Heading } from '@fleet/shared-ui';
import { useId, type ReactNode } from 'react';

export interface ChartCardProps {
  title: string;
  /** The heading's level in the page (h2 for a page of cards, h3 under a section's h2). */
  level?: 'h2' | 'h3';
  /** Spans two columns of the dashboard's grid from `lg` up. */
  wide?: boolean;
  children: ReactNode;
}

/** A dashboard card: a region named by its heading, around a chart, its figures or both. */
export function ChartCard({ title, level = 'h3', wide = false, children }: ChartCardProps) {
  const id = useId();
  return (
    <Card.Root size="sm" as="section" aria-labelledby={id} gridColumn={wide ? { lg: 'span 2' } : undefined}>
      <Card.Body>
        <Heading as={level} id={id} size="sm" mb="3">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
