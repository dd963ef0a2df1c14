// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes.
import { renderRemoteSync, type RenderRemoteResult } from '@fleet/shared-ui/testing';
import type { ReactNode } from 'react';
import { OrganisationsRoutes } from './OrganisationsRoutes';

export * from '@fleet/shared-ui/testing';

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderOrganisations(path: string, options: { fallback?: ReactNode } = {}): RenderRemoteResult {
  return renderRemoteSync(<OrganisationsRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />, path);
}
