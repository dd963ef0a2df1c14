// Issue 9: Admin opens the Lighting list of the demo fleet, filters it (the state survives a
// reload), downloads it as CSV (a server job), opens a device, and edits its impulse rate: a wrong value gets the spec's message and
// nothing is saved; a right one is saved (Wh/imp sent as imp/kWh) and shown back as typed.
import { chromiumPerFile, downloadedText, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

test('Admin filters the Lighting list, opens a device and edits its impulse rate', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/bulb/devices');
    const table = page.getByRole('table', { name: 'Devices [Lighting]' });
    await table.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Devices [Lighting]"] tbody tr td').length > 1);

    // filter: Device Status Active and Connection Type Bluetooth
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Active', { exact: true }).click();
    await drawer.getByText('Bluetooth', { exact: true }).click();
    const filtered = page.waitForResponse((r) => r.url().includes('/api/bulb/list') && r.url().includes('filter='));
    await drawer.getByRole('button', { name: 'Apply' }).click();
    expect((await filtered).status()).toBe(200);
    await drawer.waitFor({ state: 'detached' });
    const url = new URL(page.url());
    expect(url.searchParams.getAll('device_status[]')).toEqual(['Active']);

    // the filtered list survives a reload
    const reloaded = page.waitForResponse((r) => r.url().includes('/api/bulb/list') && r.url().includes('filter='));
    await page.reload();
    await reloaded;
    await table.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Devices [Lighting]"] tbody tr td').length > 1);
    for (const badge of await table.locator('tbody tr td:nth-child(6)').allTextContents()) expect(badge).toBe('Active');

    // the whole filtered list as CSV: a server job with progress, then the file
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Devices.csv');
    const csv = await downloadedText(file);
    // COPY writes LF line ends
    const lines = csv.trim().split('\n');
    expect(lines[0]).toMatch(/^Record ID,Product,Serial Number,MAC Address/);
    expect(lines.length).toBeGreaterThan(1);
    // the Product column names the product as the console does
    for (const line of lines.slice(1)) expect(line).toContain(',Lighting,');
    await page.getByRole('link', { name: /^Download Devices\.csv/ }).waitFor();

    // open the first device
    await table.getByRole('button', { name: /^View / }).first().click();
    await page.waitForURL('**/admin/bulb/device/view/**');
    await page.getByRole('heading', { name: /^Device Details \[/ }).waitFor();

    // a wrong impulse rate: the spec's message, nothing sent
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Device' });
    const rate = dialog.getByLabel(/^Impulse Rate(?! Type)/);
    await rate.fill('3');
    await dialog.getByLabel('Impulse Rate Type').selectOption('Wh/imp');
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/device/edit/')) sent += 1;
    });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('Please enter a valid impulse rate').waitFor();
    expect(sent).toBe(0);

    // a right one is saved and shown back as typed
    await rate.fill('8');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/device/edit/'));
    // the device is read again after the save: the server holds the rate as imp/kWh (1000 / 8)
    const reread = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('/api/device/get-info'));
    await dialog.getByRole('button', { name: 'Update' }).click();
    expect((await saved).status()).toBe(200);
    const info = ((await (await reread).json()) as { info: { impulse_rate: number; impulse_rate_type: string } }).info;
    expect(info).toMatchObject({ impulse_rate: 125, impulse_rate_type: 'Wh/imp' });
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Wh/imp', { exact: true }).waitFor();
  }));

test("Admin reads a safelink hub's smoke alarms and downloads a meter's flashes CSV", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');

    // every hub's alarms, then one alarm, then its hub's page with the hub's own alarms
    await page.goto('/admin/smoke-alarm/devices');
    const alarms = page.getByRole('table', { name: 'Smoke Alarms' });
    await alarms.getByRole('button', { name: /^View SA/ }).first().click();
    await page.getByRole('heading', { name: /^Smoke Alarm Details \[SA/ }).waitFor();
    const hubLink = page.locator('dd a').first();
    await hubLink.click();
    await page.waitForURL('**/admin/safelink/device/view/**');
    await page.getByRole('table', { name: 'Smoke Alarms' }).getByRole('cell', { name: /^SA/ }).first().waitFor();

    // the lowest record ids have a week of flashes in the demo fleet
    await page.goto('/admin/electricity-advisor/devices?sortBy=id&orderBy=asc');
    await page.getByRole('table', { name: 'Devices [Electricity Advisor]' }).getByRole('button', { name: /^View / }).first().click();
    await page.getByRole('heading', { name: /^Device Details \[/ }).waitFor();
    await page.getByRole('button', { name: 'Flashes CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flashes CSV' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Flashes-[A-Za-z0-9]+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadedText(file);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Date Time,Flashes,Impulse Rate (imp/kWh),Energy (kWh),Unit Charge ($/kWh),Cost ($)');
    expect(lines.length).toBeGreaterThan(48);
    await dialog.waitFor({ state: 'detached' });
  }));
