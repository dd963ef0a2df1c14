/**
 * What every module gets when it is registered: the database, the configuration and the token
 * service. Modules are Fastify plugins taking `ModuleOptions`.
 */
import type { Db } from '../db';
import type { Config } from '../config';
import type { TokenService } from '../policy/tokens';
import type { LiveBus } from '../modules/live/bus';
import type { LiveHub } from '../modules/live/hub';
import type { ExportJobs } from '../modules/exports/jobs';

export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  /** Key for hashing OTP codes (HMAC), derived from the server secret. */
  otpKey: Buffer;
  /** Live events of every instance (modules/live): publish device events and session ends here. */
  live: LiveBus;
  /** This instance's live sockets. */
  liveHub: LiveHub;
  /** CSV export jobs of every list (modules/exports). */
  exports: ExportJobs;
}

export interface ModuleOptions {
  ctx: AppContext;
}

/** Seconds since the epoch on the configured clock. */
export const nowSeconds = (ctx: Pick<AppContext, 'config'>): number => Math.floor(ctx.config.now().getTime() / 1000);
export const nowIso = (ctx: AppContext): string => ctx.config.now().toISOString();
export const inSeconds = (ctx: AppContext, seconds: number): string =>
  new Date(ctx.config.now().getTime() + seconds * 1000).toISOString();
