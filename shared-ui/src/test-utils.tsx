// Renders inside FleetUiProvider; other packages' tests use it too (`@fleet/shared-ui/src/test-utils`).
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { FleetUiProvider } from './FleetUiProvider';

function Wrapper({ children }: { children: ReactNode }) {
  return <FleetUiProvider>{children}</FleetUiProvider>;
}

export function renderWithUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  return render(ui, { wrapper: Wrapper, ...options });
}

export { installJsdomPolyfills } from './jsdom-polyfills';
