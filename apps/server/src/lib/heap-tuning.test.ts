import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVING_V8_FLAGS } from './heap-tuning.js';

// V8 does not throw on a flag it does not know: it writes "unrecognized flag" on stderr and goes
// on. A Node upgrade that renamed one would silently bring back the collections it was set
// against, so this is checked with the Node that runs the tests (the project's).
// Only that line is looked for: a debugger or tool reaching the child through NODE_OPTIONS may
// write on stderr too.

describe('SERVING_V8_FLAGS', () => {
  it.each(SERVING_V8_FLAGS)('%s is a flag this Node’s V8 knows and takes at run time', (flag) => {
    const known = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    expect(known).toMatch(new RegExp(`^\\s+--${flag.replace(/^--(no-)?/, '')} `, 'm'));

    const run = spawnSync(
      process.execPath,
      ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(flag)})`],
      { encoding: 'utf8' },
    );
    expect(run.stderr).not.toMatch(/unrecognized flag/);
    expect(run.status).toBe(0);
  });

  it('would notice a flag V8 does not know', () => {
    const run = spawnSync(
      process.execPath,
      ['-e', `require('node:v8').setFlagsFromString('--no-such-flag-here')`],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toMatch(/unrecognized flag/);
  });
});
