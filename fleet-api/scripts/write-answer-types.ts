/**
 * `npm run answer-types`: regenerates contract/src/generated/answers.ts from fleet-api's OpenAPI
 * document. With `--stdout` it prints the source instead (test/answer-types.test.ts compares it with the
 * checked-in file; jest cannot load openapi-typescript's ES-module dependencies itself).
 */
import { writeFileSync } from 'node:fs';
import { answerTypesSource } from './answer-types';
import { ANSWER_TYPES_FILE } from './answer-types-file';

answerTypesSource().then(
  (source) => {
    if (process.argv.includes('--stdout')) {
      process.stdout.write(source);
      return;
    }
    writeFileSync(ANSWER_TYPES_FILE, source);
    console.log(`wrote ${ANSWER_TYPES_FILE}`);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
