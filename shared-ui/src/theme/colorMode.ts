// Dark mode is the `dark` class on <html> (Chakra's `.dark &` condition), so every React root on the page
// (the shell and each remote mount their own) follows one switch. The choice persists under `isDarkMode`.
import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

/** Local-storage key the console keeps the dark-mode choice under ('true' / 'false'). */
export const COLOR_MODE_STORAGE_KEY = 'isDarkMode';

const listeners = new Set<() => void>();

function readStored(): ColorMode {
  try {
    return globalThis.localStorage?.getItem(COLOR_MODE_STORAGE_KEY) === 'true' ? 'dark' : 'light';
  } catch {
    return 'light'; // storage refused (private mode): light is the product's default
  }
}

let current: ColorMode = typeof document === 'undefined' ? 'light' : readStored();

function applyClass(mode: ColorMode): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

/** Sets the mode for the whole page, persists it and notifies every root. */
export function setColorMode(mode: ColorMode): void {
  current = mode;
  try {
    globalThis.localStorage?.setItem(COLOR_MODE_STORAGE_KEY, mode === 'dark' ? 'true' : 'false');
  } catch {
    // not persisted, still applied
  }
  applyClass(mode);
  listeners.forEach((listener) => listener());
}

export function toggleColorMode(): void {
  setColorMode(current === 'dark' ? 'light' : 'dark');
}

export function getColorMode(): ColorMode {
  return current;
}

/** Reads `isDarkMode` and sets the class on <html>; call once at start, before the first render. */
export function applyStoredColorMode(): ColorMode {
  current = readStored();
  applyClass(current);
  listeners.forEach((listener) => listener());
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab (or another copy of this module) changed the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_MODE_STORAGE_KEY) {
      current = readStored();
      applyClass(current);
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export interface ColorModeApi {
  colorMode: ColorMode;
  toggleColorMode: () => void;
  setColorMode: (mode: ColorMode) => void;
}

export function useColorMode(): ColorModeApi {
  const colorMode = useSyncExternalStore(subscribe, getColorMode, () => 'light' as ColorMode);
  return { colorMode, toggleColorMode, setColorMode };
}

/** Picks a value for the current mode (like Chakra v2's useColorModeValue). */
export function useColorModeValue<T>(light: T, dark: T): T {
  return useColorMode().colorMode === 'dark' ? dark : light;
}
