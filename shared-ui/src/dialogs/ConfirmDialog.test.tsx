import { ApiError, setServerTextTranslator } from '@fleet/shared-api';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi } from '../test-utils';
import { ConfirmDialog } from './ConfirmDialog';
import { EditDialog } from './EditDialog';

function DeleteFirmware({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete</button>
      <ConfirmDialog
        open={open}
        title="DELETE FIRMWARE"
        text="Are you sure you want to delete this Firmware?"
        description="Devices keep their installed version."
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title with the text, description, No and Yes', async () => {
    renderWithUi(<DeleteFirmware onConfirm={async () => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'DELETE FIRMWARE' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this Firmware?');
    expect(dialog).toHaveTextContent('Devices keep their installed version.');
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
  });

  it('shows a spinner on Yes while the work runs, then closes', async () => {
    let finish: () => void = () => {};
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithUi(<DeleteFirmware onConfirm={onConfirm} />);
    const yes = await screen.findByRole('button', { name: 'Yes' });
    await userEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(yes).toHaveAttribute('data-loading');
    expect(yes).toBeDisabled();
    expect(screen.getByRole('button', { name: 'No' })).toBeDisabled();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open when the work fails, so it can be tried again', async () => {
    renderWithUi(<DeleteFirmware onConfirm={() => Promise.reject(new Error('nope'))} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes' })).not.toHaveAttribute('data-loading'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is reachable by keyboard and Escape closes it', async () => {
    renderWithUi(<DeleteFirmware onConfirm={async () => {}} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Focus is trapped: tabbing forwards and backwards past the last control stays inside.
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('No closes without confirming', async () => {
    const onConfirm = jest.fn();
    renderWithUi(<DeleteFirmware onConfirm={onConfirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('EditDialog', () => {
  it('submits its form with the submit button and with Enter', async () => {
    const onSubmit = jest.fn();
    renderWithUi(
      <EditDialog open title="Firmware" submitLabel="Add" onSubmit={onSubmit} onClose={() => {}}>
        <label>
          Version
          <input name="version" />
        </label>
      </EditDialog>,
    );
    expect(await screen.findByRole('dialog', { name: 'Firmware' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('Version'), '1.2{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('shows a spinner on submit while busy', async () => {
    renderWithUi(
      <EditDialog open title="Tariff" submitLabel="Update" busy onSubmit={() => {}} onClose={() => {}}>
        <p>fields</p>
      </EditDialog>,
    );
    expect(await screen.findByRole('button', { name: 'Update' })).toHaveAttribute('data-loading');
  });

  it("says a server's refusal in the page's language by its code, and another error's own words", async () => {
    setServerTextTranslator((code) => (code === 'models.inUse' ? 'इस मॉडल का उपयोग हो रहा है' : null));
    try {
      const refusal = new ApiError(409, '3 heat pumps use this model: it cannot be deleted', {
        status: false,
        message: '3 heat pumps use this model: it cannot be deleted',
        code: 'models.inUse',
        params: { count: 3 },
      });
      const onConfirm = jest.fn().mockRejectedValueOnce(refusal).mockRejectedValueOnce(new Error('The file is locked'));
      renderWithUi(<DeleteFirmware onConfirm={onConfirm} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
      expect(await screen.findByText('इस मॉडल का उपयोग हो रहा है')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
      expect(await screen.findByText('The file is locked')).toBeInTheDocument();
    } finally {
      setServerTextTranslator(null);
    }
  });
});
