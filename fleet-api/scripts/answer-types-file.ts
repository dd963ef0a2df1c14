/** Where @fleet/contract's generated answer types live (checked in), and the command that writes them. */
import path from 'node:path';

export const ANSWER_TYPES_FILE = path.resolve(__dirname, '../../contract/src/generated/answers.ts');
export const ANSWER_TYPES_COMMAND = 'npm run answer-types';
