// Issue 21 item 4: one list primitive for lists inside a page (a record's section, a dialog's table).
import { MemoryRouter, Route, Routes, useLocation } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderWithUi } from '../test-utils';
import type { DataColumn } from '../table/DataTable';
import { PagedTable, type ListResult } from './PagedTable';

interface Worker {
  id: number;
  full_name: string;
  email: string;
  phone: string;
}

const columns: DataColumn<Worker>[] = [
  { key: 'full_name', header: 'Full Name' },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Phone', hiddenByDefault: true },
];

const rows: Worker[] = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, full_name: `Worker ${i + 1}`, email: `w${i + 1}@x.co`, phone: '0400' }));

const answered: ListResult = { isError: false, isFetching: false, error: null, errorUpdatedAt: 0, refetch: () => Promise.resolve() };

const queries: string[] = [];

function Section({ page, result = answered, emptyText }: { page: { data: Worker[]; total: number } | undefined; result?: ListResult; emptyText?: string }) {
  const list = useListState({ inPage: true });
  const location = useLocation();
  queries.push(JSON.stringify(list.toQuery()));
  return (
    <>
      <PagedTable label="Field Workers" list={list} result={result} page={page} columns={columns} {...(emptyText ? { emptyText } : {})} />
      <output aria-label="url">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

function renderSection(ui: ReactElement) {
  return renderWithUi(
    <MemoryRouter initialEntries={['/admin/electrician/view/7?page=3&sortBy=email']}>
      <Routes>
        <Route path="/admin/electrician/view/:id" element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  queries.length = 0;
});

describe('a list inside a page', () => {
  it('pages and sorts on its own: the page URL stays the record’s', async () => {
    renderSection(<Section page={{ data: rows, total: 80 }} />);
    expect(JSON.parse(queries.at(-1) ?? '{}')).toEqual({ page: 1, limit: 25, sortBy: 'created_at', orderBy: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(JSON.parse(queries.at(-1) ?? '{}')).toMatchObject({ page: 2 });
    await userEvent.click(screen.getByRole('button', { name: /Full Name/ }));
    expect(JSON.parse(queries.at(-1) ?? '{}')).toEqual({ page: 1, limit: 25, sortBy: 'full_name', orderBy: 'asc' });
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(JSON.parse(queries.at(-1) ?? '{}')).toEqual({ page: 1, limit: 50, sortBy: 'full_name', orderBy: 'asc' });
    expect(screen.getByLabelText('url')).toHaveTextContent('/admin/electrician/view/7?page=3&sortBy=email');
    expect(screen.getByRole('navigation', { name: 'Pagination: Field Workers' })).toBeInTheDocument();
  });

  it('offers no column chooser (it would share the page’s route pattern), so its hidden columns stay hidden', () => {
    renderSection(<Section page={{ data: rows, total: 3 }} />);
    expect(screen.getByRole('table', { name: 'Field Workers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).toBeNull();
  });

  it('says its own empty text', () => {
    renderSection(<Section page={{ data: [], total: 0 }} emptyText="No field workers yet" />);
    expect(screen.getByText('No field workers yet')).toBeInTheDocument();
  });

  it('shows the reason and a Retry in place of table and pager when it could not be read', async () => {
    const refetch = jest.fn(() => Promise.resolve());
    renderSection(<Section page={undefined} result={{ ...answered, isError: true, error: new Error('Network down'), errorUpdatedAt: 1, refetch }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination: Field Workers' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });
});
