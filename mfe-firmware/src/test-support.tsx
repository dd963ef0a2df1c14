// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes and an Admin.
import type { ProductKey } from '@fleet/shared-api';
import { loginInfo, renderRemoteSync, signInAs, type RenderRemoteResult } from '@fleet/shared-ui/testing';
import type { ReactNode } from 'react';
import { FirmwareRoutes } from './FirmwareRoutes';

export * from '@fleet/shared-ui/testing';

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderFirmware(path: string, options: { fallback?: ReactNode } = {}): RenderRemoteResult {
  return renderRemoteSync(<FirmwareRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />, path);
}

/** Ada Admin, with the product selector on `product`. */
export function signInAsAdmin(product: ProductKey = 'livelink'): void {
  const info = loginInfo('Admin', 'admin@fleet.test');
  signInAs('Admin', { product, info: { ...info, userInfo: { ...info.userInfo, first_name: 'Ada', last_name: 'Admin' } } });
}
