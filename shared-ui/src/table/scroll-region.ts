import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface ScrollRegionProps {
  tabIndex?: 0;
  role?: 'region';
  'aria-label'?: string;
}

/**
 * A scroll area a keyboard can use: while its content is wider or taller than the area, the area is a
 * named region in the tab order, so arrow keys scroll it (WCAG 2.1.1; axe scrollable-region-focusable:
 * a table of figures has nothing else to focus). When everything fits it adds no tab stop. Measured on
 * mount (after the browser's first layout of it) and whenever the area or its content changes size.
 */
export function useScrollRegion<E extends HTMLElement>(label: string): { ref: RefObject<E | null>; props: ScrollRegionProps } {
  const ref = useRef<E | null>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    const measure = () => setOverflows(area.scrollWidth > area.clientWidth + 1 || area.scrollHeight > area.clientHeight + 1);
    // A ResizeObserver reports every observed element once after the browser's own next layout, so
    // the first measure needs no read here: reading scrollWidth in a layout effect forced a whole
    // layout of the page while a list's first rows came in (13-80 ms in issue 21's profile).
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    if (area.firstElementChild) observer.observe(area.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, props: overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {} };
}
