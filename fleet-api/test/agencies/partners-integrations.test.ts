// Issue 13 (partners, integrations): partners with their agencies, devices and agents, kept by
// Admin (unique names, the agencies each works with); each agency's integration (installer-app
// flows, agents ready to sign in, devices per channel).
import { SETUP_TIMEOUT } from '../support/app';
import { harnessForFile } from './support';

const h = harnessForFile(300, { Admin: 'admin@demo.test', Agency: 'agency@demo.test' });
let brightHome = 0;
let demoAgency = 0;
let harbour = 0;

beforeAll(async () => {
  brightHome = await h.n("SELECT id::int AS n FROM partners WHERE name = 'BrightHome Rebates'");
  demoAgency = await h.n("SELECT id::int AS n FROM agencies WHERE email = 'agency@demo.test'");
  harbour = await h.n("SELECT id::int AS n FROM agencies WHERE agency_name = 'Harbour Electrical Group'");
}, SETUP_TIMEOUT);

const agenciesOf = (partner: number) => h.n('SELECT count(*)::int AS n FROM partner_agencies WHERE partner_id = $1', [partner]);
const devicesOf = (partner: number, lines = "product_line <> 'heat_pump'") =>
  h.n(`SELECT count(*)::int AS n FROM devices WHERE ${lines} AND agency_id IN (SELECT agency_id FROM partner_agencies WHERE partner_id = $1)`, [partner]);

describe('partners', () => {
  it('lists the demo partners with their agencies and devices of the product', async () => {
    const list = await h.call<{ data: Array<{ id: number; name: string; agencies: number; devices: number }>; total: number }>('Admin', '/api/partner/all?sortBy=name&orderBy=asc');
    expect(list.info.data.map((p) => p.name)).toEqual(['BrightHome Rebates', 'GreenSwitch Finance', 'Solar Savers Network']);
    const bright = list.info.data[0];
    expect(bright).toMatchObject({ agencies: 3, devices: await devicesOf(brightHome) });
    const heatPumps = await h.call<{ devices: number }>('Admin', `/api/partner/get/${brightHome}?deviceType=heat_pump`);
    expect(heatPumps.info.devices).toBe(await devicesOf(brightHome, "product_line = 'heat_pump'"));
    const filtered = await h.call<{ data: Array<{ name: string }> }>('Admin', `/api/partner/all?filter=${encodeURIComponent(JSON.stringify([{ key: 'name', value: 'green', type: 'single' }]))}`);
    expect(filtered.info.data.map((p) => p.name)).toEqual(['GreenSwitch Finance']);
    expect((await h.call('Agency', '/api/partner/all')).status).toBe(403);
  });

  it("pages a partner's agencies, devices and agents", async () => {
    const agencies = await h.call<{ data: Array<{ agency_name: string }>; total: number }>('Admin', `/api/partner/agencies?partner_id=${brightHome}&page=1&limit=25&orderBy=asc&sortBy=agency_name`);
    expect(agencies.info.data.map((a) => a.agency_name)).toEqual(['Coastal Energy Solutions', 'Sunrise Installers', 'Sunrise Installers West']);
    const devices = await h.call<{ total: number; data: Array<{ agency_name: string }> }>('Admin', `/api/partner/devices?partner_id=${brightHome}&page=1&limit=10&orderBy=desc&sortBy=created_at&deviceType=all`);
    expect(devices.info.total).toBe(await devicesOf(brightHome));
    expect(devices.info.data.every((d) => ['Coastal Energy Solutions', 'Sunrise Installers', 'Sunrise Installers West'].includes(d.agency_name))).toBe(true);
    const agents = await h.call<{ total: number }>('Admin', `/api/partner/agents?partner_id=${brightHome}`);
    expect(agents.info.total).toBe(9);
    for (const path of ['agencies', 'devices', 'agents']) expect((await h.call('Admin', `/api/partner/${path}?partner_id=999999`)).status).toBe(404);
  });

  it('adds, edits and deletes a partner with its messages; links and unlinks an agency', async () => {
    for (const [body, message] of [
      [{ name: '' }, 'Name is required'],
      [{ name: 'Volt', email: 'volt@' }, 'Email address is invalid'],
      [{ name: 'Volt', phone: '123' }, 'Phone Number must be 8 to 13 characters.'],
      [{ name: 'Volt', website: 'volt.example.com' }, 'Website is invalid. Enter a valid link'],
    ] as const) {
      const res = await h.call('Admin', '/api/partner/add', 'POST', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    const added = await h.call<{ id: number }>('Admin', '/api/partner/add', 'POST', { name: ' Volt Rewards ', email: 'hello@volt.example.com', phone: '1300555404', website: 'https://volt.example.com' });
    expect([added.status, added.message]).toEqual([200, 'Partner added successfully']);
    const id = added.info.id;
    expect((await h.call('Admin', '/api/partner/add', 'POST', { name: 'volt rewards' })).status).toBe(409);
    expect((await h.call('Admin', `/api/partner/edit/${id}`, 'PUT', { name: 'Volt Rewards Club', email: '', phone: '', website: '' })).status).toBe(200);
    expect(await h.n("SELECT count(*)::int AS n FROM partners WHERE id = $1 AND name = 'Volt Rewards Club' AND email IS NULL", [id])).toBe(1);

    const linked = await h.call('Admin', '/api/partner/agency', 'POST', { partner_id: id, agency_id: harbour });
    expect([linked.status, linked.message]).toEqual([200, 'Agency added to the partner']);
    expect((await h.call('Admin', '/api/partner/agency', 'POST', { partner_id: id, agency_id: harbour })).status).toBe(409);
    expect((await h.call('Admin', '/api/partner/agency', 'POST', { partner_id: id, agency_id: 999999 })).status).toBe(404);
    // the partner's devices follow its agencies at once (the cached totals are renewed)
    expect((await h.call<{ devices: number }>('Admin', `/api/partner/get/${id}`)).info.devices).toBe(await devicesOf(id));
    expect(await devicesOf(id)).toBeGreaterThan(0);
    const agency = await h.call<{ partners: Array<{ name: string }> }>('Admin', `/api/agency/get/${harbour}`);
    expect(agency.info.partners.map((p) => p.name)).toContain('Volt Rewards Club');
    expect((await h.call('Admin', `/api/partner/agency?partner_id=${id}&agency_id=${harbour}`, 'DELETE')).status).toBe(200);
    expect((await h.call('Admin', `/api/partner/agency?partner_id=${id}&agency_id=${harbour}`, 'DELETE')).status).toBe(404);
    expect((await h.call<{ devices: number }>('Admin', `/api/partner/get/${id}`)).info.devices).toBe(0);

    await h.call('Admin', '/api/partner/agency', 'POST', { partner_id: id, agency_id: harbour });
    const deleted = await h.call('Admin', `/api/partner/delete/${id}`, 'DELETE');
    expect([deleted.status, deleted.message]).toEqual([200, 'Partner deleted successfully']);
    expect(await agenciesOf(id)).toBe(0);
    expect(await h.n('SELECT count(*)::int AS n FROM agencies WHERE id = $1', [harbour])).toBe(1);
    expect((await h.call('Admin', `/api/partner/get/${id}`)).status).toBe(404);
  });
});

describe('integrations', () => {
  interface Integration {
    id: number;
    agency_name: string;
    flows: string[];
    agents: number;
    agents_ready: number;
    devices: number;
    channels: { installer_app: number; customer_app: number; console: number; other: number };
  }

  it("lists each agency's installer-app set-up and its devices per channel", async () => {
    const list = await h.call<{ data: Integration[]; total: number }>('Admin', '/api/integration/get/all?limit=100');
    expect(list.info.total).toBe(await h.n('SELECT count(*)::int AS n FROM agencies'));
    const demo = list.info.data.find((i) => i.id === demoAgency);
    const channel = (via: string) => h.n('SELECT count(*)::int AS n FROM devices WHERE agency_id = $1 AND installed_via = $2', [demoAgency, via]);
    expect(demo).toMatchObject({
      flows: ['install', 'replace', 'remove'],
      agents: 3,
      // one of the three is In-Active
      agents_ready: 2,
      devices: await h.n('SELECT count(*)::int AS n FROM devices WHERE agency_id = $1', [demoAgency]),
      channels: { installer_app: await channel('Installer App'), customer_app: await channel('Customer App'), console: await channel('Console'), other: 0 },
    });
    const removing = await h.call<{ data: Integration[] }>('Admin', `/api/integration/get/all?filter=${encodeURIComponent(JSON.stringify([{ key: 'flows', value: ['remove'], type: 'multi' }]))}`);
    expect(removing.info.data.map((i) => i.agency_name).sort()).toEqual(['Coastal Energy Solutions', 'Sunrise Installers']);
    expect((await h.call('Agency', '/api/integration/get/all')).status).toBe(403);
  });

  it("splits one agency's devices per channel and product line", async () => {
    const one = await h.call<Integration & { lines: Array<{ installed_via: string | null; product_line: string; devices: number }>; agents_without_password: number }>('Admin', `/api/integration/get/${demoAgency}`);
    expect(one.info.lines.reduce((sum, l) => sum + l.devices, 0)).toBe(one.info.devices);
    const { rows } = await h.t.db.query<{ installed_via: string; product_line: string; n: number }>(
      'SELECT installed_via, product_line, count(*)::int AS n FROM devices WHERE agency_id = $1 GROUP BY 1, 2',
      [demoAgency],
    );
    const expected = rows.map((r) => ({ installed_via: r.installed_via, product_line: r.product_line, devices: r.n }));
    expect(one.info.lines).toHaveLength(expected.length);
    expect(one.info.lines).toEqual(expect.arrayContaining(expected));
    expect((await h.call('Admin', '/api/integration/get/999999')).status).toBe(404);
  });
});
