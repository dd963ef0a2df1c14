import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

// Date formats of spec 9. Empty or unreadable input gives '' so a cell can show its own dash.
export const DATE_FORMAT = 'DD-MM-YYYY';
export const HEAT_PUMP_DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY | hh:mm A';
export const FILTER_DATE_FORMAT = 'DD-MM-YYYY';
export const SAVE_DATE_FORMAT = 'YYYY-MM-DD';
export const TARIFF_TIME_FORMAT = 'HH:mm';

export type DateInput = string | number | Date | Dayjs | null | undefined;

function toDay(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const day = dayjs(value);
  return day.isValid() ? day : null;
}

function format(value: DateInput, pattern: string): string {
  return toDay(value)?.format(pattern) ?? '';
}

export const formatDate = (value: DateInput): string => format(value, DATE_FORMAT);
export const formatHeatPumpDate = (value: DateInput): string => format(value, HEAT_PUMP_DATE_FORMAT);
export const formatDateTime = (value: DateInput): string => format(value, DATE_TIME_FORMAT);
export const formatFilterDate = (value: DateInput): string => format(value, FILTER_DATE_FORMAT);
export const formatSaveDate = (value: DateInput): string => format(value, SAVE_DATE_FORMAT);

/** Reads a DD-MM-YYYY filter date strictly; null when it is not a real date ("valid only if parseable"). */
export function parseFilterDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const day = dayjs(value.trim(), FILTER_DATE_FORMAT, true);
  return day.isValid() ? day : null;
}

/** The date-range picker disallows future dates (spec 5). */
export function isFutureDate(value: DateInput): boolean {
  const day = toDay(value);
  return day !== null && day.isAfter(dayjs(), 'day');
}
