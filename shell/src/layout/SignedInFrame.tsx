// The signed-in page around a screen: the header (product, user, Logout) and the side menu. Fetched with
// the first signed-in page, not with the sign-in form (ShellLayout loads it lazily; docs/architecture.md,
// page weight).
import { useState, type ReactNode } from 'react';
import { Box, Flex } from '@fleet/shared-ui';
import { useLocation } from '@fleet/shared-api';
import type { RemoteDescription, UserType } from '@fleet/shared-api';
import { Header } from './Header';
import { MAIN_MENU_ID, SideMenu } from './SideMenu';

const PRODUCT_ROLES: UserType[] = ['Admin', 'Agency'];

export interface SignedInFrameProps {
  descriptions: RemoteDescription[];
  userType: UserType;
  /** Above the header: the QA override and API outage notices. */
  notices: ReactNode;
  /** The screen. */
  children: ReactNode;
}

export function SignedInFrame({ descriptions, userType, notices, children }: SignedInFrameProps) {
  const { pathname } = useLocation();
  // Phone width: the side menu folds behind the header's button; a navigation folds it again.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      {notices}
      <Header
        withProduct={PRODUCT_ROLES.includes(userType)}
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        menuId={MAIN_MENU_ID}
      />
      <Flex flex="1" minH="0" css={{ '@media (max-width: 47.99em)': { flexDirection: 'column' } }}>
        <SideMenu descriptions={descriptions} userType={userType} open={menuOpen} onClose={() => setMenuOpen(false)} />
        <Box as="main" flex="1" minW="0" p="4" overflow="auto">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
