// The signed-in page's header: product, language, dark mode, who is signed in and Logout. Part of the
// signed-in frame, so the sign-in page does not download it (SignedInFrame.tsx).
import { useTranslation, Box, Button, Flex, HStack, IconButton, NativeSelect, Spacer, Text, useProductName } from '@fleet/shared-ui';
import { useNavigate, isProductKey, PRODUCT_KEYS, useSession, useSelectedProduct as useProduct } from '@fleet/shared-api';
import { DarkModeToggle, LanguageSelector } from './PageChoices';

function ProductSelector() {
  const { t } = useTranslation('shell');
  const productName = useProductName();
  const product = useProduct((s) => s.product);
  const select = useProduct((s) => s.select);
  return (
    <NativeSelect.Root size="sm" width="48">
      <NativeSelect.Field
        aria-label={t('header.product')}
        value={product}
        onChange={(e) => {
          if (isProductKey(e.currentTarget.value)) select(e.currentTarget.value);
        }}
      >
        {PRODUCT_KEYS.map((key) => (
          <option key={key} value={key}>
            {productName(key)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface HeaderProps {
  withProduct: boolean;
  /** Phone width: the button that shows and hides the side menu. */
  menuOpen?: boolean;
  onToggleMenu?: () => void;
  menuId?: string;
}

export function Header({ withProduct, menuOpen = false, onToggleMenu, menuId }: HeaderProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const info = useSession((s) => s.loginUserInfo);
  const endSession = useSession((s) => s.logout);
  const name = info ? [info.userInfo.first_name, info.userInfo.last_name].filter(Boolean).join(' ') || info.userInfo.email : '';

  const logout = async () => {
    // ends the refresh chain on the server, and the session here even when the server is away
    await endSession().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <Flex as="header" align="center" gap="3" px="4" py="2" borderBottomWidth="1px" bg="bg.panel" flexWrap="wrap" rowGap="2">
      {onToggleMenu && (
        <IconButton
          aria-label={menuOpen ? t('menu.close') : t('menu.open')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          variant="ghost"
          size="sm"
          css={{ '@media (min-width: 48em)': { display: 'none' } }}
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </IconButton>
      )}
      <Text fontWeight="bold" color="teal.fg" whiteSpace="nowrap">
        Fleet console
      </Text>
      {withProduct && <ProductSelector />}
      <Spacer />
      <HStack gap="2">
        <LanguageSelector />
        <DarkModeToggle />
        {info && (
          <>
            <Box display={{ base: 'none', md: 'block' }}>
              <Text fontSize="sm" color="fg.muted" title={info.userInfo.email}>
                {t('header.signedInAs', { name })}
              </Text>
            </Box>
            <Button size="sm" variant="outline" onClick={() => void logout()}>
              {t('header.logout')}
            </Button>
          </>
        )}
      </HStack>
    </Flex>
  );
}
