import type { FastifyInstance } from 'fastify';

export interface Drain {
  /** Requests being answered now. */
  inFlight(): number;
  /** Answers new requests 503, waits for running ones (at most `graceMs`), then closes the app. */
  drainAndClose(graceMs: number): Promise<void>;
}

export interface DrainOptions {
  /** The JSON body of the 503 a request gets while the server stops. */
  answer: () => Record<string, unknown>;
}

export function installDrain(app: FastifyInstance, options: DrainOptions): Drain;
