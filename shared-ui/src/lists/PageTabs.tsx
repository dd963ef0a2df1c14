import { Tabs } from '@chakra-ui/react';
import { useSearchParams } from '@fleet/shared-api';
import type { ReactNode } from 'react';

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
 * A screen's tabs (a device's Details and Timeline, a fault list's UnResolved and Resolved): Chakra's Tabs,
 * so the arrow keys, Home and End move between them and the roles and states are the WAI-ARIA tab
 * pattern's. The chosen tab is the caller's (`useUrlTab`, or the list state's filter), so it stays in
 * the URL. Chakra's tabs recipe is not in the theme (the sign-in page would carry it): the look is here.
 */
export function PageTabs<T extends string>({ label, tabs, value, onChange, children }: PageTabsProps<T>) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => {
        const next = tabs.find((tab) => tab.value === details.value);
        if (next && next.value !== value) onChange(next.value);
      }}
    >
      <Tabs.List aria-label={label} display="flex" mb="3" borderBottomWidth="1px">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            px="3"
            h="8"
            mb="-1px"
            fontSize="sm"
            color="fg.muted"
            cursor="pointer"
            borderBottomWidth="2px"
            borderColor="transparent"
            colorPalette="teal"
            _hover={{ bg: 'bg.muted' }}
            _selected={{ color: 'fg', fontWeight: 'semibold', borderColor: 'colorPalette.solid' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* every panel exists (each tab names its panel), hidden but the chosen one */}
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}>
          {tab.value === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
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
