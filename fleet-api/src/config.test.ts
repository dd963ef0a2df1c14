import path from 'node:path';
import { loadConfig, movableClock, packageDir } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      seedDevices: 3000,
      jwtSecret: null,
      publicUrl: 'http://localhost:8080',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 7 * 24 * 3600,
      trustProxy: false,
    });
    // The data folder is found from the package, not from the working directory.
    expect(c.dataDir).toBe(path.resolve(packageDir, '..', '.data'));
  });

  it('runs the rollout orchestrator every 5 s except in tests, so a halt comes within 30 s', () => {
    expect(loadConfig({}).rollouts).toEqual({ enabled: true, intervalMs: 5000 });
    expect(loadConfig({ NODE_ENV: 'test' }).rollouts.enabled).toBe(false);
    expect(loadConfig({ FLEET_ROLLOUTS: '0', FLEET_ROLLOUT_INTERVAL_MS: '60000' }).rollouts).toEqual({ enabled: false, intervalMs: 25_000 });
  });

  it('reads the environment', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a production secret of 32 characters or more',
      PORT: '4000',
      HOST: '0.0.0.0',
      FLEET_DATA_DIR: '/srv/fleet',
      DATABASE_URL: 'postgres://db/fleet',
      PUBLIC_URL: 'https://console.example.com/',
      ACCESS_TOKEN_TTL_SECONDS: '5',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    });
    expect(c).toMatchObject({
      env: 'production',
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/srv/fleet',
      databaseUrl: 'postgres://db/fleet',
      publicUrl: 'https://console.example.com',
      accessTokenTtlSeconds: 5,
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(c.smtp).toMatchObject({ host: 'smtp.example.com', port: 465, secure: true });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it("takes the passkeys' relying party from PUBLIC_URL, or from WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS", () => {
    expect(loadConfig({}).webauthn).toEqual({ rpId: 'localhost', origins: ['http://localhost:8080'] });
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/fleet/' }).webauthn).toEqual({ rpId: 'console.example.com', origins: ['https://console.example.com'] });
    expect(
      loadConfig({ PUBLIC_URL: 'https://console.example.com', WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://console.example.com, https://qa.example.com/' }).webauthn,
    ).toEqual({ rpId: 'example.com', origins: ['https://console.example.com', 'https://qa.example.com'] });
  });

  it('refuses a production start without its secret, or with the demo, its outbox or its simulator (docs/deploy.md)', () => {
    const secret = 'a production secret of 32 characters or more';
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET must be set with NODE_ENV=production');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, FLEET_DEMO: '1' })).toThrow('FLEET_DEMO must not be set');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, FLEET_DEV_OUTBOX: 'on' })).toThrow('FLEET_DEV_OUTBOX must not be set');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, FLEET_SIMULATOR: 'on' })).toThrow('FLEET_SIMULATOR must not be set');
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, FLEET_ADMIN_EMAIL: ' ops@example.com ' });
    // no demo accounts, no simulator: the first Admin is invited
    expect(production).toMatchObject({ seedDemo: false, firstAdminEmail: 'ops@example.com', devOutbox: false });
    expect(production.simulator.enabled).toBe(false);
    // elsewhere the demo is as it was
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({}).simulator.enabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).simulator.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', FLEET_SIMULATOR: 'on' }).simulator.enabled).toBe(true);
  });

  it('refuses a malformed number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a non-negative integer');
  });
});

describe('movableClock', () => {
  it('moves only when told', () => {
    const clock = movableClock(1_000_000);
    expect(clock.now().getTime()).toBe(1_000_000);
    clock.advance(60);
    expect(clock.now().getTime()).toBe(1_060_000);
  });
});
