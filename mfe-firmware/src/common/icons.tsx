// Icons the shared set lacks (download, edit, delete), drawn the same way as shared-ui's; View is shared-ui's EyeIcon.
// Should move to @fleet/shared-ui's icons (README).
import { Icon, type IconProps } from '@fleet/shared-ui';

function make(path: string, name: string) {
  function FirmwareIcon(props: IconProps) {
    return (
      <Icon boxSize="1em" {...props}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={path} />
        </svg>
      </Icon>
    );
  }
  FirmwareIcon.displayName = name;
  return FirmwareIcon;
}

export const DownloadIcon = make('M12 4v12M6 10l6 6 6-6M4 20h16', 'DownloadIcon');
export const EditIcon = make('M4 20h4L19 9l-4-4L4 16v4ZM14 6l4 4', 'EditIcon');
export const DeleteIcon = make('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3', 'DeleteIcon');
