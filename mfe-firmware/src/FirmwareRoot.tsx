import { RemoteRoot, type RemoteRootProps } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { FirmwareRoutes } from './FirmwareRoutes';

export interface FirmwareRootProps extends Omit<RemoteRootProps, 'children'> {
  /** What paths this remote does not own render. */
  fallback?: ReactNode;
}

/** This remote's whole tree: the kit's root around its routes. */
export function FirmwareRoot({ fallback, ...root }: FirmwareRootProps) {
  return (
    <RemoteRoot {...root}>
      <FirmwareRoutes fallback={fallback} />
    </RemoteRoot>
  );
}
