import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('defaults to port 8080, the embedded database and demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.demoPassword).toBe('demo');
    expect(config.maintenance).toBe(false);
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
});
