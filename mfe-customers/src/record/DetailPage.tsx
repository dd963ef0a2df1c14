import { ApiError, errorMessage, useBackTo, useNavigate, useParams } from '@fleet/shared-api';
import { Box, Button, ErrorPanel, FactList, HStack, LoadingArea, PageHeader } from '@fleet/shared-ui';
import { DeleteConfirmDialog } from '@fleet/shared-ui/tables';
import { useState, type ReactNode } from 'react';

/** The record id in the route (`:id`), or 0 when it is not one. */
export function useRouteId(): number {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** What the page needs of the record's query (TanStack Query's result fits). */
export interface RecordQuery<R> {
  data?: R | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DetailDelete<R> {
  /** The Delete button's text. */
  label: string;
  title: string;
  text: string;
  run: (record: R) => Promise<unknown>;
  /** Where the page goes once the record is gone. */
  afterTo: string;
}

export interface DetailPageProps<R> {
  /** The route's id (useRouteId): 0 is not found without a call. */
  id: number;
  query: RecordQuery<R>;
  /** The page's title; once read, the record's name follows it in brackets. */
  title: string;
  nameOf: (record: R) => string;
  notFoundText: string;
  /** Where Back leads when the page was not opened from a list. */
  backTo: string;
  /** The title row's links and buttons, before Delete. */
  actions: (record: R) => ReactNode;
  /** The record's facts, first under the title. */
  facts: (record: R) => Array<[string, ReactNode]>;
  /** Delete with its Yes/No question; none where the area may not delete. */
  remove?: (record: R) => DetailDelete<R> | null;
  /** Puts the facts and sections in a frame of their own (a property's Details and Timeline tabs). */
  around?: (details: ReactNode, record: R) => ReactNode;
  children: (record: R) => ReactNode;
}

/**
 * A customer's or a property's page: loading, not found (404, or an id that is not one) and failure,
 * then the title with the record's name, its actions and Delete (asked first, then the list).
 */
export function DetailPage<R>({ id, query, title, nameOf, notFoundText, backTo, actions, facts, remove, around, children }: DetailPageProps<R>) {
  const back = useBackTo(backTo);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  if (query.isPending && id > 0) return <LoadingArea />;
  const record = query.data;
  if (query.isError || id === 0 || record === undefined) {
    const gone = id === 0 || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <Box p="4">
        <PageHeader title={title} onBack={back} />
        <ErrorPanel message={gone ? notFoundText : errorMessage(query.error)} onRetry={gone ? undefined : () => void query.refetch()} />
      </Box>
    );
  }
  const deletion = remove?.(record) ?? null;
  const deleteAndLeave = async (row: R) => {
    if (!deletion) return;
    await deletion.run(row);
    navigate(deletion.afterTo);
  };
  return (
    <Box p="4">
      <PageHeader
        title={`${title} [${nameOf(record)}]`}
        onBack={back}
        actions={
          <HStack gap="2" wrap="wrap">
            {actions(record)}
            {deletion && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
                {deletion.label}
              </Button>
            )}
          </HStack>
        }
      />
      {(around ?? ((details: ReactNode) => details))(
        <>
          <FactList facts={facts(record)} />
          {children(record)}
        </>,
        record,
      )}
      {deletion && (
        <DeleteConfirmDialog row={deleting ? record : null} title={deletion.title} text={deletion.text} onClose={() => setDeleting(false)} onDelete={deleteAndLeave} />
      )}
    </Box>
  );
}
