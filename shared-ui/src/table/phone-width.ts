import { useSyncExternalStore } from 'react';

// The layout's phone width: below 48em, the same media query as the shell's side menu and header
// (docs/architecture.md, "The layout at phone width"). Plain max-width/min-width queries, so that the
// wide layout is the default wherever media queries are not evaluated (jsdom).
export const PHONE_WIDTH_QUERY = '(max-width: 47.99em)';
export const WIDE_QUERY = '(min-width: 48em)';

/** Styles (Chakra `css`) of what shows at phone width only, and of what shows on wider screens only. */
export const PHONE_ONLY = { [`@media ${WIDE_QUERY}`]: { display: 'none' } } as const;
export const WIDE_ONLY = { [`@media ${PHONE_WIDTH_QUERY}`]: { display: 'none' } } as const;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(PHONE_WIDTH_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE_WIDTH_QUERY).matches);
}

/**
 * Whether the phone-width query holds. CSS (PHONE_ONLY, WIDE_ONLY) decides what shows; this only tells
 * a table whether to mount its cards at all, so that a wide screen (and jsdom) does not carry a second
 * copy of every row, and a cell's text is on the page once.
 */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
