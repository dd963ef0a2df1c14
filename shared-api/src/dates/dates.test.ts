import dayjs from 'dayjs';
import { formatDate, formatDateTime, formatFilterDate, formatHeatPumpDate, formatSaveDate, isFutureDate, parseFilterDate } from './dates';

// A local time (no Z) so the assertions hold in any timezone.
const moment = '2024-03-05T14:07:00';

test('display, heat-pump, date-time, filter and save formats (spec 9)', () => {
  expect(formatDate(moment)).toBe('05-03-2024');
  expect(formatHeatPumpDate(moment)).toBe('05/03/2024');
  expect(formatDateTime(moment)).toBe('05/03/2024 | 02:07 PM');
  expect(formatDateTime('2024-03-05T09:30:00')).toBe('05/03/2024 | 09:30 AM');
  expect(formatFilterDate(new Date(2024, 0, 31))).toBe('31-01-2024');
  expect(formatSaveDate(dayjs('2024-12-01'))).toBe('2024-12-01');
});

test('empty or unreadable input gives an empty text', () => {
  expect(formatDate(null)).toBe('');
  expect(formatDate(undefined)).toBe('');
  expect(formatDate('')).toBe('');
  expect(formatDateTime('not a date')).toBe('');
});

test('filter dates parse strictly as DD-MM-YYYY', () => {
  expect(parseFilterDate('31-01-2024')?.format('YYYY-MM-DD')).toBe('2024-01-31');
  expect(parseFilterDate('31-02-2024')).toBeNull();
  expect(parseFilterDate('2024-01-31')).toBeNull();
  expect(parseFilterDate('')).toBeNull();
  expect(formatFilterDate(parseFilterDate('01-02-2024'))).toBe('01-02-2024');
});

test('future dates are recognised for the range picker', () => {
  expect(isFutureDate(dayjs().add(1, 'day'))).toBe(true);
  expect(isFutureDate(dayjs())).toBe(false);
  expect(isFutureDate(null)).toBe(false);
});
