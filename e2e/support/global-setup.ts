// One assembled console for the whole run; its URLs reach the journeys through a state file named in
// the environment (jest's globalSetup cannot hand objects to test files).
import { announceStack, startStack, type Stack } from './stack';

declare global {
  var fleetE2eStack: Stack | undefined;
}

async function globalSetup(): Promise<void> {
  const stack = await startStack({ seedDevices: 300 });
  globalThis.fleetE2eStack = stack;
  announceStack(stack);
}

// jest loads this file as a module whose export is the function.
export = globalSetup;
