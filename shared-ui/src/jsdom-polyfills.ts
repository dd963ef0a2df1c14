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

/** A window.matchMedia whose queries match as `matches` says (jsdom has none; a test may match the phone width). */
export function fakeMatchMedia(matches: (query: string) => boolean = () => false): typeof window.matchMedia {
  return ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

export function installJsdomPolyfills(): void {
  const w = globalThis as unknown as Record<string, unknown> & typeof globalThis;
  if (typeof window === 'undefined') return;
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: fakeMatchMedia() });
  }
  // jsdom has no canvas (it says so on the console): charts then show their table only, as to a screen reader
  if (typeof HTMLCanvasElement !== 'undefined') {
    HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
  }
  if (!w.ResizeObserver) w.ResizeObserver = NoopObserver as unknown as typeof ResizeObserver;
  if (!w.IntersectionObserver) w.IntersectionObserver = NoopObserver as unknown as typeof IntersectionObserver;
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollTo = function scrollTo() {} as typeof Element.prototype.scrollTo;
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};
  if (!w.PointerEvent) {
    // zag's press/blur handling constructs PointerEvents; jsdom has MouseEvent only.
    class PointerEventPolyfill extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      readonly isPrimary: boolean;
      readonly width: number;
      readonly height: number;
      readonly pressure: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
        this.isPrimary = init.isPrimary ?? true;
        this.width = init.width ?? 1;
        this.height = init.height ?? 1;
        this.pressure = init.pressure ?? 0;
      }
    }
    w.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
  }
  if (!w.structuredClone) {
    w.structuredClone = (<T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T) as typeof structuredClone;
  }
}
