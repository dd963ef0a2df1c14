import { act, renderHook } from '@testing-library/react';
import { selectedDevices, selectionScope, useSelection } from './useSelection';

describe('useSelection', () => {
  it('keeps ticked rows across pages, selects all, and clears on a new scope', () => {
    const { result, rerender } = renderHook(({ scope }) => useSelection(scope), { initialProps: { scope: selectionScope({ filter: 'a' }) } });
    expect(result.current.mode).toBe('none');
    act(() => result.current.togglePage(true, [1, 2, 3]));
    act(() => result.current.toggleRow(7, true, [7, 8]));
    expect(result.current.keys).toEqual([1, 2, 3, 7]);
    expect(result.current.count(100)).toBe(4);
    act(() => result.current.selectAll());
    expect(result.current).toMatchObject({ mode: 'all', all: true });
    expect(result.current.count(100)).toBe(100);
    // unticking one row of "all" leaves the rest of this page ticked
    act(() => result.current.toggleRow(8, false, [7, 8, 9]));
    expect(result.current.keys).toEqual([7, 9]);
    rerender({ scope: selectionScope({ filter: 'b' }) });
    expect(result.current.mode).toBe('none');
  });

  it('sends the ticked ids, or all with the list filter', () => {
    expect(selectedDevices({ all: false, keys: [4, 5] }, 'f')).toEqual({ ids: [4, 5], all: false });
    expect(selectedDevices({ all: true, keys: [] }, 'f')).toEqual({ ids: [], all: true, filter: 'f' });
  });
});
