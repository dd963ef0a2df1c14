import { system } from './system';

describe('system', () => {
  it('carries the recipes of every component the console re-exports', () => {
    for (const key of ['badge', 'button', 'container', 'heading', 'icon', 'input', 'link', 'separator', 'skeleton', 'spinner', 'textarea', 'checkmark']) {
      expect(system.getRecipe(key)).toBeDefined();
    }
    for (const key of ['alert', 'card', 'checkbox', 'dialog', 'drawer', 'field', 'fieldset', 'nativeSelect', 'table', 'toast']) {
      expect(system.getSlotRecipe(key)).toBeDefined();
    }
  });

  it('leaves out the recipes of components the console does not use (they would weigh on every page)', () => {
    for (const key of ['menu', 'tooltip', 'datePicker', 'combobox', 'colorPicker', 'select']) {
      expect(system.getSlotRecipe(key)).toBeUndefined();
    }
  });

  it('makes teal the primary palette and slate the secondary, in light and dark', () => {
    expect(system._config.globalCss?.html).toMatchObject({ colorPalette: 'teal' });
    expect(system.token('colors.slate.700')).toBe('#334155');
    expect(system.token('colors.teal.solid')).toBe('var(--chakra-colors-teal-solid)');
    expect(system.token('colors.secondary.solid')).toBe('var(--chakra-colors-secondary-solid)');
  });
});

// WCAG 2 contrast of the theme's text colours, resolved through the semantic tokens to hex in each mode.
type Mode = 'light' | 'dark';
interface TokenLike {
  value: string;
  originalValue?: string;
  extensions?: { conditions?: Record<string, string> };
}
const tokens = (system as unknown as { tokens: { getByName(name: string): TokenLike | undefined } }).tokens;

function resolveColour(name: string, mode: Mode): string {
  const token = tokens.getByName(`colors.${name}`);
  if (!token) throw new Error(`no colour token ${name}`);
  const conditions = token.extensions?.conditions;
  const raw = conditions ? (conditions[mode === 'dark' ? '_dark' : '_light'] ?? conditions.base ?? '') : token.value;
  const ref = /^\{colors\.(.+)\}$/.exec(raw);
  return ref ? resolveColour(ref[1]!, mode) : raw;
}

function luminance(colour: string): number {
  const hex = colour === 'white' ? 'ffffff' : colour === 'black' ? '000000' : /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) throw new Error(`not a plain colour: ${colour}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(fg: string, bg: string, mode: Mode): number {
  const [hi, lo] = [luminance(resolveColour(fg, mode)), luminance(resolveColour(bg, mode))].sort((a, b) => b - a) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Every pair below [text, background] the console paints, which must reach 4.5:1 (WCAG 1.4.3). */
function failingPairs(pairs: Array<[string, string]>): string[] {
  return pairs.flatMap(([fg, bg]) =>
    (['light', 'dark'] as const)
      .map((mode) => ({ mode, ratio: contrast(fg, bg, mode) }))
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ mode, ratio }) => `${fg} on ${bg} in ${mode}: ${ratio.toFixed(2)}:1`),
  );
}

const BACKGROUNDS = ['bg', 'bg.panel', 'bg.subtle', 'bg.muted'];
/** The palettes of buttons, links, badges and status colours (primary teal, secondary slate, the status hues). */
const PALETTES = ['teal', 'slate', 'gray', 'green', 'yellow', 'blue', 'red', 'orange', 'primary', 'secondary'];

describe('contrast of the theme in light and dark (WCAG AA, 4.5:1)', () => {
  it('text colours on every page and panel background', () => {
    const text = ['fg', 'fg.muted', 'fg.error', 'fg.warning', 'fg.success', 'fg.info'];
    expect(failingPairs(text.flatMap((fg) => BACKGROUNDS.map((bg): [string, string] => [fg, bg])))).toEqual([]);
  });

  it('palette text: links on the page, subtle badges, and solid buttons and badges', () => {
    const pairs = PALETTES.flatMap((p): Array<[string, string]> => [
      ...BACKGROUNDS.map((bg): [string, string] => [`${p}.fg`, bg]),
      [`${p}.fg`, `${p}.subtle`],
      [`${p}.contrast`, `${p}.solid`],
    ]);
    expect(failingPairs(pairs)).toEqual([]);
  });

  it('keeps the hues of the spec: primary is teal, secondary slate, status colours their own hue', () => {
    expect(resolveColour('primary.solid', 'light')).toBe(resolveColour('teal.700', 'light'));
    expect(resolveColour('secondary.solid', 'dark')).toBe(resolveColour('slate.700', 'dark'));
    expect(resolveColour('fg.warning', 'light')).toMatch(new RegExp(`^(${['600', '700', '800'].map((s) => resolveColour(`orange.${s}`, 'light')).join('|')})$`, 'i'));
    expect(resolveColour('fg.success', 'light')).toMatch(new RegExp(`^(${['600', '700', '800'].map((s) => resolveColour(`green.${s}`, 'light')).join('|')})$`, 'i'));
  });
});
