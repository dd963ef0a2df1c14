// faultHistory.csv, produced in the browser (spec 7): Device ID, Date, Time, Email, Fault Code, Fault
// Description, Fault Status; the agency variant has Date & Time, Agent and Comments.
import { formatDateTime } from '@fleet/shared-api/dates';
import type { FaultEvent } from '../api/faults';
import type { FaultDescriber } from '../faulty-systems/faultText';

export const FAULT_HISTORY_FILE = 'faultHistory.csv';

export interface CsvHeaders {
  deviceId: string;
  date: string;
  time: string;
  dateTime: string;
  email: string;
  faultCode: string;
  faultDescription: string;
  faultStatus: string;
  agent: string;
  comments: string;
}

/** One CSV cell: a leading = + - @ is defused (a spreadsheet would run it), quotes where needed. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function faultHistoryCsv(
  events: FaultEvent[],
  agency: boolean,
  h: CsvHeaders,
  statusText: (status: number) => string,
  describe: FaultDescriber,
): string {
  const header = agency
    ? [h.deviceId, h.dateTime, h.email, h.faultCode, h.faultDescription, h.faultStatus, h.agent, h.comments]
    : [h.deviceId, h.date, h.time, h.email, h.faultCode, h.faultDescription, h.faultStatus];
  const lines = events.map((e) => {
    const [date = '', time = ''] = formatDateTime(e.history_datetime).split(' | ');
    const common = [e.email, e.fault_code, describe(e.fault_code, e.fault_description), statusText(e.fault_status)];
    return agency ? [e.device_id, `${date} ${time}`, ...common, e.agent, e.job_comments] : [e.device_id, date, time, ...common];
  });
  return [header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
