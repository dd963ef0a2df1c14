/** A console's live socket in a test: every message it hears, in order (modules/live). */
import WebSocket from 'ws';
import { liveProtocols } from '@fleet/contract';
import type { LiveFrame, LiveMessage } from '../../src/modules/live/events';

export interface LiveListener {
  socket: WebSocket;
  messages: LiveMessage[];
}

/** Opens `/ws` on `base` (ws://host:port) with `token`, as the console does, once it is open. */
export function listenLive(base: string, token: string): Promise<LiveListener> {
  const socket = new WebSocket(`${base}/ws`, liveProtocols(token), { origin: 'http://localhost:8080' });
  const messages: LiveMessage[] = [];
  socket.on('message', (data) => messages.push(...(JSON.parse(String(data)) as LiveFrame).batch));
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('error', reject);
  });
}
