import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@fleet/shared-api';
import { useCallback, useRef, useState, type BaseSyntheticEvent } from 'react';
import { renderWithUi } from '../test-utils';
import { EditDialog } from './EditDialog';
import { useDialogForm, type DialogForm } from './useDialogForm';

interface Values {
  name: string;
}
interface Record {
  id: number;
  name: string;
}

/**
 * The two calls of react-hook-form's form the hook uses, over one uncontrolled input: like
 * react-hook-form it keeps the values apart from the input, which mounts after the dialog opens.
 */
function useNameForm(): DialogForm<Values> & { ref: (input: HTMLInputElement | null) => void } {
  const values = useRef<Values>({ name: '' });
  const input = useRef<HTMLInputElement | null>(null);
  return {
    // stable, as register's ref is: a new one each render would put the stored values back
    ref: useCallback((element: HTMLInputElement | null) => {
      input.current = element;
      if (element) element.value = values.current.name;
    }, []),
    reset: (next) => {
      values.current = next;
      if (input.current) input.current.value = next.name;
    },
    handleSubmit: (onValid) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      await onValid({ name: input.current?.value ?? '' });
    },
  };
}

function RenameDialog({ record, open, onClose, store }: { record: Record | null; open: boolean; onClose: () => void; store: (v: Values) => Promise<void> }) {
  const [save, setSave] = useState<{ isPending: boolean; isError: boolean; error: unknown }>({ isPending: false, isError: false, error: null });
  const form = useNameForm();
  const { dialog, submit, err } = useDialogForm({
    form,
    open,
    record,
    valuesOf: (r) => ({ name: r?.name ?? '' }),
    save: { ...save, reset: () => setSave({ isPending: false, isError: false, error: null }) },
    onClose,
    t: (key) => `text of ${key}`,
  });
  return (
    <EditDialog
      {...dialog}
      title="RENAME"
      onSubmit={submit(async (values) => {
        try {
          await store(values);
        } catch (error) {
          setSave({ isPending: false, isError: true, error });
          throw error;
        }
      })}
    >
      <label>
        Name
        <input ref={form.ref} />
      </label>
      <p>{err('name.required')}</p>
    </EditDialog>
  );
}

function Page({ store }: { store: (v: Values) => Promise<void> }) {
  const [editing, setEditing] = useState<Record | null>(null);
  return (
    <>
      <button onClick={() => setEditing({ id: 1, name: 'North' })}>Edit North</button>
      <button onClick={() => setEditing({ id: 2, name: 'South' })}>Edit South</button>
      <RenameDialog open={editing !== null} record={editing} onClose={() => setEditing(null)} store={store} />
    </>
  );
}

describe('useDialogForm', () => {
  it('starts each opening from the record, whatever was typed before', async () => {
    const user = userEvent.setup();
    renderWithUi(<Page store={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Edit North' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('North');
    await user.clear(name);
    await user.type(name, 'typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit North' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('North');
    expect(screen.getByRole('dialog')).toHaveTextContent('text of name.required');
  });

  it('keeps the dialog and the input when the save is refused, and forgets the refusal at the next opening', async () => {
    const user = userEvent.setup();
    const store = jest.fn(async () => {
      throw new ApiError(409, 'Name already exists');
    });
    renderWithUi(<Page store={store} />);
    await user.click(screen.getByRole('button', { name: 'Edit South' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'North');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name already exists');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('North');
    expect(store).toHaveBeenCalledWith({ name: 'North' });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit South' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('South');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes once saved', async () => {
    const user = userEvent.setup();
    const store = jest.fn(async () => {});
    renderWithUi(<Page store={store} />);
    await user.click(screen.getByRole('button', { name: 'Edit North' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store).toHaveBeenCalledWith({ name: 'North' });
  });
});
