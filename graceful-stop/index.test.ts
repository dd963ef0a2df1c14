// The graceful stop both servers use: a request that arrives while stopping is answered 503 with
// `Connection: close` and the given body, one already running finishes, and one that never ends is
// cut when the grace period is over.
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { installDrain, type Drain } from './index';

const BODY = { status: false, message: 'Restarting' };

async function serverWithSlowRoute(): Promise<{ app: FastifyInstance; drain: Drain; url: string; release: () => void }> {
  const app = Fastify();
  const drain = installDrain(app, { answer: () => BODY });
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/slow', async () => {
    await released;
    return { done: true };
  });
  app.get('/fast', async () => ({ fast: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, drain, url, release };
}

/** A GET answered as status, connection header and text (no keep-alive agent: one connection each). */
function get(url: string): Promise<{ status: number; connection: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
};

test('while stopping: new requests get 503 and the body, the running one finishes, then the server closes', async () => {
  const { drain, url, release } = await serverWithSlowRoute();
  const running = get(`${url}/slow`);
  await until(() => drain.inFlight() === 1);
  const stopped = drain.drainAndClose(5_000);
  const refused = await get(`${url}/fast`);
  expect(refused).toEqual({ status: 503, connection: 'close', text: JSON.stringify(BODY) });
  release();
  expect(await running).toMatchObject({ status: 200, text: JSON.stringify({ done: true }) });
  await stopped;
  await expect(get(`${url}/fast`)).rejects.toThrow();
});

test('a request still running when the grace period ends is cut, and the stop ends within its budget', async () => {
  const { drain, url, release } = await serverWithSlowRoute();
  const running = get(`${url}/slow`);
  await until(() => drain.inFlight() === 1);
  const since = Date.now();
  await drain.drainAndClose(300);
  expect(Date.now() - since).toBeLessThan(5_000);
  await expect(running).rejects.toThrow();
  release();
});

test('with nothing running, the stop closes at once', async () => {
  const { drain } = await serverWithSlowRoute();
  expect(drain.inFlight()).toBe(0);
  await drain.drainAndClose(60_000);
});
