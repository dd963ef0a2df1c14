// Issue 21 (duplicates): the Action column every list declared by hand, made once.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { DataTable } from '../table/DataTable';
import { rowActionsColumn } from './RowActions';

interface Agency {
  id: number;
  agency_name: string;
}

describe('rowActionsColumn', () => {
  it('is the unsortable Action column with the buttons each row offers, named after the row', async () => {
    const opened: string[] = [];
    const column = rowActionsColumn<Agency>('Action', (row) => ({
      name: row.agency_name,
      onView: () => opened.push(`view ${row.id}`),
      ...(row.id === 1 ? { onDelete: () => opened.push(`delete ${row.id}`) } : {}),
    }));
    expect(column).toMatchObject({ key: 'action', header: 'Action', sortable: false });
    const rows: Agency[] = [
      { id: 1, agency_name: 'Sunrise' },
      { id: 2, agency_name: 'Harbour' },
    ];
    renderWithUi(<DataTable label="Agencies" rows={rows} rowKey={(row) => row.id} columns={[{ key: 'agency_name', header: 'Agency Name' }, column]} />);
    const table = screen.getByRole('table', { name: 'Agencies' });
    await userEvent.click(within(table).getByRole('button', { name: 'View Harbour' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Sunrise' }));
    expect(within(table).queryByRole('button', { name: 'Delete Harbour' })).toBeNull();
    expect(opened).toEqual(['view 2', 'delete 1']);
  });
});
