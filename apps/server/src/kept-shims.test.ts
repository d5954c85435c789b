import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { KEPT_SHIM_NAMES, KEPT_SHIMS } from './kept-shims.js';

const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(48) };

describe('KEPT_SHIMS_OFF (config.ts)', () => {
  it('leaves every kept shim on when unset or empty', () => {
    const allOn = { 'token-cache': true, 'sas-cache': true, 'compiled-statements': true };
    expect(loadConfig(base).keptShims).toEqual(allOn);
    expect(loadConfig({ ...base, KEPT_SHIMS_OFF: ' ' }).keptShims).toEqual(allOn);
  });

  it('turns off the ones named, with or without spaces', () => {
    expect(loadConfig({ ...base, KEPT_SHIMS_OFF: 'token-cache' }).keptShims).toEqual({
      'token-cache': false,
      'sas-cache': true,
      'compiled-statements': true,
    });
    expect(loadConfig({ ...base, KEPT_SHIMS_OFF: ' sas-cache , token-cache ' }).keptShims).toEqual({
      'token-cache': false,
      'sas-cache': false,
      'compiled-statements': true,
    });
    expect(loadConfig({ ...base, KEPT_SHIMS_OFF: 'compiled-statements' }).keptShims).toEqual({
      'token-cache': true,
      'sas-cache': true,
      'compiled-statements': false,
    });
  });

  it("turns every one off with 'all'", () => {
    const { keptShims } = loadConfig({ ...base, KEPT_SHIMS_OFF: 'all' });
    expect(Object.keys(keptShims).sort()).toEqual([...KEPT_SHIM_NAMES].sort());
    expect(Object.values(keptShims).every((on) => !on)).toBe(true);
  });

  it('refuses a name it does not know at start, listing the known ones', () => {
    const load = () => loadConfig({ ...base, KEPT_SHIMS_OFF: 'token-cache,sas-cach' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      "Invalid configuration: KEPT_SHIMS_OFF: unknown kept shim 'sas-cach'; known: token-cache, sas-cache, compiled-statements (or all)",
    );
  });

  it('has one line for each kept shim on what it replaces', () => {
    for (const name of KEPT_SHIM_NAMES) expect(KEPT_SHIMS[name]).toMatch(/instead of/);
  });
});
