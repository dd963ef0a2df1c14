/**
 * The API is away (no answer, or the console's 502/503/504 while fleet-api restarts): instead of a
 * toast per failed call, one persistent notice says so, a health probe retries with jittered,
 * capped backoff, and when the API answers again every listener (each remote root refetches its
 * failed queries) is told, so the open screen recovers without a reload.
 */
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { ApiError, isNetworkFailure } from '../client/errors';

export const API_DOWN_MESSAGE = 'The server is not answering; retrying';

export interface ApiOutageState {
  down: boolean;
}

export const useApiOutage = create<ApiOutageState>()(() => ({ down: false }));

/** The probe's waits: 1 s doubling to 15 s, each with ±20 % jitter. */
export const OUTAGE_PROBE = { firstMs: 1000, maxMs: 15_000 } as const;

const backListeners = new Set<() => void>();
let probe: ReturnType<typeof setTimeout> | null = null;

/** No answer, or the gateway saying the API is away. */
export function isApiUnavailable(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504;
  return isNetworkFailure(err);
}

/** Same origin as every call (the console proxies /api). */
function healthUrl(): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
  return `${origin}/api/health`;
}

function scheduleProbe(delayMs: number): void {
  const jittered = delayMs * (0.8 + Math.random() * 0.4);
  probe = setTimeout(() => {
    void globalThis
      .fetch(healthUrl(), { cache: 'no-store' })
      .then((res) => res.ok)
      .catch(() => false)
      .then((ok) => {
        if (!useApiOutage.getState().down) return;
        if (ok) apiIsBack();
        else scheduleProbe(Math.min(delayMs * 2, OUTAGE_PROBE.maxMs));
      });
  }, jittered);
  // Node (tests, server rendering): a pending probe never keeps the process alive.
  (probe as { unref?: () => void }).unref?.();
}

/** A call found the API away: show the one notice and start probing (once). */
export function reportApiUnavailable(): void {
  if (useApiOutage.getState().down) return;
  useApiOutage.setState({ down: true });
  scheduleProbe(OUTAGE_PROBE.firstMs);
}

/** The API answered: the notice goes, and every screen that listens reads again. */
export function apiIsBack(): void {
  if (probe) clearTimeout(probe);
  probe = null;
  if (!useApiOutage.getState().down) return;
  useApiOutage.setState({ down: false });
  for (const listener of [...backListeners]) listener();
}

/** Calls `listener` each time the API comes back after an outage; answers the unsubscribe. */
export function onApiBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

/** React: run `callback` when the API comes back (e.g. refetch a root's failed queries). */
export function useOnApiBack(callback: () => void): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => onApiBack(() => latest.current()), []);
}
