import { useEffect, useId, useRef, useState } from 'react';
import { Box, chakra, Field, Flex, HStack, IconButton, Input, NativeSelect, Text, ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon, RefreshIcon, englishUiT, useUiTranslation, type UiT } from '@fleet/shared-ui';

/** Rows-per-page choices (spec 9); one area adds 500. */
export const DEFAULT_LIMIT_OPTIONS = [25, 50, 100, 200] as const;
/** The go-to-page box waits this long after the last keystroke (spec 9). */
export const GO_TO_PAGE_DEBOUNCE_MS = 1000;

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The caller resets to page 1 (and created_at desc) when the page size changes. */
  onLimitChange: (limit: number) => void;
  limitOptions?: readonly number[];
  onRefresh?: () => void;
  /** The list it pages ("Sites"): its navigation is "Pagination: Sites", distinct beside another list's. */
  label?: string;
}

export function lastPageOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** 'Showing x-y of total'; 'Showing 0-0 of 0' for an empty list. */
export function showingText(page: number, limit: number, total: number, t: UiT = englishUiT): string {
  if (total <= 0) return t('pager.showing', { from: 0, to: 0, total: 0 });
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return t('pager.showing', { from, to, total });
}

/** The go-to-page rule (spec 5): digits only, not 0, not above ceil(total/limit). Returns an error or null. */
export function goToPageError(value: string, total: number, limit: number, t: UiT = englishUiT): string | null {
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return t('pager.digitsOnly');
  const page = Number(value);
  const last = lastPageOf(total, limit);
  if (page === 0) return t('pager.notZero');
  if (page > last) return t('pager.tooHigh', { last });
  return null;
}

function pageWindow(page: number, last: number): number[] {
  const start = Math.max(1, Math.min(page - 1, last - 2));
  const end = Math.min(last, start + 2);
  const pages: number[] = [];
  for (let p = start; p <= end; p += 1) pages.push(p);
  return pages;
}

/** The paging bar under every list: counts, rows per page, go to page, first/prev/pages/next/last. */
export function Pager({
  page,
  limit,
  total,
  onPageChange,
  onLimitChange,
  limitOptions = DEFAULT_LIMIT_OPTIONS,
  onRefresh,
  label,
}: PagerProps) {
  const { t } = useUiTranslation();
  const limitId = useId();
  const last = lastPageOf(total, limit);
  const [goTo, setGoTo] = useState('');
  const error = goToPageError(goTo, total, limit, t);
  const latest = useRef({ onPageChange, page });
  latest.current = { onPageChange, page };

  useEffect(() => {
    if (goTo === '' || error) return undefined;
    const timer = setTimeout(() => {
      const target = Number(goTo);
      if (target !== latest.current.page) latest.current.onPageChange(target);
    }, GO_TO_PAGE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [goTo, error]);

  const atStart = page <= 1;
  const atEnd = page >= last;
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= last) onPageChange(target);
  };

  return (
    <Flex as="nav" aria-label={label ? t('pager.labelOf', { name: label }) : t('pager.label')} wrap="wrap" gap="4" align="center" justify="space-between" py="3">
      <HStack gap="4" wrap="wrap">
        <Text aria-live="polite" fontSize="sm">
          {showingText(page, limit, total, t)}
        </Text>
        <HStack gap="2">
          <chakra.label htmlFor={limitId} fontSize="sm" whiteSpace="nowrap">
            {t('pager.rowsPerPage')}
          </chakra.label>
          <NativeSelect.Root size="sm" width="20">
            <NativeSelect.Field
              id={limitId}
              value={String(limit)}
              onChange={(event) => onLimitChange(Number(event.currentTarget.value))}
            >
              {limitOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {onRefresh && (
          <IconButton aria-label={t('pager.refresh')} size="sm" variant="ghost" onClick={onRefresh}>
            <RefreshIcon />
          </IconButton>
        )}
      </HStack>
      <HStack gap="4" align="start" wrap="wrap">
        <Field.Root invalid={Boolean(error)} width="auto">
          <HStack gap="2">
            <Field.Label fontSize="sm" whiteSpace="nowrap" mb="0">
              {t('pager.goToPage')}
            </Field.Label>
            <Input
              size="sm"
              width="16"
              inputMode="numeric"
              value={goTo}
              // Digits only: anything else is dropped as it is typed.
              onChange={(event) => setGoTo(event.currentTarget.value.replace(/\D/g, ''))}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && goTo !== '' && !error) go(Number(goTo));
              }}
            />
          </HStack>
          {error && <Field.ErrorText color="fg.error">{error}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="1">
          <IconButton aria-label={t('pager.first')} size="sm" variant="ghost" disabled={atStart} onClick={() => go(1)}>
            <ChevronsLeftIcon />
          </IconButton>
          <IconButton aria-label={t('pager.previous')} size="sm" variant="ghost" disabled={atStart} onClick={() => go(page - 1)}>
            <ChevronLeftIcon />
          </IconButton>
          {pageWindow(page, last).map((p) => (
            <IconButton
              key={p}
              aria-label={t('pager.page', { n: p })}
              aria-current={p === page ? 'page' : undefined}
              size="sm"
              variant={p === page ? 'solid' : 'ghost'}
              onClick={() => go(p)}
            >
              <Box as="span">{p}</Box>
            </IconButton>
          ))}
          <IconButton aria-label={t('pager.next')} size="sm" variant="ghost" disabled={atEnd} onClick={() => go(page + 1)}>
            <ChevronRightIcon />
          </IconButton>
          <IconButton aria-label={t('pager.last')} size="sm" variant="ghost" disabled={atEnd} onClick={() => go(last)}>
            <ChevronsRightIcon />
          </IconButton>
        </HStack>
      </HStack>
    </Flex>
  );
}
