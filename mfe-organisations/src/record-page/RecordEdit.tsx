import type { ReactNode } from 'react';
import { RecordPage, type RecordLoad } from './RecordPage';
import { recordLoad } from './route-record';

export interface RecordEditProps<R> {
  /** The route's id (useRouteId): 0 is not found without a call. */
  id: number;
  /** The record's query. */
  query: RecordLoad & { data?: R | null | undefined };
  /** The page's title until the record is read (Edit Agency). */
  title: string;
  backTo: string;
  notFoundText: string;
  /** The form, once the record is read. */
  children: (record: R) => ReactNode;
}

/**
 * An edit page (agency, agent, electrician, field worker): its form once the record is read; until
 * then RecordPage's loading, not found (404, or an id that is not one) and failure with Retry.
 */
export function RecordEdit<R>({ id, query, title, backTo, notFoundText, children }: RecordEditProps<R>) {
  const record = query.data;
  if (record === null || record === undefined) return <RecordPage title={title} backTo={backTo} load={recordLoad(id, query)} notFoundText={notFoundText} />;
  return children(record);
}
