import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The browser tests reach the server through one door: the test-support entry point
// apps/server/test/support/browser-portal.ts. No e2e file imports anything else from
// apps/server (by relative path or as @capsule/server), and none issues SQL: data is seeded
// and read through the entry point's helpers, which go through the server's services.
// Checked on the source text; the checker first proves on samples that each rule can fail.

const E2E = fileURLToPath(new URL('./', import.meta.url));
const SERVER = fileURLToPath(new URL('../apps/server/', import.meta.url));
const ENTRY_POINT = path.join(SERVER, 'test/support/browser-portal');
const THIS_FILE = fileURLToPath(import.meta.url);

/** Static imports and re-exports, bare imports and dynamic imports: the module specifiers. */
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** What issues SQL through Kysely: the query builders, raw `sql` templates, compiled queries. */
const SQL_PATTERNS: Array<[RegExp, string]> = [
  [/\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\s*\(/g, 'a Kysely query builder'],
  [/\bsql\s*(?:<[^`]*?>)?\s*`/g, 'an sql`...` template'],
  [/\.executeQuery\s*\(/g, 'executeQuery'],
];

interface Violation {
  file: string;
  line: number;
  detail: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The violations in one file's text; `file` is its path, for resolving relative imports. */
function checkSource(file: string, text: string): Violation[] {
  const violations: Violation[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1] ?? '';
      const where = { file, line: lineOf(text, match.index ?? 0) };
      if (specifier === '@capsule/server' || specifier.startsWith('@capsule/server/')) {
        violations.push({ ...where, detail: `imports ${specifier}: use the entry point` });
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(SERVER)) continue;
      if (target.replace(/\.[cm]?[jt]s$/, '') !== ENTRY_POINT) {
        violations.push({ ...where, detail: `imports ${specifier}: only the entry point may be imported` });
      }
    }
  }
  for (const [pattern, what] of SQL_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      violations.push({ file, line: lineOf(text, match.index ?? 0), detail: `issues SQL (${what})` });
    }
  }
  return violations;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.[cm]?[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the browser tests reach the server through one entry point', () => {
  it('catches each kind of violation on samples', () => {
    const sample = path.join(E2E, 'sample.e2e.test.ts');
    const check = (text: string) => checkSource(sample, text).map((v) => v.detail);

    // Allowed: the entry point (with or without an extension), other packages, e2e's own files.
    expect(
      check(
        [
          "import { startServedPortal } from '../apps/server/test/support/browser-portal.js';",
          "import type { ServedPortal } from '../apps/server/test/support/browser-portal';",
          "import { CAPSULE_TEXTS } from '@capsule/domain';",
          "import { browserSuite } from './support/suite.js';",
        ].join('\n'),
      ),
    ).toEqual([]);

    // Refused: any other file of apps/server, in any form of import.
    expect(check("import { buildApp } from '../apps/server/src/app.js';")).toHaveLength(1);
    expect(check("import type { AppDeps } from '../apps/server/src/deps.js';")).toHaveLength(1);
    expect(check("export { testEnv } from '../apps/server/test/support/test-env.js';")).toHaveLength(1);
    expect(check("const m = await import('../apps/server/src/config.js');")).toHaveLength(1);
    expect(check("import '../apps/server/src/dev/mail-catcher.js';")).toHaveLength(1);
    expect(check("import type { AppRouter } from '@capsule/server/app-router';")).toHaveLength(1);
    // From a support file, one folder deeper.
    expect(
      checkSource(path.join(E2E, 'support/x.ts'), "import { x } from '../../apps/server/src/x.js';"),
    ).toHaveLength(1);

    // Refused: SQL, written or read.
    expect(check("await portal.db.insertInto('contacts').values(rows).execute();")).toEqual([
      'issues SQL (a Kysely query builder)',
    ]);
    expect(check("await db.updateTable('capsules').set(x).execute();")).toHaveLength(1);
    expect(check("await db\n  .selectFrom('contacts')\n  .selectAll()\n  .execute();")).toHaveLength(1);
    expect(check('await sql`delete from contacts`.execute(db);')).toEqual([
      'issues SQL (an sql`...` template)',
    ]);
  });

  it('holds for every file in e2e/', () => {
    const files = sourceFiles(E2E).filter((file) => file !== THIS_FILE);
    // The checker sees the suites and their support files, and they use the entry point.
    expect(files.some((file) => file.endsWith(path.join('support', 'portal.ts')))).toBe(true);
    expect(files.filter((file) => file.endsWith('.e2e.test.ts')).length).toBeGreaterThanOrEqual(5);
    const entryPointUsers = files.filter((file) =>
      readFileSync(file, 'utf8').includes('apps/server/test/support/browser-portal'),
    );
    expect(entryPointUsers.length).toBeGreaterThan(0);

    const violations = files.flatMap((file) =>
      checkSource(file, readFileSync(file, 'utf8')).map(
        (v) => `${path.relative(E2E, v.file)}:${v.line} ${v.detail}`,
      ),
    );
    expect(violations).toEqual([]);
  });
});
