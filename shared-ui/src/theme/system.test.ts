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
