// A production install has no demo account (config.seedDemo is false there): FLEET_ADMIN_EMAIL invites
// its first Admin at start-up, once, whatever the number of instances starting (docs/deploy.md).
import { inviteFirstAdmin } from '../src/modules/auth/invitations';
import { openTestDb, type TestDb } from './support/db';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

const settings = { publicUrl: 'https://console.example.com', now: () => new Date('2026-11-27T12:00:00Z') };
const admins = async () => (await db.query<{ email: string; password_hash: string }>("SELECT email, password_hash FROM users WHERE user_type = 'Admin'")).rows;
const mailsTo = async (email: string) => (await db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_email = $1', [email])).rows;

test('invites the first Admin once: a link to choose the password, no usable password before it; never again once an Admin exists', async () => {
  await db.query("DELETE FROM users WHERE user_type = 'Admin'");
  // several instances starting together: one invites
  const started = await Promise.all([1, 2, 3].map(() => inviteFirstAdmin(db, settings, ' Ops@Example.com ')));
  expect(started.filter(Boolean)).toHaveLength(1);
  const [admin] = await admins();
  expect(admin?.email).toBe('ops@example.com');
  expect(admin?.password_hash.startsWith('$argon2')).toBe(false);
  const mails = await mailsTo('ops@example.com');
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text_body).toContain('as Admin');
  expect(mails[0]?.text_body).toMatch(/https:\/\/console\.example\.com\/reset-password\?token=[^&\s]+&email=ops%40example\.com/);

  // a restart with the setting still there, or another address: nothing more
  expect(await inviteFirstAdmin(db, settings, 'ops@example.com')).toBe(false);
  expect(await inviteFirstAdmin(db, settings, 'someone@example.com')).toBe(false);
  expect(await admins()).toHaveLength(1);
  expect(await mailsTo('someone@example.com')).toHaveLength(0);
});
