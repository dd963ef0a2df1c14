import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme/system';

export interface FleetUiProviderProps {
  children: ReactNode;
}

/** Every React root of the console (shell and each remote) wraps its tree in this provider. */
export function FleetUiProvider({ children }: FleetUiProviderProps) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
