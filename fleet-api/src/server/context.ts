/**
 * What every module gets when it is registered: the database, the configuration and the token
 * service. Modules are Fastify plugins taking `ModuleOptions`.
 *
 * server/ imports no module: a module's service (the live bus and hub, the export jobs) declares its
 * own field of the context in its own file (`declare module '../../server/context'`), as Fastify
 * decorations are declared, and app.ts builds it.
 */
import type { Db } from '../db';
import type { Config } from '../config';
import type { TokenService } from '../policy/tokens';
import type { FileStores } from '../storage';

export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  /** Key for hashing OTP codes (HMAC), derived from the server secret. */
  otpKey: Buffer;
  /** Where firmware, slider images and export files are kept (storage/: folders, or PostgreSQL). */
  files: FileStores;
}

export interface ModuleOptions {
  ctx: AppContext;
}

/** Seconds since the epoch on the configured clock. */
export const nowSeconds = (ctx: Pick<AppContext, 'config'>): number => Math.floor(ctx.config.now().getTime() / 1000);
export const nowIso = (ctx: AppContext): string => ctx.config.now().toISOString();
export const inSeconds = (ctx: AppContext, seconds: number): string =>
  new Date(ctx.config.now().getTime() + seconds * 1000).toISOString();
