async function globalTeardown(): Promise<void> {
  for (const stack of globalThis.fleetE2eStacks ?? []) await stack.stop();
  globalThis.fleetE2eStacks = undefined;
}

// jest loads this file as a module whose export is the function.
export = globalTeardown;
