import { PRODUCT_KEYS, productLabel, useSelectedProduct, useSession, type ProductKey, Link as RouterLink, useNavigate } from '@fleet/shared-api';
import { Button, Flex, HStack, Link, NativeSelect, Text } from '@fleet/shared-ui';
import { description } from '../description';
import { useFirmwareTranslation } from '../common/translation';

/** The standalone page's header: this remote's menu, the product selector, the user and Logout. */
export function StandaloneHeader() {
  const { t } = useFirmwareTranslation();
  const navigate = useNavigate();
  const info = useSession((state) => (state.accessToken ? state.loginUserInfo : null));
  const logout = useSession((state) => state.logout);
  const product = useSelectedProduct((state) => state.product);
  const select = useSelectedProduct((state) => state.select);

  return (
    <Flex as="header" wrap="wrap" gap="4" align="center" px="4" py="2" borderBottomWidth="1px">
      <Text fontWeight="semibold">{t('standalone.title')}</Text>
      {info && (
        <>
          <HStack as="nav" aria-label="mfe-firmware screens" gap="3" wrap="wrap" flex="1">
            {description.menu.map((entry) => (
              <Link key={entry.id} asChild colorPalette="teal">
                <RouterLink to={entry.path}>{t(entry.labelKey.replace('firmware:', ''))}</RouterLink>
              </Link>
            ))}
          </HStack>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field aria-label={t('standalone.product')} value={product} onChange={(event) => select(event.currentTarget.value as ProductKey)}>
              {PRODUCT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {productLabel(key)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Text fontSize="sm">{t('standalone.signedInAs', { email: info.userInfo.email, userType: info.user_type })}</Text>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              void logout().finally(() => navigate('/login', { replace: true }));
            }}
          >
            {t('standalone.logout')}
          </Button>
        </>
      )}
    </Flex>
  );
}
