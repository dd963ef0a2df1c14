// One assembled console per jest worker for the whole run: journeys that run side by side (two
// workers on two cores) never share a database, an outbox or a sign-in limit, so one journey's writes,
// one-time codes and registry changes cannot reach another's. Their URLs reach the journeys through
// state files named in the environment (jest's globalSetup cannot hand objects to test files);
// support/worker-stack.ts gives each worker its own.
import { announceStack, startStack, WORKER_STATE_PREFIX, type Stack } from './stack';

declare global {
  var fleetE2eStacks: Stack[] | undefined;
}

async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  // FLEET_E2E_WORKERS: how many workers the run asks for (the root test script: one per core); a run
  // of a few journeys by hand gets one stack
  const workers = Math.max(1, Math.min(globalConfig.maxWorkers, Number(process.env.FLEET_E2E_WORKERS ?? 1)));
  // one after the other: each seeds its demo fleet on both cores
  const stacks: Stack[] = [];
  globalThis.fleetE2eStacks = stacks;
  for (let worker = 1; worker <= workers; worker += 1) {
    const stack = await startStack({ seedDevices: 300 });
    stacks.push(stack);
    announceStack(stack);
    process.env[`${WORKER_STATE_PREFIX}${worker}`] = process.env.FLEET_E2E_STATE;
  }
  process.env.FLEET_E2E_STATE = process.env[`${WORKER_STATE_PREFIX}1`];
}

// jest loads this file as a module whose export is the function.
export = globalSetup;
