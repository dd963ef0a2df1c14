// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes.
import { renderRemoteSync, type RenderRemoteResult } from '@fleet/shared-ui/testing';
import type { ReactNode } from 'react';
import { DevicesRoutes } from './DevicesRoutes';

export * from '@fleet/shared-ui/testing';

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderDevices(path: string, options: { fallback?: ReactNode } = {}): RenderRemoteResult {
  return renderRemoteSync(<DevicesRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />, path);
}

/** The home of the devices and alarms of these tests (property 3, 5 Low Rd Hobart). */
export const LOW_RD_HOME = { property_id: 3, unit_number: null, street_number: '5', street: 'Low Rd', city: 'Hobart', state: 'TAS', postal_code: '7000' };
