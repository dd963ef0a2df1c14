// A remote's root inside the console must not write the page styles the shell's root already wrote
// (issue 21: a second copy made the browser recalculate every style while the first rows came in).
import { render, screen } from '@testing-library/react';
import { Box } from '@chakra-ui/react';
import { FleetUiProvider } from './FleetUiProvider';

// emotion inserts rules through the CSSOM (insertRule), so the <style> elements' text stays empty
const pageStyleText = () =>
  Array.from(document.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText))
    .join('\n');

test('the first root writes the reset and the token variables', () => {
  render(
    <FleetUiProvider>
      <Box color="red.500">shell</Box>
    </FleetUiProvider>,
  );
  expect(pageStyleText()).toContain('--chakra-colors-red-500');
  expect(pageStyleText()).toContain('@layer reset');
});

test('a root without page styles writes neither, and its components are still styled', () => {
  render(
    <FleetUiProvider pageStyles={false}>
      <Box color="red.500">remote</Box>
    </FleetUiProvider>,
  );
  const css = pageStyleText();
  expect(css).not.toContain('--chakra-colors-red-500:');
  expect(css).not.toContain('@layer reset');
  // the component's own class still reads the variable the shell's root defines
  expect(css).toContain('var(--chakra-colors-red-500)');
  expect(screen.getByText('remote').className).not.toBe('');
});
