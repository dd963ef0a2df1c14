// @fleet/shared-api/lists: a list screen's state in the URL (page, sort, filters and their codec), its
// selection and its CSV export. A share key of its own: the sign-in page needs none of it.
export type { FilterItem, FilterType, FilterScalar, FilterValue, EncodedFilterItem, FilterValues } from './filters/filter-codec';
export {
  encodeFilter,
  decodeFilter,
  filterItemsFrom,
  MULTI_FILTER_KEYS,
  IGNORED_FILTER_KEYS,
  RANGE_FILTER_KEYS,
} from './filters/filter-codec';

export type { ListState, ListQuery, ListStateOptions, SortOrder } from './list-state/list-state';
export {
  parseListState,
  serializeListState,
  mergeListState,
  listQuery,
  isFilterKey,
  DEFAULT_LIST_STATE,
  LIST_STATE_KEYS,
  NON_FILTER_QUERY_KEYS,
} from './list-state/list-state';
export type { ListStateControls } from './list-state/useListState';
export { useListState } from './list-state/useListState';
export {
  useSelection,
  selectionScope,
  selectedDevices,
  type Selection,
  type SelectionMode,
} from './selection/useSelection';
export { useExportJob, exportListQuery, EXPORT_POLL_MS, type ExportJob, type ExportListQuery } from './exports/export-job';
export { useDeviceTimeline, usePropertyTimeline, deviceTimelinePath, type PropertyTimelineEntry, type TimelineEntry } from './list-state/device-timeline';
