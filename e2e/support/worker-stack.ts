// Before each journey file (jest setupFiles): the stack of this worker (global-setup.ts starts one per
// worker) is the one stackInfo() reads. A journey with a stack of its own announces that one instead.
import { WORKER_STATE_PREFIX } from './stack';

const own = process.env[`${WORKER_STATE_PREFIX}${process.env.JEST_WORKER_ID ?? '1'}`];
if (own) process.env.FLEET_E2E_STATE = own;
