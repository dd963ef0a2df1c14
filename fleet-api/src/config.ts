/**
 * Everything fleet-api reads from its environment, read once at start-up. Tests build a Config with
 * `testConfig()` and move the clock through `now`.
 */
import path from 'node:path';

type NodeEnv = 'development' | 'production' | 'test';

export interface SmtpSettings {
  host: string | null;
  port: number;
  user: string | null;
  pass: string | null;
  from: string;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
}

/** Brute-force limits for sign-in (per account = normalised email, per client address). */
interface SignInLimits {
  /** After this many failures in the window the answer is slowed by `slowDelayMs`. */
  slowAfter: number;
  /** From this many failures in the window the account is refused with 429. */
  blockAfter: number;
  /** Window for slowAfter/blockAfter/addressBlockAfter, seconds. */
  windowSeconds: number;
  /** Hard cap of failures per account per hour. */
  hourlyMax: number;
  /** Failures from one client address (any accounts) in the window before it is refused. */
  addressBlockAfter: number;
  slowDelayMs: number;
}

export interface Config {
  env: NodeEnv;
  port: number;
  host: string;
  /** `<repo root>/.data` unless FLEET_DATA_DIR says otherwise; PGlite lives in `<dataDir>/pgdata`. */
  dataDir: string;
  databaseUrl: string | null;
  seedDevices: number;
  /** The demo fleet and its accounts (published password): everywhere but production. */
  seedDemo: boolean;
  /**
   * FLEET_ADMIN_EMAIL: while no Admin account exists, start-up makes this one with an invitation mail
   * (a single-use link to choose the password): how a production install gets its first Admin.
   */
  firstAdminEmail: string | null;
  /** null: generated once and kept in the server_secrets table, so restarts keep sessions. */
  jwtSecret: string | null;
  /** The console's address; every link in a mail is built from it, never from the Host header. */
  publicUrl: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  otpTtlSeconds: number;
  otpMaxAttempts: number;
  otpResendCooldownSeconds: number;
  resetTokenTtlSeconds: number;
  verifyTokenTtlSeconds: number;
  signIn: SignInLimits;
  /** Sign-up and reset requests per client address in a window (modules/auth/limits.ts). */
  requestLimits: { perAddress: number; windowSeconds: number };
  /**
   * Whether X-Forwarded-For is believed for the client address: TRUST_PROXY=true (any hop), or a
   * comma-separated list of proxy addresses/CIDRs (e.g. 127.0.0.1 for the console server). Default: never.
   */
  trustProxy: boolean | string[];
  smtp: SmtpSettings;
  logLevel: string;
  /**
   * The development outbox (GET /api/dev/outbox): only with FLEET_DEV_OUTBOX=1 or the demo mode of
   * `npm start` (FLEET_DEMO=1), never in production, and even then only to loopback callers on
   * fleet-api itself (see modules/system/routes.ts). On in tests.
   */
  devOutbox: boolean;
  /** A firmware upload whose body sends nothing for this long is answered 400 (FLEET_UPLOAD_IDLE_MS). */
  uploadIdleTimeoutMs: number;
  /**
   * Compile every route's validators and answer serializers at start (FLEET_COMPILE_SCHEMAS_AT_START=1)
   * rather than on each route's first request: a start of about 5 s more on this machine, for an operator
   * who wants a broken schema to stop the start. A test compiles them all either way (schemas.test.ts).
   */
  compileSchemasAtStart: boolean;
  /**
   * The device simulator (src/simulator): FLEET_SIMULATOR, on by default except in tests; refused in production. OTA jobs
   * move every intervalMs; heat pumps raise heatPumpEventsPerSecond events (work state, Wi-Fi, a new
   * fault now and then: FLEET_HEAT_PUMP_EVENTS, 0 for none).
   */
  simulator: { enabled: boolean; intervalMs: number; heatPumpEventsPerSecond: number };
  /**
   * The rollout orchestrator (modules/rollouts): FLEET_ROLLOUTS, on by default except in tests; it ticks
   * every intervalMs (FLEET_ROLLOUT_INTERVAL_MS, default 5000: a halt within 30 s of its condition).
   */
  rollouts: { enabled: boolean; intervalMs: number };
  /** Origins besides PUBLIC_URL's a browser may open the live socket from (LIVE_ORIGINS, comma-separated). */
  liveOrigins: string[];
  /** The maps service of the address autocomplete (MAPS_API_KEY, MAPS_COUNTRY default au); none: the fleet's addresses. */
  maps: { key: string; country: string } | null;
  /**
   * Whether Admin accounts must have a second factor while Admin has not chosen (the second_factor_policy
   * row, docs/second-factor.md): ADMIN_SECOND_FACTOR=required|optional, else required outside the demo
   * (FLEET_DEMO=1) and tests, so their sign-ins stay as they were.
   */
  adminSecondFactor: 'required' | 'optional';
  /**
   * The passkeys' relying party (modules/mfa/passkeys.ts): its id (WEBAUTHN_RP_ID, default PUBLIC_URL's
   * host name) and the origins a passkey answer may come from (WEBAUTHN_ORIGINS, comma-separated, default
   * PUBLIC_URL's origin). Never read from a request: a passkey made for one site must not work on another.
   */
  webauthn: { rpId: string; origins: string[] };
  /** The clock every expiry is measured with (tests move it). */
  now: () => Date;
}

/** The package folder (fleet-api/), from src/ under tsx and from dist/ after a build. */
export const packageDir = path.resolve(__dirname, '..');

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer (got "${value}")`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function trustProxy(value: string | undefined): boolean | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || ['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(v.toLowerCase())) return true;
  return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function nodeEnv(value: string | undefined): NodeEnv {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}

function adminSecondFactor(value: string | undefined, relaxed: boolean): 'required' | 'optional' {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '') return relaxed ? 'optional' : 'required';
  if (v === 'required' || v === 'optional') return v;
  throw new Error(`ADMIN_SECOND_FACTOR must be required or optional (got "${value}")`);
}

function str(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/**
 * What a production start refuses (docs/deploy.md): a server that would sign tokens with a secret it made
 * up (each instance its own), or run the demo's pieces, whose accounts share a published password and
 * whose simulator makes up device events. Each answer names the setting and what to do.
 */
function refuseInProduction(env: NodeJS.ProcessEnv): void {
  const secret = str(env.JWT_SECRET);
  if (!secret) throw new Error('JWT_SECRET must be set with NODE_ENV=production: one secret of at least 32 characters shared by every instance');
  if (secret.length < 32) throw new Error(`JWT_SECRET must be at least 32 characters with NODE_ENV=production (it has ${secret.length})`);
  if (bool(env.FLEET_DEMO, false)) throw new Error('FLEET_DEMO must not be set with NODE_ENV=production: the demo seeds accounts with a published password');
  if (bool(env.FLEET_DEV_OUTBOX, false)) throw new Error('FLEET_DEV_OUTBOX must not be set with NODE_ENV=production: mail goes out over SMTP (SMTP_HOST)');
  if (bool(env.FLEET_SIMULATOR, false)) throw new Error('FLEET_SIMULATOR must not be set with NODE_ENV=production: the simulator makes up device events');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = nodeEnv(env.NODE_ENV);
  if (mode === 'production') refuseInProduction(env);
  const publicUrl = (str(env.PUBLIC_URL) ?? 'http://localhost:8080').replace(/\/+$/, '');
  const smtpPort = int(env.SMTP_PORT, 587, 'SMTP_PORT');
  return {
    env: mode,
    port: int(env.PORT, 3000, 'PORT'),
    host: str(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(str(env.FLEET_DATA_DIR) ?? path.join(packageDir, '..', '.data')),
    databaseUrl: str(env.DATABASE_URL),
    seedDevices: int(env.FLEET_SEED_DEVICES, 3000, 'FLEET_SEED_DEVICES'),
    seedDemo: mode !== 'production',
    firstAdminEmail: str(env.FLEET_ADMIN_EMAIL),
    jwtSecret: str(env.JWT_SECRET),
    publicUrl,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 7 * 24 * 3600, 'REFRESH_TOKEN_TTL_SECONDS'),
    otpTtlSeconds: 10 * 60,
    otpMaxAttempts: 5,
    otpResendCooldownSeconds: 60,
    resetTokenTtlSeconds: 3600,
    verifyTokenTtlSeconds: 24 * 3600,
    signIn: {
      slowAfter: 5,
      blockAfter: 10,
      windowSeconds: 15 * 60,
      hourlyMax: 100,
      addressBlockAfter: 50,
      slowDelayMs: 500,
    },
    requestLimits: { perAddress: int(env.FLEET_REQUESTS_PER_ADDRESS, 10, 'FLEET_REQUESTS_PER_ADDRESS'), windowSeconds: 15 * 60 },
    trustProxy: trustProxy(env.TRUST_PROXY),
    smtp: {
      host: str(env.SMTP_HOST),
      port: smtpPort,
      user: str(env.SMTP_USER),
      pass: str(env.SMTP_PASS),
      from: str(env.SMTP_FROM) ?? 'Fleet console <no-reply@localhost>',
      secure: bool(env.SMTP_SECURE, smtpPort === 465),
    },
    logLevel: str(env.LOG_LEVEL) ?? 'info',
    devOutbox: mode !== 'production' && (bool(env.FLEET_DEV_OUTBOX, false) || bool(env.FLEET_DEMO, false) || mode === 'test'),
    uploadIdleTimeoutMs: Math.max(1000, int(env.FLEET_UPLOAD_IDLE_MS, 20_000, 'FLEET_UPLOAD_IDLE_MS')),
    compileSchemasAtStart: bool(env.FLEET_COMPILE_SCHEMAS_AT_START, false),
    simulator: {
      // the demo's and development's; off in tests unless asked; never in production (refused above)
      enabled: mode !== 'production' && bool(env.FLEET_SIMULATOR, mode !== 'test'),
      intervalMs: Math.max(100, int(env.FLEET_SIMULATOR_INTERVAL_MS, 2000, 'FLEET_SIMULATOR_INTERVAL_MS')),
      heatPumpEventsPerSecond: int(env.FLEET_HEAT_PUMP_EVENTS, 2, 'FLEET_HEAT_PUMP_EVENTS'),
    },
    rollouts: {
      enabled: bool(env.FLEET_ROLLOUTS, mode !== 'test'),
      intervalMs: Math.min(25_000, Math.max(500, int(env.FLEET_ROLLOUT_INTERVAL_MS, 5000, 'FLEET_ROLLOUT_INTERVAL_MS'))),
    },
    liveOrigins: (str(env.LIVE_ORIGINS) ?? '').split(',').map((o) => o.trim()).filter((o) => o !== ''),
    adminSecondFactor: adminSecondFactor(env.ADMIN_SECOND_FACTOR, mode === 'test' || bool(env.FLEET_DEMO, false)),
    maps: str(env.MAPS_API_KEY) ? { key: str(env.MAPS_API_KEY) ?? '', country: (str(env.MAPS_COUNTRY) ?? 'au').toLowerCase() } : null,
    webauthn: {
      rpId: str(env.WEBAUTHN_RP_ID) ?? new URL(publicUrl).hostname,
      origins: (str(env.WEBAUTHN_ORIGINS) ?? new URL(publicUrl).origin).split(',').map((o) => o.trim().replace(/\/+$/, '')).filter((o) => o !== ''),
    },
    now: () => new Date(),
  };
}

/** A clock tests can move: `clock.advance(11 * 60)` skips eleven minutes. */
export interface TestClock {
  now: () => Date;
  advance(seconds: number): void;
}

export function movableClock(start = Date.now()): TestClock {
  let t = start;
  return {
    now: () => new Date(t),
    advance(seconds: number) {
      t += seconds * 1000;
    },
  };
}

/** Config for tests: quiet, fast, fixed secret, no real delays. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test' });
  return {
    ...base,
    jwtSecret: 'test-secret-0123456789abcdef0123456789abcdef',
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    signIn: { ...base.signIn, slowDelayMs: 5 },
    ...overrides,
  };
}
