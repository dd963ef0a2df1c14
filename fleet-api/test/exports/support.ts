/**
 * Helpers of the export job tests: an instance frozen in the middle of an export (its file staged,
 * its final write not yet made), as a process that was paused or lost its network would be.
 */
import type { FastifyInstance } from 'fastify';

export interface HeldExport {
  /** Lets the held export go on to its final write, and waits for it. */
  release(): Promise<void>;
}

/** Holds `app`'s next export after its file is staged, until `release()`. */
export function holdNextExport(app: FastifyInstance): HeldExport {
  const files = app.fleetContext.files.exports;
  const stage = files.stage.bind(files);
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  jest.spyOn(files, 'stage').mockImplementationOnce(async (source) => {
    const staged = await stage(source);
    await gate;
    return staged;
  });
  return {
    async release() {
      open();
      await app.fleetContext.exports.settle();
    },
  };
}

/** Sets back the last beat of `instance` by `seconds` (time passing for an instance that stopped beating). */
export async function beatSecondsAgo(app: FastifyInstance, instance: string, seconds: number): Promise<void> {
  await app.fleetContext.db.query("UPDATE instances SET heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1", [instance, seconds]);
}
