// Browser APIs that Chakra UI (zag.js state machines, floating-ui, presence animations) calls and jsdom
// does not implement. Exported so every package's jest setup can install the same set.

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

export function installJsdomPolyfills(): void {
  const w = globalThis as unknown as Record<string, unknown> & typeof globalThis;
  if (typeof window === 'undefined') return;
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!w.ResizeObserver) w.ResizeObserver = NoopObserver as unknown as typeof ResizeObserver;
  if (!w.IntersectionObserver) w.IntersectionObserver = NoopObserver as unknown as typeof IntersectionObserver;
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollTo = function scrollTo() {} as typeof Element.prototype.scrollTo;
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};
  if (!w.structuredClone) {
    w.structuredClone = (<T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T) as typeof structuredClone;
  }
}
