import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { applyStoredColorMode, COLOR_MODE_STORAGE_KEY, setColorMode, useColorMode } from './colorMode';

function ModeSwitch() {
  const { colorMode, toggleColorMode } = useColorMode();
  return <button onClick={toggleColorMode}>mode: {colorMode}</button>;
}

describe('color mode', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => setColorMode('light'));
  });

  it('restores dark mode from isDarkMode at start and sets the class on <html>', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'true');
    expect(applyStoredColorMode()).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'false');
    expect(applyStoredColorMode()).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('toggling persists under isDarkMode and updates every root on the page', async () => {
    renderWithUi(<ModeSwitch />);
    renderWithUi(<ModeSwitch />); // a second React root (a remote) follows the same switch
    const [first] = screen.getAllByRole('button', { name: 'mode: light' });
    await userEvent.click(first!);
    expect(screen.getAllByRole('button', { name: 'mode: dark' })).toHaveLength(2);
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('true');
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getAllByRole('button', { name: 'mode: dark' })[1]!);
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
