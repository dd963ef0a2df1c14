// Signing in the way a person does: the login form, then the 6-digit code from the mail the API sent
// (read from fleet-api's development outbox).
import type { Page } from 'playwright-core';
import { stackInfo } from './browser';

export const DEMO_PASSWORD = 'Demo-pass-2026';

export type UserType = 'Admin' | 'Agency' | 'Electrician' | 'User' | 'mscc' | 'sm' | 'Customer';

export interface DemoAccount {
  email: string;
  userType: UserType;
  /** Home after sign-in (spec 2.2; Agency with a product other than heat_pump). */
  home: string;
  /** The profile screen its side menu offers (spec 2.13), if the role has one. */
  profile?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@demo.test', userType: 'Admin', home: '/admin/dashboard', profile: '/admin/profile' },
  { email: 'agency@demo.test', userType: 'Agency', home: '/agency/devices', profile: '/agency/profile' },
  { email: 'electrician@demo.test', userType: 'Electrician', home: '/electrician/devices', profile: '/electrician/profile' },
  { email: 'user@demo.test', userType: 'User', home: '/user/dashboard' },
  { email: 'mscc@demo.test', userType: 'mscc', home: '/multisite/dashboard', profile: '/mscc/profile' },
  { email: 'sm@demo.test', userType: 'sm', home: '/sitemanager/dashboard', profile: '/sm/profile' },
  { email: 'customer@demo.test', userType: 'Customer', home: '/customer/devices', profile: '/customer/profile' },
];

export function account(email: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!found) throw new Error(`${email} is not a demo account`);
  return found;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

async function outbox(email: string, apiUrl = stackInfo().apiUrl): Promise<OutboxMail[]> {
  const res = await fetch(`${apiUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}`);
  const body = (await res.json()) as { info?: { data?: OutboxMail[] } };
  return body.info?.data ?? [];
}

const mailKey = (m: OutboxMail | undefined): string => (m ? `${m.created_at}|${m.subject}|${m.text}` : '');

/** Waits for a mail to `email` newer than `previous` (the newest one before the action) and returns it. */
export async function waitForMail(email: string, previous: string, apiUrl = stackInfo().apiUrl): Promise<OutboxMail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const newest = (await outbox(email, apiUrl))[0];
    if (newest && mailKey(newest) !== previous) return newest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new mail reached ${email} within 20 s`);
}

/** Waits for a mail to `email` newer than `previous` (the newest one before the action) and returns its code. */
export async function waitForOtp(email: string, previous: string, apiUrl = stackInfo().apiUrl): Promise<string> {
  const newest = await waitForMail(email, previous, apiUrl);
  const code = /\b(\d{6})\b/.exec(`${newest.subject}\n${newest.text}`)?.[1];
  if (!code) throw new Error(`the newest mail to ${email} holds no 6-digit code: ${newest.subject}`);
  return code;
}

/** The console link a mail carries (a reset or invitation link), as a URL. */
export function linkOf(mail: OutboxMail): URL {
  const found = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!found) throw new Error(`the mail "${mail.subject}" holds no link`);
  return new URL(found);
}

export async function newestMailKey(email: string, apiUrl = stackInfo().apiUrl): Promise<string> {
  return mailKey((await outbox(email, apiUrl))[0]);
}

/** The login form (`/login`, or a portal's: `/sm/login`) up to the code screen. */
export async function passwordStep(page: Page, email: string, password = DEMO_PASSWORD, loginPath = '/login'): Promise<void> {
  await page.goto(loginPath);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/verify-otp**');
}

/** Login form (`/login`, or a portal's: `/sm/login`) -> /verify-otp -> the code from the outbox -> the role's home. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, loginPath = '/login'): Promise<void> {
  const before = await newestMailKey(email);
  await passwordStep(page, email, password, loginPath);
  const code = await waitForOtp(email, before);
  await page.getByRole('textbox', { name: 'OTP', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL((url) => !/\/(verify-otp|login)$/.test(url.pathname));
  const stored = await page.evaluate(() => window.localStorage.getItem('access-token'));
  expect(stored).toBeTruthy();
}
