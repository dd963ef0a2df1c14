import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { REDACTED, serializeRequest, urlWithoutSecrets } from './request-log';

describe('urlWithoutSecrets', () => {
  it("replaces the live socket's token and a download link's signature, and keeps everything else", () => {
    expect(urlWithoutSecrets('/ws?token=eyJhbGciOi.x.y')).toBe(`/ws?token=${REDACTED}`);
    expect(urlWithoutSecrets('/api/ota/download/7/file?expires=1795791546&signature=ab12')).toBe(`/api/ota/download/7/file?expires=1795791546&signature=${REDACTED}`);
    expect(urlWithoutSecrets('/api/device/list?page=2&limit=25&filter=%7B%7D')).toBe('/api/device/list?page=2&limit=25&filter=%7B%7D');
    expect(urlWithoutSecrets('/ws?TOKEN=abc&%74oken=def&tokens=keep')).toBe(`/ws?TOKEN=${REDACTED}&%74oken=${REDACTED}&tokens=keep`);
    expect(urlWithoutSecrets('/api/health')).toBe('/api/health');
    expect(urlWithoutSecrets('/ws?%E0%A4=1&token=abc')).toBe(`/ws?%E0%A4=1&token=${REDACTED}`);
  });
});

describe("the app's request log", () => {
  it('holds no token of a socket URL', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream: sink, serializers: { req: serializeRequest } } });
    app.get('/ws', async () => ({ ok: true }));
    await app.inject({ url: '/ws?token=secret-access-token' });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain(`/ws?token=${REDACTED}`);
    expect(logged).not.toContain('secret-access-token');
  });
});
