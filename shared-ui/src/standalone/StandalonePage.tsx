import { RemoteRoot } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { StandaloneToasts } from './StandaloneToasts';

export interface StandalonePageProps {
  /** The remote's StandaloneHeader (its title and links). */
  header: ReactNode;
  /** The remote's routes, with a fallback for the paths it does not own. */
  children: ReactNode;
}

/** A remote as a page of its own: the kit's root with <main>, the header, and toasts for notify(). */
export function StandalonePage({ header, children }: StandalonePageProps) {
  return (
    <RemoteRoot
      main
      header={
        <>
          {header}
          <StandaloneToasts />
        </>
      }
    >
      {children}
    </RemoteRoot>
  );
}
