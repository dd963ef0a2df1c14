import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme/system';

/**
 * The same system without its page styles (reset, global css, token variables, layer order): for a
 * React root inside a page whose first root already wrote them. Emotion's Global would serialise and
 * insert them again in a sheet of its own, and the browser recalculates every style of the page: a
 * remote's first screen paid that while its first rows came in (issue 21's profile).
 */
const systemWithoutPageStyles: typeof system = {
  ...system,
  _global: [],
  _config: { ...system._config, disableLayers: true },
};

export interface FleetUiProviderProps {
  children: ReactNode;
  /**
   * Write the page styles (default). False for a root inside a page that already has them: a
   * remote mounted by the shell. A remote as a page of its own writes them.
   */
  pageStyles?: boolean;
}

/** Every React root of the console (shell and each remote) wraps its tree in this provider. */
export function FleetUiProvider({ children, pageStyles = true }: FleetUiProviderProps) {
  return <ChakraProvider value={pageStyles ? system : systemWithoutPageStyles}>{children}</ChakraProvider>;
}
