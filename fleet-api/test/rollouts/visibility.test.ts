// A large rollout's rows marked all-visible once they are written (creation.ts markVisible): PGlite has
// no autovacuum, PostgreSQL's comes minutes later, and without the visibility map the device list's deep
// pages read every row before the page from the table as well as from the sort's index. A file of its
// own: the rows of other tests' rollouts, updated since, would share the table's pages with these.
import { otaAppForFile } from '../ota/support';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, infoOf, startRollout, rolloutsWrittenInSteps } from './support';

const t = otaAppForFile();
const TARGET = '7.9.0';
rolloutsWrittenInSteps(t, TARGET);

it("marks a large rollout's rows all-visible once they are written, so a page's positions come from the sort's index alone", async () => {
  await bulbsOn(t.db, '7.3.6', 30);
  // above writtenAtAdd: the rows are written after the add, by the orchestrator's tick; its one wave
  // waits for approval, so the tick changes no row after writing them
  const id = await startRollout(t, addBody('7.3.6', TARGET, { waves: [{ percent: 100, approval: true }] }));
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  expect((await infoOf(t, id)).total).toMatchObject({ devices: 30, queued: 30 });
  // a page past the first, as the list reads its positions (the planner would read 30 rows from the table)
  await t.db.query('SET enable_seqscan = off');
  try {
    const { rows } = await t.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT rd.position FROM rollout_devices rd WHERE rd.rollout_id = $1
        ORDER BY rd.serial_number DESC NULLS LAST, rd.position DESC LIMIT 5 OFFSET 20`,
      [id],
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Only Scan Backward using rollout_devices_serial_sort_idx');
    expect(plan).toMatch(/Heap Fetches: 0\b/);
  } finally {
    await t.db.query('RESET enable_seqscan');
  }
});
