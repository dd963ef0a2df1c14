// The page: guards decide; public routes get a full-page area, the others header + side menu + content.
import { useMemo, useState } from 'react';
import { useTranslation, Box, ErrorPanel, Flex, HStack, LoadingArea } from '@fleet/shared-ui';
import { Navigate, useLocation, homePath, useSession, useSelectedProduct as useProduct } from '@fleet/shared-api';
import type { RemoteDescription, UserType } from '@fleet/shared-api';
import { useComposition, useCompositionState } from '../composition/context';
import type { RemoteState } from '../composition/composition';
import { buildRouteTable } from '../routing/route-table';
import { decide } from '../routing/guards';
import { DarkModeToggle, Header, LanguageSelector } from './Header';
import { NotFound } from './NotFound';
import { RemoteArea } from './RemoteArea';
import { MAIN_MENU_ID, SideMenu } from './SideMenu';
import { OverrideBanner } from './OverrideBanner';
import { ApiOutageNotice } from './ApiOutageNotice';

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

const PRODUCT_ROLES: UserType[] = ['Admin', 'Agency'];

export function ShellLayout() {
  const { t } = useTranslation('shell');
  const composition = useComposition();
  const { pathname } = useLocation();
  const userType = useViewerType();
  const product = useProduct((s) => s.product);
  const phase = useCompositionState((s) => s.phase);
  const registryError = useCompositionState((s) => s.registryError);
  const remotes = useCompositionState((s) => s.remotes);
  const [retrying, setRetrying] = useState(false);
  // Phone width: the side menu folds behind the header's button; a navigation folds it again.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

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

  const decision = decide(pathname, { userType, product }, table, homePath, { describing });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  let content;
  if (decision.kind === 'remote') content = <RemoteArea key={decision.match.remote} name={decision.match.remote} />;
  else if (describing) content = <LoadingArea label={t('registry.loading')} />;
  else content = <NotFound userType={userType} product={product} table={table} />;

  if (decision.layout === 'public' || !userType) {
    return (
      <Box minH="100vh" bg="bg">
        <OverrideBanner />
        <ApiOutageNotice />
        {/* no menus on public pages, but language and dark mode are chosen before signing in too; a
            banner, so every part of the page sits in a landmark */}
        <HStack as="header" justify="flex-end" gap="2" px="4" pt="3">
          <LanguageSelector />
          <DarkModeToggle />
        </HStack>
        <Box as="main">{content}</Box>
      </Box>
    );
  }
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <OverrideBanner />
      <ApiOutageNotice />
      <Header
        withProduct={PRODUCT_ROLES.includes(userType)}
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        menuId={MAIN_MENU_ID}
      />
      <Flex flex="1" minH="0" css={{ '@media (max-width: 47.99em)': { flexDirection: 'column' } }}>
        <SideMenu descriptions={descriptions} userType={userType} open={menuOpen} onClose={() => setMenuOpen(false)} />
        <Box as="main" flex="1" minW="0" p="4" overflow="auto">
          {content}
        </Box>
      </Flex>
    </Flex>
  );
}
