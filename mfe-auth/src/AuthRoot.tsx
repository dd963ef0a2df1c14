import { RemoteRoot, type RemoteRootProps } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { AuthRoutes } from './AuthRoutes';

export interface AuthRootProps extends Omit<RemoteRootProps, 'children'> {
  /** What paths this remote does not own render (see AuthRoutes). */
  fallback?: ReactNode;
}

/** This remote's whole tree: the kit's root around its routes. */
export function AuthRoot({ fallback, ...root }: AuthRootProps) {
  return (
    <RemoteRoot {...root}>
      <AuthRoutes fallback={fallback} />
    </RemoteRoot>
  );
}
