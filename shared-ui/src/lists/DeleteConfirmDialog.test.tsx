// Issue 21 (duplicates): a list's delete confirmation, its asked row and its dialog, made once.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { useDeleteConfirm } from './DeleteConfirmDialog';

interface Retailer {
  id: number;
  name: string;
}

const ROWS: Retailer[] = [
  { id: 7, name: 'Bright Energy' },
  { id: 8, name: 'Coastal Power' },
];

function RetailerList({ deleted }: { deleted: number[] }) {
  const deletion = useDeleteConfirm<Retailer>({
    title: 'Delete Retailer',
    text: (row) => `Are you sure you want to delete ${row.name}?`,
    onDelete: async (row) => {
      deleted.push(row.id);
    },
  });
  return (
    <>
      {ROWS.map((row) => (
        <button key={row.id} type="button" onClick={() => deletion.ask(row)}>{`Delete ${row.name}`}</button>
      ))}
      {deletion.dialog}
    </>
  );
}

describe('useDeleteConfirm', () => {
  it('asks about the row whose Delete was clicked; No deletes nothing, Yes deletes that row and closes', async () => {
    const deleted: number[] = [];
    renderWithUi(<RetailerList deleted={deleted} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Coastal Power' }));
    expect(await screen.findByText('Are you sure you want to delete Coastal Power?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete Coastal Power?')).toBeNull());
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Bright Energy' }));
    expect(await screen.findByText('Are you sure you want to delete Bright Energy?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deleted).toEqual([7]));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete Bright Energy?')).toBeNull());
  });
});
