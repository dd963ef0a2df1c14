// How the console's inline icons are drawn (icons.tsx; the tables' own in table/table-icons.tsx), so that
// no icon library enters a shared chunk.
import { Icon, type IconProps } from '@chakra-ui/react';

export function makeIcon(path: string, name: string) {
  function FleetIcon(props: IconProps) {
    return (
      // Chakra's Icon styles its child svg (asChild), so the svg is written out here.
      <Icon boxSize="1em" {...props}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={path} />
        </svg>
      </Icon>
    );
  }
  FleetIcon.displayName = name;
  return FleetIcon;
}
