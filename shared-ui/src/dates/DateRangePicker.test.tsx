import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithUi } from '../test-utils';
import { DateRangePicker, FUTURE_DATE_ERROR, localToday, RANGE_ORDER_ERROR, type DateRange } from './DateRangePicker';

function Installed({ onChange }: { onChange: (range: DateRange) => void }) {
  const [range, setRange] = useState<DateRange>({ from: '', to: '' });
  return (
    <DateRangePicker
      label="Installation Date"
      today="2026-11-22"
      {...range}
      onChange={(next) => {
        onChange(next);
        setRange(next);
      }}
    />
  );
}

async function pick(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}

describe('DateRangePicker', () => {
  it('caps both inputs at today and applies past dates as YYYY-MM-DD', async () => {
    const onChange = jest.fn();
    renderWithUi(<Installed onChange={onChange} />);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveAttribute('max', '2026-11-22');
    expect(to).toHaveAttribute('max', '2026-11-22');
    await pick(from, '2026-11-01');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '' });
    await pick(to, '2026-11-22');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-22' });
    expect(to).toHaveAttribute('min', '2026-11-01');
  });

  it('refuses a typed future date with an error and does not apply it', async () => {
    const onChange = jest.fn();
    renderWithUi(<Installed onChange={onChange} />);
    await pick(screen.getByLabelText('To'), '2026-11-23');
    expect(screen.getByText(FUTURE_DATE_ERROR)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a From after the To', async () => {
    const onChange = jest.fn();
    renderWithUi(<Installed onChange={onChange} />);
    await pick(screen.getByLabelText('To'), '2026-11-02');
    await pick(screen.getByLabelText('From'), '2026-11-10');
    expect(screen.getByText(RANGE_ORDER_ERROR)).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('knows today in local time', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
