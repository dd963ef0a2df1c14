// The signed-in page around a screen: the header (product, user, Logout) and the side menu. Fetched with
// the first signed-in page, not with the sign-in form (ShellLayout loads it lazily; docs/architecture.md,
// page weight).
import { memo, useCallback, useDeferredValue, useRef, useState, type ReactNode } from 'react';
import { Box, Flex } from '@fleet/shared-ui';
import { useLocation } from '@fleet/shared-api';
import type { RemoteDescription, UserType } from '@fleet/shared-api';
import { Header } from './Header';
import { MAIN_MENU_ID, SideMenu } from './SideMenu';

const PRODUCT_ROLES: UserType[] = ['Admin', 'Agency'];

// Drawn again only when what they show changes: a remote's status (loading, mounted) re-renders the
// page while its first screen waits for its data, and the menus need not be drawn again then.
const FrameHeader = memo(Header);
const FrameMenu = memo(SideMenu);
const NO_DESCRIPTIONS: RemoteDescription[] = [];

/** The same array for as long as it holds the same descriptions (ShellLayout builds a new one on every status change). */
function useSameDescriptions(descriptions: RemoteDescription[]): RemoteDescription[] {
  const kept = useRef(descriptions);
  if (descriptions.length !== kept.current.length || descriptions.some((d, i) => d !== kept.current[i])) kept.current = descriptions;
  return kept.current;
}

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
  // The menu is drawn after the screen's first render, in the background, so the remote's code and its
  // first data request do not wait for it (the screen mounts into its own element, not into this frame).
  const menuDescriptions = useDeferredValue(useSameDescriptions(descriptions), NO_DESCRIPTIONS);
  // Phone width: the side menu folds behind the header's button; a navigation folds it again.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  // stable, so the header and the menu are not drawn again with every change of the screen
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      {notices}
      <FrameHeader
        withProduct={PRODUCT_ROLES.includes(userType)}
        menuOpen={menuOpen}
        onToggleMenu={toggleMenu}
        menuId={MAIN_MENU_ID}
      />
      <Flex flex="1" minH="0" css={{ '@media (max-width: 47.99em)': { flexDirection: 'column' } }}>
        <FrameMenu descriptions={menuDescriptions} userType={userType} open={menuOpen} onClose={closeMenu} />
        <Box as="main" flex="1" minW="0" p="4" overflow="auto">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
