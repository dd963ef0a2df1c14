/**
 * @fleet/contract's answer types (contract/src/generated/answers.ts) are fleet-api's OpenAPI document
 * as it is now: a changed answer schema fails here until the file is regenerated, and then fails the
 * type-check of every screen that reads the changed field. The generator runs in its own Node process
 * (tsx): openapi-typescript's dependencies are ES modules jest does not load.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ANSWER_TYPES_COMMAND, ANSWER_TYPES_FILE } from '../scripts/answer-types-file';

const run = promisify(execFile);

// The document comes from an app on its own in-memory PGlite whatever database the suite runs on, so the
// PostgreSQL run (CI's second pass of this suite) would only repeat the same 60-90 s: it runs once.
const onceOnPglite = process.env.TEST_DATABASE_URL ? test.skip : test;

onceOnPglite('the checked-in answer types are generated from the current OpenAPI document', async () => {
  const { stdout: generated } = await run(
    process.execPath,
    // fleet-source: @fleet/contract's TypeScript, as jest reads it (no build of contract/dist needed)
    [require.resolve('tsx/cli'), '--conditions=fleet-source', path.join(__dirname, '../scripts/write-answer-types.ts'), '--stdout'],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LOG_LEVEL: 'silent' } },
  );
  const checkedIn = readFileSync(ANSWER_TYPES_FILE, 'utf8');
  if (checkedIn !== generated) {
    throw new Error(`contract/src/generated/answers.ts is out of date with fleet-api's answers: run \`${ANSWER_TYPES_COMMAND}\` and commit the result`);
  }
}, 180_000);
