import type { ListInfo } from '@fleet/shared-api';
import { Box, Input, Spinner, Text } from '@fleet/shared-ui';
import { Checkbox, Fieldset } from '@fleet/shared-ui/fields';
import { useInfiniteQuery } from '@fleet/shared-api/query';
import { useEffect, useState, type UIEvent } from 'react';
import { fetchChoicePage, type ChoiceList } from '../api/choices';
import { useHeatPumpTranslation } from '../i18n/translation';

export interface ChoiceOption {
  id: number;
  label: string;
}

export interface PagedChoiceProps {
  legend: string;
  /** The list to choose from and how a row reads as an option; 25 a page (spec: dropdowns load 25 and more on scroll). */
  list: ChoiceList;
  search: (text: string) => Record<string, string>;
  toOption: (row: Record<string, unknown>) => ChoiceOption;
  selected: number[];
  onChange: (ids: number[]) => void;
  /** One choice (a site's company) or many (a company's agencies). */
  multiple: boolean;
  error?: string | undefined;
  /** Options already chosen that the first pages may not hold (an update), shown first. */
  known?: ChoiceOption[];
  /** A line under the search box (the agency's hint). */
  hint?: string;
  /** The search as asked (after the pause), for a caller that looks something else up with it. */
  onSearch?: (text: string) => void;
}

/** A list filter on one name column, for what is typed in the search box (none when it is empty). */
export function nameSearch(key: string, also: Array<{ key: string; value: string }> = []): (text: string) => Record<string, string> {
  return (text): Record<string, string> => {
    const items = [...also.map((a) => ({ ...a, type: 'single' })), ...(text ? [{ key, value: encodeURIComponent(text), type: 'single' }] : [])];
    return items.length > 0 ? { filter: JSON.stringify(items) } : {};
  };
}

/** The multi-site companies of the caller's slice, as choices (a site's, a contact's, an assignment's company). */
export const COMPANY_CHOICES = {
  list: 'companies' as const,
  search: nameSearch('company_name'),
  toOption: (row: Record<string, unknown>): ChoiceOption => ({ id: Number(row.id), label: String(row.company_name) }),
};

const PAGE = 25;
/** Spec: the multi-site search waits 1000 ms after the last key. */
const SEARCH_PAUSE_MS = 1000;

/** The value once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A searchable list of checkboxes loading 25 options at a time, the next 25 when it is scrolled to
 * its end (spec: agency and site dropdowns). Keyboard: Tab moves through the boxes, Space ticks.
 */
export function PagedChoice({ legend, list, search, toOption, selected, onChange, multiple, error, known = [], hint, onSearch }: PagedChoiceProps) {
  const { t } = useHeatPumpTranslation();
  const [text, setText] = useState('');
  const asked = useSettled(text.trim(), SEARCH_PAUSE_MS);
  useEffect(() => onSearch?.(asked), [asked, onSearch]);
  const options = useInfiniteQuery({
    // the search's own parameters (a company's sites) are part of what is asked
    queryKey: ['choice', list, search(asked)],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchChoicePage(list, { ...search(asked), page: pageParam, limit: PAGE }),
    getNextPageParam: (last: ListInfo<Record<string, unknown>>, pages) => (pages.length * PAGE < last.total ? pages.length + 1 : undefined),
  });
  const loaded = (options.data?.pages ?? []).flatMap((p) => p.data.map(toOption));
  const shown = [...known.filter((k) => !loaded.some((o) => o.id === k.id)), ...loaded];
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24 && options.hasNextPage && !options.isFetchingNextPage) void options.fetchNextPage();
  };
  const toggle = (id: number, on: boolean) => onChange(multiple ? (on ? [...selected, id] : selected.filter((s) => s !== id)) : on ? [id] : []);

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <Input
        size="sm"
        mb={hint ? '1' : '2'}
        aria-label={t('choice.search', { what: legend })}
        placeholder={t('choice.searchPlaceholder')}
        maxLength={60}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {hint && (
        <Fieldset.HelperText fontSize="xs" mb="2">
          {hint}
        </Fieldset.HelperText>
      )}
      <Box maxH="40" overflowY="auto" borderWidth="1px" rounded="md" p="2" onScroll={onScroll} data-testid="paged-choice">
        {shown.map((o) => (
          <Checkbox.Root key={o.id} size="sm" display="flex" py="1" checked={selected.includes(o.id)} onCheckedChange={(d) => toggle(o.id, d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{o.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        {options.isFetching && <Spinner size="xs" />}
        {!options.isFetching && shown.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('choice.none')}
          </Text>
        )}
      </Box>
      {error && <Fieldset.ErrorText color="fg.error">{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
