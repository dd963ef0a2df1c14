/**
 * Security headers on every answer (SECURITY.md 20 for the API): nosniff, no framing, a CSP that
 * allows nothing for JSON answers, and no caching of API answers (tokens, personal data).
 * The OpenAPI page gets a CSP that lets its own scripts and styles run.
 */
import type { FastifyInstance } from 'fastify';

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const isDocsPage = (url: string): boolean => url === '/api/docs' || (url.startsWith('/api/docs/') && !url.startsWith('/api/docs/json'));

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    const url = request.url.split('?')[0] ?? '';
    if (isDocsPage(url)) {
      if (!reply.getHeader('content-security-policy')) reply.header('content-security-policy', DOCS_CSP);
    } else {
      reply.header('content-security-policy', API_CSP);
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
