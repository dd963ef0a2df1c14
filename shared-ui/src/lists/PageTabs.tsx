import { useSearchParams } from '@fleet/shared-api';
import { Box, chakra } from '@fleet/shared-ui';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface PageTab<T extends string> {
  value: T;
  label: string;
}

export interface PageTabsProps<T extends string> {
  /** The tab list's name for assistive technology ("Device views", "Fault status"). */
  label: string;
  tabs: ReadonlyArray<PageTab<T>>;
  value: T;
  onChange: (tab: T) => void;
  /** What the chosen tab shows: only its panel is filled, so another tab's content is not mounted (nor read). */
  children: ReactNode;
}

/**
 * A screen's tabs (a device's Details and Timeline, a fault list's UnResolved and Resolved): the WAI-ARIA
 * tab pattern by hand (roles, roving tabindex, arrow keys, Home and End choose the tab they reach). Not
 * Chakra's Tabs: its zag helpers live in a module /login loads, and using them added 436 B gzipped to
 * /login (issue 21's budget). The chosen tab is the caller's (`useUrlTab`, or the list state's filter), so
 * it stays in the URL.
 */
export function PageTabs<T extends string>({ label, tabs, value, onChange, children }: PageTabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const idOf = (tab: T, part: 'tab' | 'panel') => `${base}-${part}-${tab}`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.value === value);
    const last = tabs.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    const next = to === undefined ? undefined : tabs[to];
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    list.current?.ownerDocument.getElementById(idOf(next.value, 'tab'))?.focus();
  };
  return (
    <>
      <Box ref={list} role="tablist" aria-label={label} display="flex" mb="3" borderBottomWidth="1px" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const chosen = tab.value === value;
          return (
            <chakra.button
              key={tab.value}
              type="button"
              role="tab"
              id={idOf(tab.value, 'tab')}
              aria-selected={chosen}
              aria-controls={idOf(tab.value, 'panel')}
              tabIndex={chosen ? 0 : -1}
              onClick={() => !chosen && onChange(tab.value)}
              px="3"
              h="8"
              mb="-1px"
              fontSize="sm"
              color={chosen ? 'fg' : 'fg.muted'}
              fontWeight={chosen ? 'semibold' : undefined}
              cursor="pointer"
              borderBottomWidth="2px"
              borderColor={chosen ? 'colorPalette.solid' : 'transparent'}
              colorPalette="teal"
              _hover={{ bg: 'bg.muted' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
            >
              {tab.label}
            </chakra.button>
          );
        })}
      </Box>
      {/* every panel exists (each tab names its panel), hidden but the chosen one */}
      {tabs.map((tab) => (
        <Box
          key={tab.value}
          role="tabpanel"
          id={idOf(tab.value, 'panel')}
          aria-labelledby={idOf(tab.value, 'tab')}
          hidden={tab.value !== value}
          tabIndex={0}
          colorPalette="teal"
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          {tab.value === value ? children : null}
        </Box>
      ))}
    </>
  );
}

/**
 * The chosen tab of `tabs` kept in the URL's `param` (`?tab=timeline`), so a reload or a shared link
 * opens it again; the first tab is the default and leaves the URL clean.
 */
export function useUrlTab<T extends string>(tabs: readonly [T, ...T[]], param = 'tab'): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const current = tabs.find((tab) => tab === asked) ?? tabs[0];
  const choose = (tab: T) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (tab === tabs[0]) next.delete(param);
        else next.set(param, tab);
        return next;
      },
      { replace: true },
    );
  return [current, choose];
}
