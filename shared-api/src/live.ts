// @fleet/shared-api/live: the page's one live socket and what screens build on it. A share key of its
// own, loaded by the shell once somebody is signed in.
export type { LiveStatus, LiveConnection, LiveConnectionOptions, Backoff } from './live-updates/live-connection';
export { openLiveConnection, reconnectDelay, liveUrl, LIVE_PATH, AUTH_REFUSED_CLOSE_CODES, DEFAULT_BACKOFF } from './live-updates/live-connection';
export type { LiveListener } from './live-updates/live-updates';
export { liveUpdates, useLiveUpdates, useLiveStatus } from './live-updates/live-updates';
export { parseLiveMessage, type LiveMessage, type MovedSlice, type OtaJobState } from './live-updates/messages';
export { useLiveCache, LIVE_REREAD_MS, LIVE_REREAD_MAX_MS, type LiveCache } from './live-updates/live-cache';
