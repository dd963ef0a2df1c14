// The console's theme: Chakra's base config (conditions, utilities) plus tokens and ONLY the recipes of the
// components the console uses. `defaultSystem` would pull every recipe of the library into the shared
// chunk, and a shared module cannot be tree-shaken (ARCHITECTURE.md, last section).
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** Slate (secondary palette): Chakra has no slate scale, these are the usual slate steps. */
const slate = {
  50: { value: '#f8fafc' },
  100: { value: '#f1f5f9' },
  200: { value: '#e2e8f0' },
  300: { value: '#cbd5e1' },
  400: { value: '#94a3b8' },
  500: { value: '#64748b' },
  600: { value: '#475569' },
  700: { value: '#334155' },
  800: { value: '#1e293b' },
  900: { value: '#0f172a' },
  950: { value: '#020617' },
};

function palette(name: string, solid: string) {
  return {
    contrast: { value: { _light: 'white', _dark: 'white' } },
    fg: { value: { _light: `{colors.${name}.700}`, _dark: `{colors.${name}.300}` } },
    subtle: { value: { _light: `{colors.${name}.100}`, _dark: `{colors.${name}.900}` } },
    muted: { value: { _light: `{colors.${name}.200}`, _dark: `{colors.${name}.800}` } },
    emphasized: { value: { _light: `{colors.${name}.300}`, _dark: `{colors.${name}.700}` } },
    // Chakra's teal.600 under white text is 3.7:1; the 700 step keeps buttons at WCAG AA in both modes.
    solid: { value: { _light: `{colors.${name}.${solid}}`, _dark: `{colors.${name}.${solid}}` } },
    focusRing: { value: { _light: `{colors.${name}.500}`, _dark: `{colors.${name}.400}` } },
    border: { value: { _light: `{colors.${name}.500}`, _dark: `{colors.${name}.400}` } },
  };
}

const fleetConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { ...(globalCss.html ?? {}), colorPalette: 'teal' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: { ...tokens.colors, slate } },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        fg: {
          ...semanticTokens.colors.fg,
          // Status text at WCAG AA (4.5:1) on every background in light mode (system.test.ts measures
          // each pair): Chakra's red.500 error text is 3.8:1 on white (red.600 is 4.4:1 on bg.muted),
          // orange.600 warning text 3.6:1, green.600 success text 3.3:1. The 700 steps keep the hues.
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        teal: palette('teal', '700'),
        // success toasts and green buttons: white on green.600 is 3.3:1, on green.700 it passes AA
        green: palette('green', '700'),
        // white on orange.600 is 3.6:1 (a solid orange badge or button); orange.700 passes AA
        orange: palette('orange', '700'),
        slate: palette('slate', '700'),
        primary: palette('teal', '700'),
        secondary: palette('slate', '700'),
      },
    },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      checkmark: checkmarkRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The one styling system of the console (primary teal, secondary slate, light and dark). */
export const system = createSystem(defaultBaseConfig, fleetConfig);
