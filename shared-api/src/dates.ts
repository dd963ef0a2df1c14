// @fleet/shared-api/dates: the console's date formats (dayjs). A share key of its own: the sign-in page
// shows no date.
export type { DateInput } from './dates/dates';
export {
  formatDate,
  formatHeatPumpDate,
  formatDateTime,
  formatFilterDate,
  formatSaveDate,
  parseFilterDate,
  isFutureDate,
  DATE_FORMAT,
  HEAT_PUMP_DATE_FORMAT,
  DATE_TIME_FORMAT,
  FILTER_DATE_FORMAT,
  SAVE_DATE_FORMAT,
  TARIFF_TIME_FORMAT,
} from './dates/dates';
