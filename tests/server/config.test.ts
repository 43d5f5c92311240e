import { describe, expect, it } from 'vitest';
import { ConfigError, assertServable, loadConfig } from '../../server/config';
import { runCli } from '../support/run-cli';

describe('configuration', () => {
  it('defaults to port 8080, the embedded database and demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.demoPassword).toBe('demo');
    expect(config.settingPins).toEqual({});
  });

  it('never seeds demo users by default on a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/console' }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.example/console', SEED_DEMO: '1' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAINTENANCE: 'perhaps' })).toThrow(/MAINTENANCE/);
  });

  it('refuses to serve in production without PUBLIC_URL, saying so', () => {
    const production = [
      { NODE_ENV: 'production' },
      { DATABASE_URL: 'postgres://db.example/console' },
    ];
    for (const env of production) {
      expect(() => assertServable(loadConfig(env))).toThrow(ConfigError);
      expect(() => assertServable(loadConfig(env))).toThrow(/PUBLIC_URL must be set in production/);
      expect(() =>
        assertServable(loadConfig({ ...env, PUBLIC_URL: 'https://console.example.com' })),
      ).not.toThrow();
    }
    expect(() => assertServable(loadConfig({}))).not.toThrow();
    expect(() => loadConfig({ PUBLIC_URL: 'console.example.com' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe(
      'https://console.example.com',
    );
  });

  it('keeps the OWASP password hashing cost in production; only test runs may lower it', () => {
    const servable = { NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.com' };
    expect(loadConfig({}).passwordHashLogN).toBe(17);
    expect(() => assertServable(loadConfig({ ...servable, PASSWORD_HASH_LOG_N: '12' }))).toThrow(
      /PASSWORD_HASH_LOG_N=12 is for test runs only/,
    );
    expect(() => assertServable(loadConfig({ PASSWORD_HASH_LOG_N: '12' }))).not.toThrow();
    expect(() => loadConfig({ PASSWORD_HASH_LOG_N: '4' })).toThrow(/PASSWORD_HASH_LOG_N/);
  });

  it('stops `npm start` with that message before touching the database', async () => {
    const result = await runCli('server/main.ts', [], {
      // Nothing listens on port 1: a server that got as far as the database would say so instead.
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PORT: '0' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PUBLIC_URL must be set in production');
  });
});
