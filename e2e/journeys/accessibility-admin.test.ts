// Issue 20, Admin: every screen the console publishes for Admin (its remotes' description.json), in
// light and dark, with the dialogs each opens, scanned by axe-core; serious or critical violations fail,
// the rest are written to .test-results/axe-admin.json. Three lanes run side by side (Admin has 89
// screens): each signs in on its own and takes whole remotes.
import { join } from 'node:path';
import { auditRole, concurrentPassesStart, expectCovered, expectNoBlocking, lanesOf } from '../support/a11y-pass';
import { AxeLedger } from '../support/axe';
import { journey, stackInfo } from '../support/browser';
import { screensOf } from '../support/console-routes';
import { account } from '../support/sign-in';
import { repoRoot } from '../support/stack';

const LANES = 3;
const ledgers: AxeLedger[] = [];
const ready = concurrentPassesStart();

afterAll(async () => {
  AxeLedger.merge(ledgers).write(join(repoRoot, '.test-results', 'axe-admin.json'));
});

test.concurrent.each([...Array(LANES).keys()].map((lane) => [lane + 1, lane] as const))(
  'Admin, lane %i of 3: every screen and its dialogs, light and dark, without serious or critical violations',
  async (_n, lane) => {
    const { browser: b, descriptions } = await ready();
    const all = screensOf(descriptions, 'Admin');
    const screens = lanesOf(all, LANES)[lane]!;
    expect(lanesOf(all, LANES).flat()).toHaveLength(all.length);
    const ledger = new AxeLedger();
    ledgers.push(ledger);
    await journey(b, async ({ page }) => {
      const since = Date.now();
      const pass = await auditRole(page, account('admin@demo.test'), screens, ledger, stackInfo().apiUrl);
      console.log(
        `Admin lane ${lane + 1}: ${pass.visited.size} screens (${[...new Set(screens.map((s) => s.remote))].join(', ')}), ${pass.dialogs.length} dialogs, ${ledger.scans} scans in ${Math.round((Date.now() - since) / 1000)} s ${JSON.stringify(pass.time)}\n${[...pass.aliases, ...pass.dialogs].join('\n')}`,
      );
      expectCovered(pass, screens);
      expectNoBlocking(ledger);
    });
  },
  900_000,
);
