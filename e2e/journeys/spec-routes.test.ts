// Issue 20, item 8: routes of the spec that answered "Page not found", opened as their role: the sites
// user's dashboard and devices (a signed-in site manager or company contact), the agency's
// customer/sites, Admin's short heat-pump paths (replacing redirects); User's not-found page offers
// no profile it does not have.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function rowsIn(page: Page, table: string): Promise<void> {
  await page.waitForFunction((name) => (document.querySelector(`table[aria-label="${name}"] tbody tr td`)?.textContent ?? '') !== '', table);
  expect(await page.getByText('Page not found').count()).toBe(0);
}

describe("spec 2.9: the sites user's routes", () => {
  test.each([
    ['sm@demo.test', '/sitemanager/dashboard'],
    ['mscc@demo.test', '/multisite/dashboard'],
  ])('%s sees its sites at /sites/dashboard and its heat pumps at /sites/devices', (email, home) =>
    journey(browser(), async ({ page }) => {
      await signIn(page, email);
      await page.waitForURL(`**${home}`);
      await page.goto('/sites/dashboard');
      await page.getByRole('heading', { name: 'Network Dashboard', level: 1 }).waitFor();
      await page.getByLabel(/^Total in service: [1-9]\d*$/).waitFor();
      await page.goto('/sites/devices');
      await page.getByRole('heading', { name: 'Devices [Heat Pump]' }).waitFor();
      await rowsIn(page, 'Devices [Heat Pump]');
      expect(pathOf(page)).toBe('/sites/devices');
    }),
  );

  test('without a sign-in they go to /login and ask the server nothing', () =>
    journey(browser(), async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/') && !r.url().includes('/api/health')) calls.push(new URL(r.url()).pathname);
      });
      for (const path of ['/sites/dashboard', '/sites/devices']) {
        await page.goto(path);
        await page.waitForURL('**/login');
      }
      expect(calls.filter((p) => /nms|heat-pump/.test(p))).toEqual([]);
    }));
});

test("spec 2.5: the agency's customer/sites lists the sites of its companies, from its menu", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'agency@demo.test');
    await page.waitForURL('**/agency/devices');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sites', exact: true }).click();
    await page.waitForURL('**/agency/customer/sites');
    await page.getByRole('heading', { name: 'Sites' }).waitFor();
    await rowsIn(page, 'Sites');
  }));

test("spec 2.4: Admin's short heat-pump paths lead to the screens under /admin/heat_pump/, replacing themselves", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    const cases: Array<[string, string, string]> = [
      ['/admin/models', '/admin/heat_pump/models', 'Heat Pump Models'],
      ['/admin/faulty-systems?fault_status=1', '/admin/heat_pump/faulty-systems?fault_status=1', 'Attention [Heat Pump]'],
      ['/admin/multi-site-company', '/admin/heat_pump/multi-site-company', 'Multi-Site Company'],
      ['/admin/sites', '/admin/heat_pump/sites', 'Sites'],
      ['/admin/multi-site-contacts', '/admin/heat_pump/multi-site-contacts', 'Multi Site Contacts'],
      ['/admin/site-managers', '/admin/heat_pump/site-managers', 'Site Managers'],
    ];
    for (const [from, to, heading] of cases) {
      await page.goto(from);
      await page.waitForURL((url) => url.pathname + url.search === to);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
    }
    // the /view/{id} forms, with a company and a site of the fleet
    const firstId = async (list: string, table: string, view: string) => {
      await page.goto(list);
      await rowsIn(page, table);
      await page.getByRole('table', { name: table }).getByRole('button', { name: /^View / }).first().click();
      await page.waitForURL(`**${view}/*`);
      return new URL(page.url()).pathname.split('/').pop() ?? '';
    };
    const company = await firstId('/admin/heat_pump/multi-site-company', 'Multi-Site Company', '/admin/heat_pump/multi-site-company/view');
    const site = await firstId('/admin/heat_pump/sites', 'Sites', '/admin/heat_pump/sites/view');
    await page.goto('/admin/heat_pump/models');
    await page.goto(`/admin/sites/view/${site}`);
    await page.waitForURL(`**/admin/heat_pump/sites/view/${site}`);
    await page.goto(`/admin/multi-site-company/view/${company}`);
    await page.waitForURL(`**/admin/heat_pump/multi-site-company/view/${company}`);
    // replaced: Back skips the short path
    await page.goBack();
    await page.waitForURL(`**/admin/heat_pump/sites/view/${site}`);
  }));

test("User's not-found page leads home, and offers no profile (User has none)", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'user@demo.test');
    await page.waitForURL('**/user/dashboard');
    await page.goto('/user/profile');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to home page' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to your profile' }).count()).toBe(0);
    // its menu names its two lists apart
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Heat Pumps', 'Other Devices']);
  }));
