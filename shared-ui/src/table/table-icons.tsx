// Icons only the tables use: they stay in the tables share key, not in the first paint's.
import { makeIcon } from '@fleet/shared-ui';

export const ColumnsIcon = makeIcon('M4 4h16v16H4zM10 4v16M16 4v16', 'ColumnsIcon');
export const CloseIcon = makeIcon('M6 6l12 12M18 6L6 18', 'CloseIcon');
