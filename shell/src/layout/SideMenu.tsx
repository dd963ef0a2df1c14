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

export function SideMenu({
  descriptions,
  userType,
  product,
}: {
  descriptions: RemoteDescription[];
  userType: UserType;
  product: ProductKey;
}) {
  const { t } = useTranslation('shell');
  const groups = useMemo(() => buildMenu(descriptions, userType, product), [descriptions, userType, product]);
  return (
    <Box as="nav" aria-label={t('menu.title')} w="64" flexShrink={0} borderEndWidth="1px" p="3" overflowY="auto">
      <Stack gap="1">
        {groups.map((group) =>
          group.group === null ? (
            <Entry key={group.entries[0]?.id} entry={group.entries[0] as MenuEntry} />
          ) : (
            <Box key={group.group} role="group" aria-label={group.group} pt="2">
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
