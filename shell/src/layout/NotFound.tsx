// A path no installed remote owns. Several roles' homes belong to remotes that later issues build, so
// a signed-in user may land here with the menu around it: the page says so and offers a way on.
import { useTranslation, Box, Heading, HStack, Link, Stack, Text } from '@fleet/shared-ui';
import { Link as RouterLink, useLocation, homePath, profilePath } from '@fleet/shared-api';
import type { ProductKey, UserType } from '@fleet/shared-api';
import { useCompositionState } from '../composition/context';
import { matchRoute, type OwnedRoute } from '../routing/route-table';
import { RemoteArea } from './RemoteArea';

/** The role's profile screen, when an installed remote has one this role may open (User has none). */
function profileOf(table: OwnedRoute[], userType: UserType, product: ProductKey): string | null {
  const path = profilePath(userType);
  const access = matchRoute(table, path, product)?.route.access;
  return access === 'login' || (Array.isArray(access) && access.includes(userType)) ? path : null;
}

export function NotFound({ userType, product, table }: { userType: UserType | null; product: ProductKey; table: OwnedRoute[] }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  // remotes whose description could not be read: this path may be theirs, so offer their retry first
  const failed = useCompositionState((s) =>
    Object.values(s.remotes)
      .filter((r) => r.status === 'failed')
      .map((r) => r.name)
      .join(','),
  );
  if (failed) {
    return (
      <Stack gap="4" p="6">
        <Heading size="md">{t('remote.unavailable')}</Heading>
        {failed.split(',').map((name) => (
          <RemoteArea key={name} name={name} />
        ))}
      </Stack>
    );
  }
  const home = userType ? homePath(userType, product) : '/login';
  const profile = userType ? profileOf(table, userType, product) : null;
  return (
    <Box p="10" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        {t('notFound.title')}
      </Heading>
      <Text color="fg.muted" mb="6">
        {t('notFound.text', { path: pathname })}
      </Text>
      <HStack justify="center" gap="6">
        {userType && home !== pathname && (
          <Link asChild colorPalette="teal">
            <RouterLink to={home}>{t('notFound.home')}</RouterLink>
          </Link>
        )}
        {userType ? (
          profile && (
            <Link asChild colorPalette="teal">
              <RouterLink to={profile}>{t('notFound.profile')}</RouterLink>
            </Link>
          )
        ) : (
          <Link asChild colorPalette="teal">
            <RouterLink to="/login">{t('notFound.login')}</RouterLink>
          </Link>
        )}
      </HStack>
    </Box>
  );
}
