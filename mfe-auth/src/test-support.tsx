// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes.
import { renderRemote, type RenderRemoteResult } from '@fleet/shared-ui/testing';
import { AuthRoutes } from './AuthRoutes';

export * from '@fleet/shared-ui/testing';
import type { SentCall } from '@fleet/shared-ui/testing';

/** The calls to one path, whatever the method (each auth screen calls a path one way). */
export function callsTo(calls: SentCall[], path: string): SentCall[] {
  return calls.filter((call) => call.path === path);
}

/**
 * Renders this remote's routes at `path` (query string allowed), as the shell would mount it, and
 * waits for the screen's lazily loaded module (AuthRoutes fetches every screen but login on demand).
 */
export function renderAuth(path: string, options: { state?: unknown } = {}): Promise<RenderRemoteResult> {
  return renderRemote(<AuthRoutes fallback={<p>Screen of another remote</p>} />, path, options);
}
