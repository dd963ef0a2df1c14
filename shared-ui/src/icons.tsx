// The handful of icons the shared pieces need, drawn inline so no icon library enters the shared chunk.
import { makeIcon as make } from './icon-factory';

export const EyeIcon = make('M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z', 'EyeIcon');
export const EyeOffIcon = make('M3 3l18 18M10.6 10.6a3 3 0 0 0 4.2 4.2M9.9 5.1A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6', 'EyeOffIcon');
export const ChevronLeftIcon = make('M15 18l-6-6 6-6', 'ChevronLeftIcon');
export const ChevronRightIcon = make('M9 18l6-6-6-6', 'ChevronRightIcon');
export const ChevronDownIcon = make('M6 9l6 6 6-6', 'ChevronDownIcon');
export const ChevronsLeftIcon = make('M11 17l-5-5 5-5M18 17l-5-5 5-5', 'ChevronsLeftIcon');
export const ChevronsRightIcon = make('M13 17l5-5-5-5M6 17l5-5-5-5', 'ChevronsRightIcon');
export const ArrowUpIcon = make('M12 19V5M5 12l7-7 7 7', 'ArrowUpIcon');
export const ArrowDownIcon = make('M12 5v14M19 12l-7 7-7-7', 'ArrowDownIcon');
export const SortIcon = make('M7 15l5 5 5-5M7 9l5-5 5 5', 'SortIcon');
export const RefreshIcon = make('M21 12a9 9 0 1 1-2.6-6.4M21 3v6h-6', 'RefreshIcon');
export const UploadIcon = make('M12 16V4M6 10l6-6 6 6M4 20h16', 'UploadIcon');
export const FilterIcon = make('M3 4h18l-7 8v6l-4 2v-8L3 4Z', 'FilterIcon');
export const DownloadIcon = make('M12 4v12M6 10l6 6 6-6M4 20h16', 'DownloadIcon');
export const EditIcon = make('M4 20h4L19 9l-4-4L4 16v4ZM14 6l4 4', 'EditIcon');
export const DeleteIcon = make('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3', 'DeleteIcon');
export const SunIcon = make('M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4', 'SunIcon');
export const MoonIcon = make('M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z', 'MoonIcon');
