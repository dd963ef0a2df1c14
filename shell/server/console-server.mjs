#!/usr/bin/env node
// The console server (:8080): the shell's page with an SPA fallback, every deployed remote under
// /remotes/, the registry /remotes.json (read from disk on every request, so deploying a remote needs
// no restart), and /api + /ws proxied to fleet-api. Every answer carries the security headers of
// SECURITY.md 20: the CSP names exactly the remote origins found in the registry.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import { installDrain } from '@fleet/graceful-stop';
import { LIVE_PATH, LIVE_PROTOCOL, tokenFromProtocols } from '@fleet/contract';

// The same words as the console's outage notice (shared-api API_DOWN_MESSAGE): one message, wherever it shows.
export const API_UNREACHABLE = 'The server is not answering; retrying';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');

/** Reads the registry file; a missing or broken file is an empty registry, never a 500. */
export async function readRegistryFile(file) {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The element the shell reads its first registry and descriptions from (shell/src/registry/registry.ts). */
export const COMPOSITION_ELEMENT_ID = 'fleet-composition';

/**
 * The registry and the descriptions of the remotes this server serves itself (manifest under
 * /remotes/), read from disk, for the page: the shell composes without waiting for /remotes.json and
 * six description.json one after the other. A remote on another origin, or whose description cannot
 * be read, is left out and fetched by the shell as before.
 */
export async function compositionData(registry, remotesDir) {
  const descriptions = {};
  for (const [name, entry] of Object.entries(registry)) {
    const manifest = entry && typeof entry === 'object' ? entry.manifest : undefined;
    const folder = typeof manifest === 'string' ? /^\/remotes\/(.+)\/mf-manifest\.json$/.exec(manifest)?.[1] : undefined;
    if (!folder) continue;
    const file = resolve(remotesDir, folder, 'description.json');
    if (!file.startsWith(resolve(remotesDir) + sep)) continue; // never outside the deployed remotes
    try {
      descriptions[name] = { manifest, description: JSON.parse(await readFile(file, 'utf8')) };
    } catch {
      // fetched by the shell, which reports it if it is missing there too
    }
  }
  return { registry, descriptions };
}

/** The page with the composition data in a JSON block (not a script: the CSP has no inline scripts). */
export function withCompositionData(html, data) {
  // `<` escaped, so no text in the data can close the element
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${COMPOSITION_ELEMENT_ID}">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
}

/** What a build writes beside itself: the files each piece needs before it runs (federation-config preload-list.js). */
export const PRELOAD_FILE = 'preload.json';
/** The shell's pieces a signed-in page runs first (their chunks are in the shell's preload.json under these names). */
export const SIGNED_IN_SHELL_PIECES = ['src/bootstrap.tsx', 'src/layout/SignedInFrame.tsx'];
/** Share keys a signed-in page loads whatever its screen: the live socket (shell/src/bootstrap.tsx). */
export const SIGNED_IN_SHARE_KEYS = ['@fleet/shared-api/live'];
/** The product a page starts with until the user picks one (shared-api's selected product). */
const DEFAULT_PRODUCT = 'all';

/** Whether a react-router pattern (`/agency/devices/view/:id`, `/x/*`) matches a path, case-insensitively. */
export function patternMatches(pattern, pathname) {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i += 1) {
    if (want[i] === '*') return true;
    if (i >= got.length) return false;
    if (want[i].startsWith(':')) continue;
    if (want[i].toLowerCase() !== got[i].toLowerCase()) return false;
  }
  return want.length === got.length;
}

/** More static segments first, as the shell's route table orders them (shell/src/routing/route-table.ts). */
function specificity(path) {
  return path
    .split('/')
    .filter(Boolean)
    .reduce((score, segment) => score + (segment === '*' ? 0 : segment.startsWith(':') ? 1 : 3), 0);
}

/**
 * The remote that owns a signed-in page at `pathname` with the default product, among the inlined
 * descriptions; null for a public page (/login), a path nobody owns, or one whose owner is not inlined.
 */
export function signedInOwner(descriptions, pathname) {
  const owned = [];
  for (const [name, { manifest, description }] of Object.entries(descriptions)) {
    for (const route of Array.isArray(description?.routes) ? description.routes : []) {
      if (typeof route?.path !== 'string') continue;
      const products = Array.isArray(route.products) ? route.products : [];
      // a route bound to other products owns the path only once one of them is chosen
      if (products.length > 0 && !products.includes(DEFAULT_PRODUCT)) continue;
      owned.push({ name, manifest, route, bound: products.length > 0 ? 1 : 0 });
    }
  }
  owned.sort((a, b) => specificity(b.route.path) - specificity(a.route.path) || b.bound - a.bound);
  const match = owned.find((o) => patternMatches(o.route.path, pathname));
  if (!match || match.route.access === 'public') return null;
  return { name: match.name, manifest: match.manifest };
}

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The scripts a signed-in page at `pathname` runs before its first content, in the order it needs them:
 * main.js, the shell's bootstrap and the share keys it consumes, the owner remote's entry, its ./app and
 * the share keys that consumes, the signed-in frame, the live socket. The browser fetches them at once
 * instead of one step after another. Nothing for a public page (/login), a path nobody owns, a QA
 * override (another build of the remote) or a build without preload.json.
 */
export async function signedInPreloads({ pathname, search = '', descriptions, shellDist, remotesDir }) {
  if (/[?&]remote-override=/.test(search)) return [];
  const owner = signedInOwner(descriptions, pathname);
  if (!owner) return [];
  const folder = owner.manifest.replace(/mf-manifest\.json$/, '');
  const remoteFile = resolve(remotesDir, folder.replace(/^\/remotes\//, ''), PRELOAD_FILE);
  if (!remoteFile.startsWith(resolve(remotesDir) + sep)) return [];
  const [shell, remote] = await Promise.all([readJson(join(shellDist, PRELOAD_FILE)), readJson(remoteFile)]);
  if (!shell || typeof shell.shared !== 'object' || typeof shell.lazy !== 'object') return [];
  const hrefs = new Set(['/main.js']);
  const addShared = (keys) => {
    for (const key of keys ?? []) for (const file of shell.shared[key] ?? []) hrefs.add(`/${file}`);
  };
  const [bootstrap, frame] = SIGNED_IN_SHELL_PIECES.map((piece) => shell.lazy[piece]);
  for (const file of bootstrap?.files ?? []) hrefs.add(`/${file}`);
  addShared(bootstrap?.shared);
  // the shell loads the entry beside the manifest (shell/src/registry/registry.ts entryUrl)
  hrefs.add(`${folder}remoteEntry.js`);
  const app = remote?.exposes?.['./app'];
  for (const file of app?.files ?? []) hrefs.add(`${folder}${file}`);
  addShared(app?.shared);
  for (const file of frame?.files ?? []) hrefs.add(`/${file}`);
  addShared(frame?.shared);
  addShared(SIGNED_IN_SHARE_KEYS);
  return [...hrefs];
}

/**
 * The page with preload links for those scripts. Classic scripts, same origin, no crossorigin: the
 * same request mode as the tags webpack and the federation runtime insert, so each file is fetched once.
 */
export function withPreloads(html, hrefs) {
  if (hrefs.length === 0) return html;
  const links = hrefs.map((href) => `<link rel="preload" as="script" href="${href.replace(/[&"<>]/g, encodeURIComponent)}">`).join('');
  return html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : `${links}${html}`;
}

/** Origins (scheme://host:port) of the registry's absolute manifest URLs; relative ones are 'self'. */
export function remoteOrigins(registry) {
  const origins = new Set();
  for (const entry of Object.values(registry)) {
    const manifest = entry && typeof entry === 'object' ? entry.manifest : undefined;
    if (typeof manifest !== 'string' || !/^https?:\/\//i.test(manifest)) continue;
    try {
      origins.add(new URL(manifest).origin);
    } catch {
      // not a URL: ignored, and so never allowed
    }
  }
  return [...origins];
}

/** The page's Content-Security-Policy. Emotion (Chakra) injects <style> tags, hence 'unsafe-inline' for styles only. */
export function contentSecurityPolicy({ remotes = [], connect = [] } = {}) {
  const list = (items) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(["'self'", ...remotes])}`,
    // the federation runtime fetches each remote's mf-manifest.json; the API and socket are same-origin
    `connect-src ${list(["'self'", ...remotes, ...connect])}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list(["'self'", 'data:', 'blob:', ...remotes])}`,
    `font-src ${list(["'self'", 'data:', ...remotes])}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function splitList(value) {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Starts the console server. Resolves to `{ app, url, port, close }`.
 * @param {{ port?: number, host?: string, dataDir?: string, apiUrl?: string, shellDist?: string,
 *   extraRemoteOrigins?: string[], publicUrl?: string, logger?: boolean }} [options]
 */
export async function startConsoleServer(options = {}) {
  const port = options.port ?? Number(process.env.CONSOLE_PORT ?? 8080);
  const host = options.host ?? process.env.CONSOLE_HOST ?? '0.0.0.0';
  const dataDir = resolve(options.dataDir ?? process.env.FLEET_DATA_DIR ?? join(repoRoot, '.data'));
  const apiUrl = options.apiUrl ?? process.env.FLEET_API_URL ?? 'http://127.0.0.1:3000';
  const shellDist = resolve(options.shellDist ?? join(here, '..', 'dist'));
  // QA: origins allowed for ?remote-override besides the registry's own (e.g. http://localhost:8081)
  const extraRemoteOrigins = options.extraRemoteOrigins ?? splitList(process.env.FLEET_REMOTE_ORIGINS);
  const registryFile = join(dataDir, 'remotes.json');
  const remotesDir = join(dataDir, 'remotes');
  const indexFile = join(shellDist, 'index.html');

  if (!existsSync(indexFile)) throw new Error(`The shell is not built: ${indexFile} is missing (npm run build -w shell)`);

  // The console's public address (PUBLIC_URL), if configured: its socket origin joins connect-src.
  const publicUrl = options.publicUrl ?? process.env.PUBLIC_URL;
  const publicSockets = publicUrl ? [new URL(publicUrl).origin.replace(/^http/, 'ws')] : [];

  const app = Fastify({ logger: options.logger ?? false, trustProxy: false });

  // Stopping: new requests get 503 (not a reset) while running ones (an upload being proxied) finish.
  const drain = installDrain(app, { answer: () => ({ status: false, message: 'The console is restarting; try again in a moment' }) });
  const drainAndClose = (graceMs = 5_000) => drain.drainAndClose(graceMs);

  // Development-only calls of fleet-api (the mail outbox) are never reachable through the console.
  app.all('/api/dev', async (_request, reply) => reply.code(404).send({ status: false, message: 'Not found' }));
  app.all('/api/dev/*', async (_request, reply) => reply.code(404).send({ status: false, message: 'Not found' }));

  // the registry of this request, read once: the page carries it and its CSP names its origins
  app.decorateRequest('fleetRegistry', null);
  const registryOf = async (request) => (request.fleetRegistry ??= await readRegistryFile(registryFile));

  app.addHook('onSend', async (request, reply, payload) => {
    const registry = await registryOf(request);
    const remotes = [...new Set([...remoteOrigins(registry), ...extraRemoteOrigins])];
    // Never built from the Host header (or any request header): 'self' covers the same-origin /api
    // and /ws (CSP 3 matches ws:/wss: for 'self'); anything else comes from configuration.
    const sockets = [...publicSockets];
    // a QA origin is usually a remote's dev server, whose live reload talks over a socket
    for (const origin of extraRemoteOrigins) sockets.push(origin.replace(/^http/, 'ws'));
    reply.header('Content-Security-Policy', contentSecurityPolicy({ remotes, connect: sockets }));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    return payload;
  });

  // The registry: read on every request, never cached, so a deployment is one file write.
  app.get('/remotes.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return registryOf(request);
  });

  // Deployed remotes: /remotes/<name>/<version>/... Hashed chunks may be cached for long; the
  // manifest and the entry keep their names from one build to the next, so they are revalidated.
  await app.register(fastifyStatic, {
    root: existsSync(remotesDir) ? remotesDir : dataDir,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    wildcard: true,
    allowedPath: () => existsSync(remotesDir),
    cacheControl: false,
    setHeaders(res, path) {
      if (/\.[0-9a-f]{16,}\.js$/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });

  await app.register(httpProxy, {
    upstream: apiUrl,
    prefix: '/api',
    rewritePrefix: '/api',
    http: { requestOptions: { timeout: 120_000 } },
    replyOptions: {
      // fleet-api limits failed sign-ins per client address: pass the browser's address on (fleet-api
      // believes it only from the proxies named in its TRUST_PROXY setting).
      rewriteRequestHeaders: (request, headers) => ({ ...headers, 'x-forwarded-for': request.ip }),
      // fleet-api restarting or away: an answer in the console's shape, not a bare 500
      onError: (reply) => {
        reply.code(503).send({ status: false, message: API_UNREACHABLE });
      },
    },
  });
  await app.register(httpProxy, {
    upstream: apiUrl,
    prefix: LIVE_PATH,
    rewritePrefix: LIVE_PATH,
    websocket: true,
    // the console offers `fleet-live` and `bearer.<token>` (@fleet/contract's live-socket): the answer
    // names `fleet-live` alone, never the token
    wsServerOptions: { handleProtocols: (offered) => (offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false) },
    wsClientOptions: {
      // The proxy opens its own socket to fleet-api and offers it only the protocol chosen above, so
      // the token the browser offered goes on as the Authorization header (never into a URL). The
      // socket checks where the page came from: keep the browser's Origin.
      rewriteRequestHeaders: (headers, request) => {
        const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
        return {
          ...headers,
          ...(request.headers.origin ? { origin: request.headers.origin } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        };
      },
    },
  });

  // The shell's files: hashed chunks cache for long, main.js revalidates; a missing file falls
  // through to the not-found handler below.
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
    decorateReply: false,
    cacheControl: false,
    setHeaders(res, path) {
      if (/\.[0-9a-f]{16,}\.js$/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });

  // SPA fallback: any other page address is the shell's index.html; files and API paths stay 404.
  const sendIndex = async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    const [html, registry] = await Promise.all([readFile(indexFile, 'utf8'), registryOf(request)]);
    const data = await compositionData(registry, remotesDir);
    const [pathname, search = ''] = request.url.split(/(?=\?)/);
    const preloads = await signedInPreloads({ pathname, search, descriptions: data.descriptions, shellDist, remotesDir });
    return withCompositionData(withPreloads(html, preloads), data);
  };
  app.get('/', async (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/remotes/') &&
      !path.startsWith('/ws') &&
      !/\.[a-z0-9]{1,8}$/i.test(path);
    if (isPage) return sendIndex(request, reply);
    reply.code(404);
    return { status: false, message: 'Not found' };
  });

  const address = await app.listen({ port, host });
  const actualPort = app.server.address().port;
  const url = `http://localhost:${actualPort}`;
  return {
    app,
    url,
    port: actualPort,
    address,
    close: () => drainAndClose(),
  };
}

// `node shell/server/console-server.mjs` runs it on its own.
// (`node -e` passes its own arguments in argv[1]: only a real `node <this file>` runs the CLI)
const evaluated = process.execArgv.some((a) => ['-e', '--eval', '-p', '--print'].includes(a) || a.startsWith('--eval='));
if (!evaluated && process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  startConsoleServer({ logger: process.env.CONSOLE_LOG === '1' })
    .then(({ url, close: drainClose }) => {
      console.log(`console on ${url}`);
      const stop = () => void drainClose().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
}
