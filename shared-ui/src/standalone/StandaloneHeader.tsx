import {
  Link as RouterLink,
  PRODUCT_KEYS,
  useNavigate,
  useSelectedProduct,
  useSession,
  type LoginUserInfo,
  type MenuEntry,
  type ProductKey,
} from '@fleet/shared-api';
import { Button, Flex, HStack, Link, NativeSelect, Text, useColorMode, useProductName, useUiTranslation } from '@fleet/shared-ui';

export interface StandaloneLink {
  to: string;
  label: string;
}

export interface StandaloneHeaderProps {
  /** "mfe-firmware (standalone)". */
  title: string;
  /** The accessible name of the links: "mfe-firmware screens". */
  navLabel: string;
  /** This remote's menu entries (its description's): those of the signed-in role, in the page's language. */
  menu?: readonly MenuEntry[];
  /** Further links for who is signed in (null: nobody). */
  links?: (info: LoginUserInfo | null) => StandaloneLink[];
  /** Show the shell's product selector (areas whose lists follow the product). */
  productSelector?: boolean;
}

/**
 * The standalone page's header, the shell's reduced: this remote's links, the product selector,
 * language, dark mode, the session-expired choice (Renew or Exit), who is signed in and Logout.
 */
export function StandaloneHeader({ title, navLabel, menu = [], links = () => [], productSelector = false }: StandaloneHeaderProps) {
  const { t, i18n } = useUiTranslation();
  const productName = useProductName();
  const navigate = useNavigate();
  const info = useSession((state) => (state.accessToken ? state.loginUserInfo : null));
  const expired = useSession((state) => state.sessionExpired);
  const product = useSelectedProduct((state) => state.product);
  const select = useSelectedProduct((state) => state.select);
  const { colorMode, toggleColorMode } = useColorMode();
  const { logout, renew, signOut } = useSession.getState();

  // Ends the refresh chain on the server too, then this page's session.
  async function leave() {
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <Flex as="header" wrap="wrap" gap="4" align="center" px="4" py="2" borderBottomWidth="1px">
      <Text fontWeight="semibold">{title}</Text>
      <HStack as="nav" aria-label={navLabel} gap="3" wrap="wrap" flex="1">
        {[
          ...(info ? menu.filter((entry) => entry.roles.includes(info.user_type)) : []).map((entry) => ({
            to: entry.path,
            label: i18n.language === 'hi' ? entry.labels.hi : entry.labels.en,
          })),
          ...links(info),
        ].map((link) => (
          <Link key={link.to} asChild colorPalette="teal">
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Link>
        ))}
      </HStack>
      {productSelector && info && (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label={t('standalone.product')} value={product} onChange={(event) => select(event.currentTarget.value as ProductKey)}>
            {PRODUCT_KEYS.map((key) => (
              <option key={key} value={key}>
                {productName(key)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t('standalone.language')}
          value={i18n.language === 'hi' ? 'hi' : 'en'}
          onChange={(event) => {
            localStorage.setItem('i18nextLng', event.target.value);
            void i18n.changeLanguage(event.target.value);
          }}
        >
          <option value="en">English</option>
          <option value="hi">हिन्दी</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="ghost" aria-pressed={colorMode === 'dark'} onClick={toggleColorMode}>
        {t('standalone.darkMode')}
      </Button>
      {info && expired && (
        <HStack role="alert" gap="2">
          <Text fontSize="sm">{t('standalone.expired')}</Text>
          <Button size="xs" colorPalette="teal" onClick={() => void renew()}>
            {t('standalone.renew')}
          </Button>
          <Button size="xs" variant="outline" onClick={() => signOut()}>
            {t('standalone.exit')}
          </Button>
        </HStack>
      )}
      {info && (
        <>
          <Text fontSize="sm">{t('standalone.signedInAs', { email: info.userInfo.email, userType: info.user_type })}</Text>
          <Button size="sm" variant="outline" onClick={() => void leave()}>
            {t('standalone.logout')}
          </Button>
        </>
      )}
    </Flex>
  );
}
