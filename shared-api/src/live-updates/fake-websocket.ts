// A stand-in WebSocket for tests: records what was opened and lets a test play the server.
import { tokenFromProtocols } from '@fleet/contract';

export class FakeWebSocket {
  static opened: FakeWebSocket[] = [];
  readonly url: string;
  readonly protocols: string[];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string, protocols: string | string[] = []) {
    this.url = url;
    this.protocols = typeof protocols === 'string' ? [protocols] : protocols;
    FakeWebSocket.opened.push(this);
  }

  /** The access token it offered (the `bearer.` subprotocol), as fleet-api reads it. */
  get token(): string | null {
    return tokenFromProtocols(this.protocols.join(', '));
  }

  static latest(): FakeWebSocket {
    const last = FakeWebSocket.opened[FakeWebSocket.opened.length - 1];
    if (!last) throw new Error('no socket was opened');
    return last;
  }

  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
  }

  serverOpens() {
    this.onopen?.(new Event('open'));
  }

  serverSends(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }

  serverCloses(code: number) {
    this.onerror?.(new Event('error'));
    this.onclose?.({ code } as CloseEvent);
  }
}

export const FakeWebSocketImpl = FakeWebSocket as unknown as typeof WebSocket;
