import { lazy, Suspense, useState } from 'react';
import { useSession } from '@fleet/shared-api';

// The renew dialog, and with it the dialog machinery of @fleet/shared-ui/overlays, is fetched the first
// time a session expires: the sign-in page does not download it (docs/architecture.md, page weight).
const SessionExpiredDialog = lazy(() => import('./SessionExpiredDialog').then((m) => ({ default: m.SessionExpiredDialog })));

/**
 * Mounts the renew dialog once a session has expired, and keeps it mounted (its close animation).
 * Expired means a renewal was refused or failed (shared-api's session): a 401 that a silent renewal
 * cures never gets here.
 */
export function SessionRenewal() {
  const expired = useSession((s) => s.sessionExpired);
  const [wanted, setWanted] = useState(expired);
  if (expired && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  ) : null;
}
