import { ApiError, Route, Routes } from '@fleet/shared-api';
import { Input } from '@fleet/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemoteSync, resetPage } from '../test-support';
import { RecordPage, type RecordLoad } from './RecordPage';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const loaded: RecordLoad = { isPending: false, isError: false, error: null, refetch: () => undefined };

function renderAt(path: string, page: React.ReactNode) {
  return renderRemoteSync(
    <Routes>
      <Route path="/things/view/:id" element={page} />
      <Route path="/things/edit/:id" element={<p>edit route</p>} />
      <Route path="/things" element={<p>the list</p>} />
    </Routes>,
    path,
  );
}

describe('RecordPage', () => {
  it('detail mode: back to the list, Edit to the edit route, Delete after Yes then to the list', async () => {
    const run = jest.fn().mockResolvedValue(undefined);
    const r = renderAt(
      '/things/view/7',
      <RecordPage title="Thing" backTo="/things" load={loaded} editTo="/things/edit/7" remove={{ title: 'Delete Thing', text: 'Are you sure?', run, afterTo: '/things' }}>
        <p>facts</p>
      </RecordPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Thing' })).toBeInTheDocument();
    expect(screen.getByText('facts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/things/edit/7');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Thing' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Thing' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(r.location().pathname).toBe('/things'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a refused delete stays on the page and says why in the dialog', async () => {
    const run = jest.fn().mockRejectedValue(new ApiError(409, 'This agency has 3 devices'));
    const r = renderAt('/things/view/7', <RecordPage title="Thing" backTo="/things" load={loaded} remove={{ title: 'Delete Thing', text: 'Sure?', run, afterTo: '/things' }} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Thing' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('This agency has 3 devices')).toBeInTheDocument();
    expect(r.location().pathname).toBe('/things/view/7');
  });

  it('form mode: Save submits, the refusal shows and Cancel goes back', async () => {
    const onSubmit = jest.fn((e: React.FormEvent) => e.preventDefault());
    const r = renderAt(
      '/things/view/7',
      <RecordPage title="Edit Thing" backTo="/things" form={{ onSubmit, busy: false, error: 'Email already in use' }}>
        <Input aria-label="Name" />
      </RecordPage>,
    );
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Email already in use');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(r.location().pathname).toBe('/things');
  });

  it('not found says so without Retry; another failure offers Retry', async () => {
    const refetch = jest.fn();
    const { unmount } = renderAt('/things/view/7', <RecordPage title="Thing" backTo="/things" notFoundText="Agency not found" load={{ ...loaded, isError: true, error: new ApiError(404, 'Not found'), refetch }} />);
    expect(screen.getByText('Agency not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    unmount();
    renderAt('/things/view/7', <RecordPage title="Thing" backTo="/things" load={{ ...loaded, isError: true, error: new ApiError(500, 'Database busy'), refetch }} />);
    expect(screen.getByText('Database busy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });
});
