import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { goToPageError, Pager, showingText } from './Pager';

// Field re-renders from a MutationObserver when its error text appears: flush it inside act.
async function type(box: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(box, { target: { value } });
  });
}

function setup(props: Partial<Parameters<typeof Pager>[0]> = {}) {
  const onPageChange = jest.fn();
  const onLimitChange = jest.fn();
  renderWithUi(
    <Pager page={1} limit={25} total={60} onPageChange={onPageChange} onLimitChange={onLimitChange} {...props} />,
  );
  return { onPageChange, onLimitChange };
}

describe('Pager', () => {
  it('names its navigation after the list it pages, so two lists on one screen have distinct landmarks', () => {
    setup({ label: 'Sites' });
    setup({ label: 'Properties' });
    expect(screen.getByRole('navigation', { name: 'Pagination: Sites' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination: Properties' })).toBeInTheDocument();
  });

  it('says which rows are shown, 0-0 of 0 when empty', () => {
    expect(showingText(1, 25, 60)).toBe('Showing 1-25 of 60');
    expect(showingText(3, 25, 60)).toBe('Showing 51-60 of 60');
    expect(showingText(1, 25, 0)).toBe('Showing 0-0 of 0');
    setup({ page: 2 });
    expect(screen.getByText('Showing 26-50 of 60')).toBeInTheDocument();
  });

  it('offers 25, 50, 100, 200 rows per page and reports a change', async () => {
    const { onLimitChange } = setup();
    const select = screen.getByLabelText('Rows per page');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['25', '50', '100', '200']);
    await userEvent.selectOptions(select, '100');
    expect(onLimitChange).toHaveBeenCalledWith(100);
  });

  it('disables first/previous on page 1 and next/last on the last page', async () => {
    const { onPageChange } = setup();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('disables next/last on the last page, first goes to 1', async () => {
    const { onPageChange } = setup({ page: 3 });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('disables every move on an empty list', () => {
    setup({ total: 0 });
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  describe('Go To Page', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('goes to the typed page 1000 ms after the last keystroke', async () => {
      const { onPageChange } = setup();
      const box = screen.getByLabelText('Go To Page');
      await type(box, '3');
      act(() => jest.advanceTimersByTime(999));
      expect(onPageChange).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(onPageChange).toHaveBeenCalledWith(3);
    });

    it('keeps digits only and refuses 0 and pages past the last', async () => {
      const { onPageChange } = setup();
      const box = screen.getByLabelText('Go To Page');
      await type(box, 'a2b');
      expect(box).toHaveValue('2');
      await type(box, '0');
      expect(screen.getByText('Page number cannot be 0')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1500));
      await type(box, '4');
      expect(screen.getByText('Page number cannot be more than 3')).toBeInTheDocument();
      expect(box).toHaveAttribute('aria-invalid', 'true');
      act(() => jest.advanceTimersByTime(1500));
      expect(onPageChange).not.toHaveBeenCalled();
    });

    it('applies the rule as a function too', () => {
      expect(goToPageError('', 60, 25)).toBeNull();
      expect(goToPageError('3', 60, 25)).toBeNull();
      expect(goToPageError('4', 60, 25)).toBe('Page number cannot be more than 3');
      expect(goToPageError('0', 60, 25)).toBe('Page number cannot be 0');
      expect(goToPageError('1.5', 60, 25)).toBe('Only digits are allowed');
    });
  });
});
