// What every page offers, signed in or not: the language and the colour mode. The public pages show
// these alone; the signed-in header (Header.tsx) shows them beside the rest.
import { useTranslation, HStack, IconButton, MoonIcon, NativeSelect, SunIcon, useColorMode } from '@fleet/shared-ui';
import { changeLanguage, currentLanguage, isLanguage, LANGUAGES } from '../i18n/i18n';

export function LanguageSelector() {
  const { t, i18n } = useTranslation('shell');
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <NativeSelect.Root size="sm" width="28">
      <NativeSelect.Field
        aria-label={t('header.language')}
        value={language}
        onChange={(e) => {
          if (isLanguage(e.currentTarget.value)) void changeLanguage(e.currentTarget.value);
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * The name says what a press does ("Switch to dark mode"), so the button has no pressed state: a
 * toggle's label must not change with its state (WAI-ARIA APG), and a changing name with aria-pressed
 * reads as "Switch to light mode, pressed". The icon is the mode it switches to, drawn in the text
 * colour (full contrast in both themes); the title shows the name to the mouse.
 */
export function DarkModeToggle() {
  const { t } = useTranslation('shell');
  const { colorMode, toggleColorMode } = useColorMode();
  const dark = colorMode === 'dark';
  const name = dark ? t('header.toLightMode') : t('header.toDarkMode');
  return (
    <IconButton aria-label={name} title={name} variant="outline" size="sm" color="fg" onClick={toggleColorMode}>
      {dark ? <SunIcon boxSize="5" /> : <MoonIcon boxSize="5" />}
    </IconButton>
  );
}

/** The public pages' header: no menus, but language and dark mode are chosen before signing in too. */
export function PublicHeader() {
  return (
    // a banner, so every part of the page sits in a landmark
    <HStack as="header" justify="flex-end" gap="2" px="4" pt="3">
      <LanguageSelector />
      <DarkModeToggle />
    </HStack>
  );
}
