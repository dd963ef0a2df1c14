// The page: guards decide; public routes get a full-page area, the others header + side menu + content.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation, Box, ErrorPanel, LoadingArea } from '@fleet/shared-ui';
import { Navigate, useLocation, homePath, useSession, useSelectedProduct as useProduct } from '@fleet/shared-api';
import type { RemoteDescription, UserType } from '@fleet/shared-api';
import { useComposition, useCompositionState } from '../composition/context';
import type { RemoteState } from '../composition/composition';
import { buildRouteTable } from '../routing/route-table';
import { decide } from '../routing/guards';
import { PublicHeader } from './PageChoices';
import { RemoteArea } from './RemoteArea';
import { OverrideBanner } from './OverrideBanner';
import { ApiOutageNotice } from './ApiOutageNotice';

// What the sign-in page never shows is fetched when first shown: the signed-in header and side menu, and
// the page for a path nobody owns (docs/architecture.md, page weight).
const SignedInFrame = lazy(() => import('./SignedInFrame').then((m) => ({ default: m.SignedInFrame })));
const NotFound = lazy(() => import('./NotFound').then((m) => ({ default: m.NotFound })));

/** The signed-in role, or null: a token without login info (or the reverse) is nobody. */
function useViewerType(): UserType | null {
  const token = useSession((s) => s.accessToken);
  const info = useSession((s) => s.loginUserInfo);
  return token && info ? info.user_type : null;
}

function describedRemotes(remotes: Record<string, RemoteState>): RemoteDescription[] {
  return Object.values(remotes)
    .filter((r) => r.description !== null && (r.status === 'ready' || r.status === 'refused'))
    .map((r) => r.description as RemoteDescription);
}

export function ShellLayout() {
  const { t } = useTranslation('shell');
  const composition = useComposition();
  const { pathname } = useLocation();
  const userType = useViewerType();
  const secondFactorSetup = useSession((s) => s.secondFactorSetup());
  const product = useProduct((s) => s.product);
  const phase = useCompositionState((s) => s.phase);
  const registryError = useCompositionState((s) => s.registryError);
  const remotes = useCompositionState((s) => s.remotes);
  const [retrying, setRetrying] = useState(false);

  const descriptions = useMemo(() => describedRemotes(remotes), [remotes]);
  const table = useMemo(() => buildRouteTable(descriptions), [descriptions]);
  const describing = Object.values(remotes).some((r) => r.status === 'describing');

  if (phase === 'registry' || retrying) return <LoadingArea label={t('registry.loading')} minHeight="100vh" />;
  if (phase === 'registry-failed') {
    return (
      <Box p="8">
        <ErrorPanel
          title={t('registry.failedTitle')}
          message={registryError ?? ''}
          retryLabel={t('remote.retry')}
            onRetry={() => {
            setRetrying(true);
            void composition.start().finally(() => setRetrying(false));
          }}
        />
      </Box>
    );
  }

  const decision = decide(pathname, { userType, product, secondFactorSetup }, table, homePath, { describing });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  let content;
  if (decision.kind === 'remote') content = <RemoteArea key={decision.match.remote} name={decision.match.remote} />;
  else if (describing) content = <LoadingArea label={t('registry.loading')} />;
  else {
    content = (
      <Suspense fallback={<LoadingArea />}>
        <NotFound userType={userType} product={product} table={table} />
      </Suspense>
    );
  }

  const notices = (
    <>
      <OverrideBanner />
      <ApiOutageNotice />
    </>
  );
  if (decision.layout === 'public' || !userType) {
    return (
      <Box minH="100vh" bg="bg">
        {notices}
        <PublicHeader />
        <Box as="main">{content}</Box>
      </Box>
    );
  }
  return (
    <Suspense fallback={<LoadingArea label={t('registry.loading')} minHeight="100vh" />}>
      <SignedInFrame descriptions={descriptions} userType={userType} notices={notices}>
        {content}
      </SignedInFrame>
    </Suspense>
  );
}
