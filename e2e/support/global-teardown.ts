async function globalTeardown(): Promise<void> {
  await globalThis.fleetE2eStack?.stop();
  globalThis.fleetE2eStack = undefined;
}

// jest loads this file as a module whose export is the function.
export = globalTeardown;
