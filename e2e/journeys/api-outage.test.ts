// Issue 8, "API down": with fleet-api stopped the console keeps serving, the open screen shows ONE
// notice ("The server is not answering; retrying") rather than a toast per failed call, and once
// fleet-api is back on the same port and data the notice goes and the screen reads its data again,
// without a reload. Runs on a stack of its own (it stops that stack's fleet-api).
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';
import { ownStackPerFile } from '../support/stack';

const browser = chromiumPerFile();
const ownStack = ownStackPerFile({ seedDevices: 100 });

const NOTICE = 'The server is not answering; retrying';

test('one notice while fleet-api is away; the screen recovers by itself when it is back', () =>
  journey(browser(), async (j) => {
    // the browser logs each call the console answered 503 while fleet-api was away
    j.expect(/status of 50[234]/);
    const { page } = j;
    const own = ownStack();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/profile');
    await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'admin@demo.test');

    await own.stopApi();
    // The console itself still answers while fleet-api is down.
    expect((await fetch(`${own.consoleUrl}/remotes.json`)).status).toBe(200);
    const api = await fetch(`${own.consoleUrl}/api/profile`);
    expect(api.status).toBe(503);
    expect(((await api.json()) as { status: boolean }).status).toBe(false);

    // A reload of the open screen: its calls fail, one notice says why, no error toasts pile up.
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: NOTICE });
    await notice.first().waitFor();
    await page.waitForTimeout(1500);
    // One notice: no toast per failed call (the screen's own empty state may name the same cause).
    expect(await notice.count()).toBe(1);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(await page.getByText('Oops! Please check your internet connection.').count()).toBe(0);

    await own.startApi();
    // No click, no reload: the probe sees the API, the notice goes, the profile is read again.
    await page.getByRole('status').filter({ hasText: NOTICE }).waitFor({ state: 'detached', timeout: 30_000 });
    await page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'admin@demo.test', undefined, { timeout: 30_000 });
  }));
