import { useBackTo, useParams } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box, PageHeader } from '@fleet/shared-ui';
import { PagedTable, type DataColumn } from '@fleet/shared-ui/tables';
import { useMemo } from 'react';
import { usePagedOf } from '../api/customers';
import { customerPaths, type CustomerArea } from '../description';

export interface HistoryPageProps<Row> {
  area: CustomerArea;
  title: string;
  /** The call under the area's prefix (email-history, property/timeline, property/tariff-history). */
  call: string;
  /** Whose history the route's `:id` names. */
  owner: 'customer' | 'property';
  columns: DataColumn<Row & { id: number }>[];
}

/**
 * A paged history of one customer or property (its own route): page, size and sort in the URL, the
 * shared table and pager; Back returns to where it was opened from, else to the customer or property.
 */
export function HistoryPage<Row extends object>({ area, title, call, owner, columns }: HistoryPageProps<Row>) {
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const paths = customerPaths(area);
  const back = useBackTo((owner === 'customer' ? paths.detail : paths.property).replace(':id', String(validId)));
  const list = useListState({ filterKeys: [] });
  const query = list.toQuery();
  const history = usePagedOf<Row>(area, call, owner === 'customer' ? { customer_id: validId } : { property_id: validId }, query);
  // rows without an id of their own (timeline events) are numbered by their place in the whole list
  const page = useMemo(() => {
    if (!history.data) return undefined;
    const offset = (query.page - 1) * query.limit;
    const data = history.data.data.map((row, index) => ({ id: offset + index + 1, ...row }) as Row & { id: number });
    return { data, total: history.data.total };
  }, [history.data, query.page, query.limit]);
  return (
    <Box p="4">
      <PageHeader title={title} onBack={back} />
      <PagedTable label={title} list={list} result={history} page={page} columns={columns} />
    </Box>
  );
}
