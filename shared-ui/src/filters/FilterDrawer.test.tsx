import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi } from '../test-utils';
import { FilterDrawer } from './FilterDrawer';

function RulesFilter({ onApply, onClear }: { onApply: (name: string) => void; onClear: () => void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  return (
    <>
      <button onClick={() => setOpen(true)}>Open filters</button>
      <FilterDrawer
        open={open}
        onOpenChange={setOpen}
        onApply={() => onApply(name)}
        onClear={() => {
          setName('');
          setVersion('');
          onClear();
        }}
      >
        <label>
          Rule Name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Installed On
          <select value={version} onChange={(e) => setVersion(e.target.value)}>
            <option value="">Any</option>
            <option value="1.2">1.2</option>
          </select>
        </label>
      </FilterDrawer>
    </>
  );
}

describe('FilterDrawer', () => {
  it('is titled Filters and Apply applies then closes', async () => {
    const onApply = jest.fn();
    renderWithUi(<RulesFilter onApply={onApply} onClear={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Rule Name'), 'night');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith('night');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Clear resets without closing', async () => {
    const onClear = jest.fn();
    renderWithUi(<RulesFilter onApply={() => {}} onClear={onClear} />);
    const box = await screen.findByLabelText('Rule Name');
    await userEvent.type(box, 'night');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
  });

  it('Enter in a text field or a select applies', async () => {
    const onApply = jest.fn();
    renderWithUi(<RulesFilter onApply={onApply} onClear={() => {}} />);
    await userEvent.type(await screen.findByLabelText('Rule Name'), 'abc{Enter}');
    expect(onApply).toHaveBeenCalledWith('abc');
    await userEvent.click(screen.getByRole('button', { name: 'Open filters' }));
    const select = await screen.findByLabelText('Installed On');
    select.focus();
    await userEvent.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledTimes(2);
  });
});
