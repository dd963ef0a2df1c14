import { create } from 'zustand';
import { ApiError, errorMessage } from '../client/errors';
import { serverText, type ServerText } from '../client/server-text';
import { isApiUnavailable, reportApiUnavailable } from './api-outage';

// Toasts (spec 3 "Toast", 9): success or error, 4000 ms unless told; the shell renders the items and
// removes each after its timer.
export type MessageType = 'success' | 'error';

export const DEFAULT_TOAST_TIMER = 4000;
/** The notification after a successful login stays 2000 ms (spec 4). */
export const LOGIN_TOAST_TIMER = 2000;

export interface Notification {
  id: number;
  messageType: MessageType;
  message: string;
  timer: number;
}

export interface NotificationsState {
  items: Notification[];
  push(messageType: MessageType, message: string, timer?: number): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;

export const useNotifications = create<NotificationsState>()((set) => ({
  items: [],
  push(messageType, message, timer = DEFAULT_TOAST_TIMER) {
    const id = nextId++;
    set((state) => ({ items: [...state.items, { id, messageType, message, timer }] }));
    return id;
  },
  dismiss(id) {
    set((state) => ({ items: state.items.filter((item) => item.id !== id) }));
  },
  clear() {
    set({ items: [] });
  },
}));

export const notify = {
  /** A success toast: the console's own text, or a server's answer (said in the page's language by its code). */
  success(message: string | ServerText, timer?: number): number {
    return useNotifications.getState().push('success', typeof message === 'string' ? message : serverText(message), timer);
  },
  error(message: string, timer?: number): number {
    return useNotifications.getState().push('error', message, timer);
  },
  /**
   * An error toast with the catalogue's text for any failure; none for a 401 that ended the session
   * (the session-expired dialog says it). Answers the toast id, or null when none was shown.
   */
  failure(err: unknown, timer?: number): number | null {
    if (err instanceof ApiError && err.expiredSession) return null;
    // The API is away: one persistent notice (api-outage.ts) instead of a toast per failed call;
    // offline, the spec's connection message still shows.
    if (isApiUnavailable(err) && !(typeof navigator !== 'undefined' && navigator.onLine === false)) {
      reportApiUnavailable();
      return null;
    }
    return useNotifications.getState().push('error', errorMessage(err), timer);
  },
};
