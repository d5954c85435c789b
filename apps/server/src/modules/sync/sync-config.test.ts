import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { backoffMinutes, MAX_ATTEMPTS } from './retry-schedule.js';

const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(48) };
const odoo = {
  ODOO_URL: 'https://erp.example.test/',
  ODOO_DB: 'capsule',
  ODOO_USER: 'sync@example.test',
  ODOO_API_KEY: 'key',
};

describe('the Odoo settings (config.ts)', () => {
  it('are off without any of them, so records stay pending', () => {
    expect(loadConfig(base).odoo).toBeNull();
  });

  it('take all four, the URL without its trailing slash, and a timeout in seconds', () => {
    expect(loadConfig({ ...base, ...odoo, ODOO_TIMEOUT_SECONDS: '5' }).odoo).toEqual({
      url: 'https://erp.example.test',
      db: 'capsule',
      user: 'sync@example.test',
      apiKey: 'key',
      timeoutMs: 5_000,
    });
    expect(loadConfig({ ...base, ...odoo }).odoo?.timeoutMs).toBe(30_000);
  });

  it('refuse half a configuration, naming what is missing', () => {
    const { ODOO_API_KEY: _key, ODOO_DB: _db, ...some } = odoo;
    expect(() => loadConfig({ ...base, ...some })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...some })).toThrow('ODOO_DB, ODOO_API_KEY must be set');
    expect(() => loadConfig({ ...base, ...odoo, ODOO_URL: 'not a url' })).toThrow(/ODOO_URL/);
  });
});

describe('the back-off between tries', () => {
  it('grows from a minute to 12 hours and stays there until the last try', () => {
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffMinutes(i + 1))).toEqual([
      1, 5, 15, 60, 180, 360, 720,
    ]);
    expect(backoffMinutes(20)).toBe(720);
  });
});
