import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Composition, CompositionState } from './composition';

export const CompositionContext = createContext<Composition | null>(null);

export function useComposition(): Composition {
  const composition = useContext(CompositionContext);
  if (!composition) throw new Error('useComposition outside the shell');
  return composition;
}

export function useCompositionState<T>(selector: (state: CompositionState) => T): T {
  return useStore(useComposition().store, selector);
}
