// The access table: every registered route, called with every role's token, answers 403 for roles it
// is not for and never 401/403 for roles it is for. Routes added by later modules are covered
// automatically (the app records every route with its rule as it is registered).
import Fastify from 'fastify';
import { enforceDeclarations, type RegisteredRoute } from '../src/policy/access';
import { USER_TYPES, type UserType } from '../src/policy/roles';
import { bearer, appForFile, tokensFor } from './support/app';

const t = appForFile();
const tokens = tokensFor(t);

/** Fills path parameters with an id that exists for nobody's slice in particular. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

it('has a token for every role', () => {
  expect(Object.keys(tokens).sort()).toEqual([...USER_TYPES].sort());
});

it('every route declares an access rule', () => {
  expect(t.app.fleetRoutes.length).toBeGreaterThan(20);
  for (const r of t.app.fleetRoutes) {
    expect(r.access).toBeDefined();
    expect('public' in r.access || r.access.roles.length > 0).toBe(true);
  }
});

it('walks every route with every role: 403 for roles it is not for, never 401/403 for those it is', async () => {
  const problems: string[] = [];
  const routes = t.app.fleetRoutes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
  for (const route of routes) {
    if ('public' in route.access) continue;
    const allowed = route.access.roles;
    for (const role of USER_TYPES) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(tokens[role] ?? ''),
        // No body: an allowed role gets past the policy and fails validation (400) or succeeds;
        // logout would end the session, so it is called with a body that fails validation.
        ...(route.url === '/api/authenticate/logout' ? { payload: { nope: 1 } } : {}),
      });
      const isAllowed = allowed.includes(role as UserType);
      if (isAllowed && (res.statusCode === 401 || res.statusCode === 403)) {
        problems.push(`${route.method} ${route.url} as ${role}: ${res.statusCode} but the role is allowed`);
      }
      if (!isAllowed && res.statusCode !== 403) {
        problems.push(`${route.method} ${route.url} as ${role}: ${res.statusCode}, expected 403`);
      }
      if (res.statusCode >= 500) problems.push(`${route.method} ${route.url} as ${role}: ${res.statusCode}`);
    }
    const anonymous = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
    if (anonymous.statusCode !== 401) problems.push(`${route.method} ${route.url} without a token: ${anonymous.statusCode}`);
  }
  expect(problems).toEqual([]);
}, 180_000); // every route x every role: on a shared CI core with PostgreSQL it has taken over 30 s

// A new public route must be added here on purpose: anything else is for signed-in roles.
it('public routes are the sign-in, sign-up, reset, health, docs, dev outbox and signed download calls only', () => {
  const publicUrls = new Set(t.app.fleetRoutes.filter((r) => 'public' in r.access && !r.url.startsWith('/api/docs')).map((r) => r.url));
  expect([...publicUrls].sort()).toEqual(
    [
      '/api/agency/sign-up',
      '/api/authenticate/login',
      '/api/authenticate/login-otp',
      '/api/authenticate/passkey/options', // a passkey's sign-in: a challenge, then the signed answer (modules/mfa/passkey-routes.ts)
      '/api/authenticate/passkey/verify',
      '/api/authenticate/resend-otp',
      '/api/dev/outbox',
      '/api/dev/heat-pump-events', // development only, direct loopback callers only (like the outbox)
      '/api/electrician/reset-password',
      '/api/electrician/reset-password-request',
      '/api/health',
      '/api/ota/download/:id/:slot', // a signed, expiring link (firmware module)
      '/api/export/download/:id/:slot', // a signed, expiring link (device exports)
      '/api/homepage/slider/image/:id/:slot', // a signed, expiring link (a slide's image, for an <img>)
      '/ws', // the live socket checks its token itself at the handshake (modules/live/routes.ts)
      '/api/reset-password',
      '/api/reset-password-request',
      '/api/send-verification-mail',
      '/api/token-refresh',
      '/api/verify-email',
    ].sort(),
  );
});

it('a route without an access rule stops the app at start-up', async () => {
  const app = Fastify();
  const registry: RegisteredRoute[] = [];
  enforceDeclarations(app, registry);
  app.register(async (child) => {
    child.get('/api/declared', { config: { access: { roles: ['Admin'] } } }, async () => ({ status: true }));
  });
  app.register(async (child) => {
    child.get('/api/forgotten', async () => ({ status: true }));
  });
  await expect(app.ready()).rejects.toThrow('Route GET /api/forgotten declares no access rule (config.access)');
  expect(registry.map((r) => r.url)).toContain('/api/declared');
});
