import { useMemo } from 'react';
import { useTranslation, Box, chakra, Stack, Text } from '@fleet/shared-ui';
import { NavLink } from '@fleet/shared-api';
import type { MenuEntry, RemoteDescription, UserType } from '@fleet/shared-api';
import { buildMenu, entryLabel, groupLabel } from '../menu/menu';
import { FALLBACK_LANGUAGE, isLanguage } from '../i18n/i18n';

const MenuLink = chakra(NavLink);

function Entry({ entry, label }: { entry: MenuEntry; label: string }) {
  return (
    <MenuLink
      to={entry.path}
      display="block"
      px="3"
      py="2"
      borderRadius="md"
      fontSize="sm"
      color="fg"
      _hover={{ bg: 'bg.muted' }}
      css={{ '&.active': { bg: 'teal.subtle', color: 'teal.fg', fontWeight: 'semibold' } }}
    >
      {label}
    </MenuLink>
  );
}

export const MAIN_MENU_ID = 'main-menu';

export function SideMenu({
  descriptions,
  userType,
  open = false,
  onClose,
}: {
  descriptions: RemoteDescription[];
  userType: UserType;
  /** Phone width: the menu is folded behind the header's menu button and shown when open. */
  open?: boolean;
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation('shell');
  const groups = useMemo(() => buildMenu(descriptions, userType), [descriptions, userType]);
  // the words come from the descriptions (no remote bundle needed), in the page's language
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  return (
    <Box
      as="nav"
      id={MAIN_MENU_ID}
      aria-label={t('menu.title')}
      data-open={open ? '' : undefined}
      w="64"
      flexShrink={0}
      borderEndWidth="1px"
      // Below md (phone) the menu takes the full width above the page, and only while open. A plain
      // max-width query: the wide layout is the default wherever media queries are not evaluated.
      css={{ '@media (max-width: 47.99em)': { display: open ? 'block' : 'none', width: '100%', borderEndWidth: 0, borderBottomWidth: '1px' } }}
      p="3"
      overflowY="auto"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose?.();
      }}
    >
      <Stack gap="1">
        {groups.map((group) =>
          group.group === null ? (
            <Entry key={group.entries[0]?.id} entry={group.entries[0] as MenuEntry} label={entryLabel(group.entries[0] as MenuEntry, language)} />
          ) : (
            <Box key={group.group.name} role="group" aria-label={groupLabel(group.group, language)} pt="2">
              <Text px="3" pb="1" fontSize="xs" fontWeight="bold" textTransform="uppercase" color="fg.muted">
                {groupLabel(group.group, language)}
              </Text>
              <Stack gap="0.5">
                {group.entries.map((entry) => (
                  <Entry key={entry.id} entry={entry} label={entryLabel(entry, language)} />
                ))}
              </Stack>
            </Box>
          ),
        )}
      </Stack>
    </Box>
  );
}
