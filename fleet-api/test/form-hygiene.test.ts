// Every route that takes form data (its schema `consumes` multipart/form-data, found in
// app.fleetRoutes, so routes added later are walked too) answers a broken form with a 4xx and the one
// error shape, never a 5xx (issue 20, item 4; SECURITY.md 24): multipart without a boundary, a body
// cut short, a body of another boundary, and content types the route does not take.
import type { RegisteredRoute } from '../src/policy/access';
import { bearer, appForFile, tokensFor } from './support/app';

const t = appForFile();
const tokens = tokensFor(t);

const formRoutes = (): RegisteredRoute[] =>
  t.app.fleetRoutes.filter((r) => ((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'));

const B = '----fleet-broken-form';
const part = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Broken bodies: [what, content-type, payload]. */
const BROKEN: Array<[string, string, string]> = [
  ['multipart without a boundary', 'multipart/form-data', `${part('agency_name', 'Acme')}--${B}--\r\n`],
  ['multipart without a boundary, plain text', 'multipart/form-data', 'agency_name=Acme'],
  ['an empty boundary', 'multipart/form-data; boundary=', `${part('agency_name', 'Acme')}--${B}--\r\n`],
  ['a body cut inside a value', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="agency_name"\r\n\r\nAc`],
  ['a body cut inside a part header', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-da`],
  ['a body without its closing boundary', `multipart/form-data; boundary=${B}`, part('agency_name', 'Acme')],
  ['a body of another boundary', `multipart/form-data; boundary=${B}`, `--other\r\nContent-Disposition: form-data; name="agency_name"\r\n\r\nAcme\r\n--other--\r\n`],
  ['an empty body', `multipart/form-data; boundary=${B}`, ''],
  ['a file part without a name', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; filename="a.bin"\r\n\r\nxx\r\n--${B}--\r\n`],
  ['text/plain', 'text/plain', 'agency_name=Acme'],
  ['a urlencoded form', 'application/x-www-form-urlencoded', 'agency_name=Acme'],
  ['multipart/mixed', `multipart/mixed; boundary=${B}`, `${part('agency_name', 'Acme')}--${B}--\r\n`],
  ['octet-stream', 'application/octet-stream', 'agency_name=Acme'],
  ['JSON that is cut short', 'application/json', '{"agency_name": "Ac'],
];

it('walks the form routes (the agency profile, agency add and edit, firmware and slider forms)', () => {
  const urls = formRoutes().map((r) => `${r.method} ${r.url}`);
  expect(urls).toEqual(expect.arrayContaining(['POST /api/agency/editprofile', 'POST /api/agency/add', 'POST /api/ota/store', 'POST /api/homepage/slider']));
});

it('answers every broken form with a 4xx in the one error shape, never a 5xx', async () => {
  const problems: string[] = [];
  for (const route of formRoutes()) {
    const role = 'public' in route.access ? null : route.access.roles.includes('Admin') ? 'Admin' : route.access.roles[0];
    const url = route.url.replace(/:([A-Za-z_]+)/g, '1');
    for (const [what, type, payload] of BROKEN) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...(role ? bearer(tokens[role] ?? '') : {}), 'content-type': type },
        payload,
      });
      const where = `${route.method} ${route.url} with ${what}`;
      if (res.statusCode >= 500 || res.statusCode < 400) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (!/^application\/json/.test(String(res.headers['content-type']))) problems.push(`${where}: answered ${String(res.headers['content-type'])}`);
      else {
        const body = res.json<Record<string, unknown>>();
        if (body.status !== false || typeof body.message !== 'string' || /node_modules|\.ts:\d+/.test(res.body)) problems.push(`${where}: ${res.body.slice(0, 160)}`);
      }
    }
  }
  expect(problems).toEqual([]);
}, 120_000);

it('a form without a boundary is the firmware upload\'s 400, on the agency profile too', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agency/editprofile',
    headers: { ...bearer(tokens.Agency ?? ''), 'content-type': 'multipart/form-data' },
    payload: 'agency_name=Acme',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ status: false, message: 'The multipart body is malformed (missing boundary or unfinished form); nothing was kept', code: 'uploads.malformed' });
});
