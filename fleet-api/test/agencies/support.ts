// What the agencies module's tests share: one seeded app, signed-in callers by email, calls that
// answer {status, message, info}, and an export job followed to its CSV.
import type { InjectOptions } from 'fastify';
import { answer, appForFile, bearer, countOf, signIn, SETUP_TIMEOUT, type Answer, type TestApp } from '../support/app';

export interface Harness {
  t: TestApp;
  /** Signs in (again) and keeps the token under `as`. */
  signInAs(as: string, email: string, password?: string): Promise<string>;
  call<T = unknown>(as: string, url: string, method?: InjectOptions['method'], payload?: object): Promise<Answer<T>>;
  n(sql: string, params?: unknown[]): Promise<number>;
  /** The CSV lines of an export job once it has finished. */
  exportLines(as: string, started: Answer<{ id: number }>): Promise<string[]>;
}

/**
 * The test file's harness: its app (started before the file's tests, closed after them) and these
 * accounts signed in under their names (`as` -> email) before the tests.
 */
export function harnessForFile(devices: number, accounts: Record<string, string>): Harness {
  const t = appForFile({}, { devices });
  const tokens: Record<string, Record<string, string>> = {};
  const call = <T,>(as: string, url: string, method: InjectOptions['method'] = 'GET', payload?: object) => answer<T>(t.app, tokens[as], url, method, payload);
  beforeAll(async () => {
    for (const [as, email] of Object.entries(accounts)) tokens[as] = bearer((await signIn(t.app, email)).token);
  }, SETUP_TIMEOUT);
  return {
    t,
    async signInAs(as, email, password) {
      const token = (await signIn(t.app, email, password)).token;
      tokens[as] = bearer(token);
      return token;
    },
    call,
    n: (sql, params = []) => countOf(t.db, sql, params),
    async exportLines(as, started) {
      expect([started.status, started.message]).toEqual([200, 'Export started']);
      for (let i = 0; i < 200; i += 1) {
        const job = await call<{ status: string; download_link: string | null; error: string | null }>(as, `/api/export/${started.info.id}`);
        if (job.info.status === 'failed') throw new Error(`export failed: ${job.info.error}`);
        if (job.info.status === 'done') {
          const file = await t.app.inject({ url: String(job.info.download_link) });
          return file.body.trim().split(/\r?\n/);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the export did not finish');
    },
  };
}
