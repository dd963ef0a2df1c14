/**
 * What fleet-api's log says about a request. Fastify's own serializer writes the whole URL, and two
 * of ours carry a secret in their query: the live socket's access token (`/ws?token=`, the browser's
 * WebSocket cannot send a header) and a download link's signature (a capability: whoever has it
 * downloads). A log readable by operations must not hand either out, so their values are replaced.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_KEYS = new Set(['token', 'signature']);
export const REDACTED = '[redacted]';

/** The URL with the value of every secret query parameter replaced, the rest as sent. */
export function urlWithoutSecrets(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // a malformed escape is logged as sent
      }
      return eq >= 0 && SECRET_QUERY_KEYS.has(name.toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

export interface LoggedRequest {
  [field: string]: unknown;
  method: string;
  url: string;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
}

/** Fastify's `serializers.req`: its default fields, the URL without secrets. */
export function serializeRequest(request: FastifyRequest): LoggedRequest {
  return {
    method: request.method,
    url: urlWithoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
