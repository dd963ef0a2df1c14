/**
 * Which fleet-api instance this is (issue 25, docs/deploy.md "Jobs across instances"): several
 * instances share one PostgreSQL, and the work one of them owns (an export job, a singleton's lock) is
 * recorded under this name. `INSTANCE_ID` names it (a container's name, so a restarted instance finds
 * its own jobs); otherwise `hostname:pid:random`, which no later process repeats.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

declare module './context' {
  interface AppContext {
    /** This instance's name (`instanceId`; tests give each buildApp its own). */
    instanceId: string;
  }
}

/** Visible characters only: the name is written into rows and logs. */
const INSTANCE_NAME = /^[\x21-\x7e]{1,100}$/;

/** The instance's name from `INSTANCE_ID`, else a new one; a malformed `INSTANCE_ID` stops the start. */
export function instanceIdFrom(env: NodeJS.ProcessEnv): string {
  const configured = env.INSTANCE_ID?.trim();
  if (configured === undefined || configured === '') return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  if (!INSTANCE_NAME.test(configured)) throw new Error('INSTANCE_ID must be 1 to 100 visible characters, without spaces');
  return configured;
}

/** This process's instance name. */
export const instanceId: string = instanceIdFrom(process.env);
