import { useMemo } from 'react';
import { useTranslation, Box, chakra, Stack, Text } from '@fleet/shared-ui';
import { NavLink } from '@fleet/shared-api';
import type { MenuEntry, ProductKey, RemoteDescription, UserType } from '@fleet/shared-api';
import { buildMenu } from '../menu/menu';

const MenuLink = chakra(NavLink);

function Entry({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
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
      {t(entry.labelKey, { defaultValue: entry.label })}
    </MenuLink>
  );
}

export const MAIN_MENU_ID = 'main-menu';

export function SideMenu({
  descriptions,
  userType,
  product,
  open = false,
  onClose,
}: {
  descriptions: RemoteDescription[];
  userType: UserType;
  product: ProductKey;
  /** Phone width: the menu is folded behind the header's menu button and shown when open. */
  open?: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation('shell');
  const groups = useMemo(() => buildMenu(descriptions, userType, product), [descriptions, userType, product]);
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
            <Entry key={group.entries[0]?.id} entry={group.entries[0] as MenuEntry} />
          ) : (
            <Box key={group.group} role="group" aria-label={t(`groups.${group.group}`, { defaultValue: group.group })} pt="2">
              <Text px="3" pb="1" fontSize="xs" fontWeight="bold" textTransform="uppercase" color="fg.muted">
                {t(`groups.${group.group}`, { defaultValue: group.group })}
              </Text>
              <Stack gap="0.5">
                {group.entries.map((entry) => (
                  <Entry key={entry.id} entry={entry} />
                ))}
              </Stack>
            </Box>
          ),
        )}
      </Stack>
    </Box>
  );
}
