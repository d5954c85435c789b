import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's module rules (docs/decisions/008-modules-own-their-tables.md, apps/server/README.md),
// checked on the source text: no database, no build. It reads apps/server/src as it is on disk,
// and it first proves on small in-memory samples that each rule can fail.
//
// 1. SQL only in repositories: no Kysely query builder outside modules/<m>/*.repository.ts
//    (db/ is the database factory and is exempt).
// 2. A module reaches another only through its index: modules/<other>/index.js. Nobody,
//    inside or outside modules/, imports another module's *.repository.js.
// 3. No import cycle between modules (type-only imports count: a type is a dependency too).
// 4. A repository touches only the tables its module owns (TABLE_OWNERS below).
// 5. Every module has an index.ts.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * Which module owns each table of db/schema.ts. A table with no module yet is null: the first
 * module that needs it claims it here (and in its README) in the same change.
 */
export const TABLE_OWNERS: Record<string, string | null> = {
  users: 'users',
  sessions: 'auth',
  // A view over sessions, users and terms_acceptances (migration 0007): who is asking, in one read.
  sessionIdentities: 'auth',
  authFailures: 'auth',
  oneTimeCodes: 'otp',
  termsAcceptances: 'terms',
  contacts: 'contacts',
  contactGroups: 'contacts',
  contactGroupMembers: 'contacts',
  capsulePackages: 'commerce',
  payments: 'commerce',
  subscriptions: 'commerce',
  stripeEvents: 'commerce',
  pendingPurchases: 'commerce',
  capsules: 'capsules',
  capsuleCounters: 'capsules',
  receivedCapsules: 'capsules',
  videoUploads: 'capsules',
  // A recipient's document uploads (issue 12, migration 0013).
  documentUploads: 'capsules',
  // The recipient's delivery mail, one per delivered capsule (issue 12, migration 0012).
  deliveryMails: 'capsules',
  affiliates: 'affiliates',
  referrals: 'affiliates',
  affiliatePayments: 'affiliates',
  integrationSyncRecords: 'sync',
  // Every kept blob with its SHA-256 and fixity state (issue 32, migration 0018).
  storedBlobs: 'storage',
};

type Rule =
  | 'sql-outside-repository'
  | 'repository-import'
  | 'deep-import'
  | 'module-cycle'
  | 'foreign-table'
  | 'unowned-table'
  | 'missing-index';

interface Violation {
  rule: Rule;
  /** The file, relative to apps/server/src, with its line when there is one. */
  where: string;
  detail: string;
}

interface Report {
  violations: Violation[];
  /** module -> the modules it imports, from the import statements. */
  graph: Map<string, Set<string>>;
}

/** What issues SQL: the builders the before-stop hook greps for, raw sql and compiled queries. */
const QUERY_PATTERNS: Array<[RegExp, string]> = [
  [/\.selectFrom\(/g, '.selectFrom('],
  [/\.selectNoFrom\(/g, '.selectNoFrom('],
  [/\.insertInto\(/g, '.insertInto('],
  [/\.updateTable\(/g, '.updateTable('],
  [/\.deleteFrom\(/g, '.deleteFrom('],
  [/\.mergeInto\(/g, '.mergeInto('],
  [/\.executeQuery\(/g, '.executeQuery('],
  [/\bsql\s*(?:<[^`]*?>)?\s*`/g, 'sql`...`'],
  [/\bsql\.(?:raw|ref|lit|id|join|table|val)\(/g, 'sql.<helper>('],
];

/** Static imports and re-exports (named lists hold only words, braces, commas, `*`), bare and dynamic imports. */
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w$*{},\s]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The tables a repository names in its builders and joins. */
const TABLE_PATTERN =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*['"]([A-Za-z_]\w*)/g;

const MODULE_FILE = /^modules\/([^/]+)\/(.+)$/;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

function* matches(text: string, pattern: RegExp) {
  for (const m of text.matchAll(pattern)) yield { index: m.index ?? 0, groups: m.slice(1) };
}

function moduleOf(file: string): { module: string; rest: string } | null {
  const m = MODULE_FILE.exec(file);
  return m ? { module: m[1]!, rest: m[2]! } : null;
}

const isRepository = (file: string) => moduleOf(file)?.rest.endsWith('.repository.ts') ?? false;

/** Every cycle of the module graph, each once, as a path that ends where it starts. */
function findCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const visit = (node: string, stack: string[]) => {
    const at = stack.indexOf(node);
    if (at >= 0) {
      const cycle = stack.slice(at);
      const key = [...cycle].sort().join(',');
      if (!cycles.has(key)) cycles.set(key, [...cycle, node]);
      return;
    }
    for (const next of [...(graph.get(node) ?? [])].sort()) visit(next, [...stack, node]);
  };
  for (const node of [...graph.keys()].sort()) visit(node, []);
  return [...cycles.values()];
}

/**
 * Checks source files given as { 'modules/auth/auth.service.ts': text, ... }, paths relative to
 * apps/server/src. Pure: the samples below and the real tree go through the same function.
 */
export function checkSources(files: Record<string, string>, owners: Record<string, string | null>): Report {
  const violations: Violation[] = [];
  const graph = new Map<string, Set<string>>();
  const modules = new Set<string>();

  for (const [file, text] of Object.entries(files)) {
    const own = moduleOf(file);
    if (own) {
      modules.add(own.module);
      if (!graph.has(own.module)) graph.set(own.module, new Set());
    }

    // 1. SQL only in repositories.
    if (!file.startsWith('db/') && !isRepository(file)) {
      for (const [pattern, name] of QUERY_PATTERNS) {
        for (const m of matches(text, pattern)) {
          violations.push({
            rule: 'sql-outside-repository',
            where: `${file}:${lineOf(text, m.index)}`,
            detail: `${name} outside a repository: move the query to a *.repository.ts of the module that owns the table`,
          });
        }
      }
    }

    // 2 and 3. Imports: through the index only, and the module graph for the cycles.
    for (const pattern of IMPORT_PATTERNS) {
      for (const m of matches(text, pattern)) {
        const spec = m.groups[0]!;
        if (!spec.startsWith('.')) continue;
        const target = moduleOf(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
        if (!target || target.module === own?.module) continue;
        const where = `${file}:${lineOf(text, m.index)}`;
        if (target.rest.endsWith('.repository.js')) {
          violations.push({
            rule: 'repository-import',
            where,
            detail: `imports ${spec}: another module's repository; call a function of modules/${target.module}/index.js`,
          });
        } else if (own && target.rest !== 'index.js') {
          violations.push({
            rule: 'deep-import',
            where,
            detail: `imports ${spec}: cross-module imports go through modules/${target.module}/index.js`,
          });
        }
        if (own) graph.get(own.module)!.add(target.module);
      }
    }

    // 4. A repository names only its own module's tables.
    if (own && isRepository(file)) {
      for (const m of matches(text, TABLE_PATTERN)) {
        const table = m.groups[0]!;
        const owner = owners[table];
        const where = `${file}:${lineOf(text, m.index)}`;
        if (owner === undefined || owner === null) {
          violations.push({
            rule: 'unowned-table',
            where,
            detail: `table ${table} has no owning module: claim it in TABLE_OWNERS and the module's README`,
          });
        } else if (owner !== own.module) {
          violations.push({
            rule: 'foreign-table',
            where,
            detail: `table ${table} belongs to the ${owner} module: call a function of modules/${owner}/index.js`,
          });
        }
      }
    }
  }

  // 5. One index per module.
  for (const module of modules) {
    if (!(`modules/${module}/index.ts` in files)) {
      violations.push({
        rule: 'missing-index',
        where: `modules/${module}`,
        detail: 'no index.ts: a module exposes its public functions through one index',
      });
    }
  }

  for (const cycle of findCycles(graph)) {
    violations.push({ rule: 'module-cycle', where: 'modules', detail: cycle.join(' -> ') });
  }
  return { violations, graph };
}

function readSources(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    const file = entry.split(path.sep).join('/');
    if (!file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    files[file] = readFileSync(path.join(SRC, entry), 'utf8');
  }
  return files;
}

const rulesOf = (report: Report) => report.violations.map((v) => v.rule);
const only = (report: Report, rule: Rule) => report.violations.filter((v) => v.rule === rule);

describe('module boundaries: the checker can fail', () => {
  const owners = { apples: 'a', pears: 'b', plums: null };
  const index = { 'modules/a/index.ts': '', 'modules/b/index.ts': '' };

  it('passes a sample that keeps every rule', () => {
    const report = checkSources(
      {
        ...index,
        'modules/a/a.repository.ts': `import { sql } from 'kysely';
export const f = (db) => db.selectFrom('apples').where(sql\`true\`).execute();`,
        'modules/a/a.service.ts': `import { f } from './a.repository.js';
import { g } from '../b/index.js';
import type { Db } from '../../db/database.js';`,
        'modules/b/b.repository.ts': `export const g = (db) => db.deleteFrom('pears').execute();`,
        'db/database.ts': 'export const ping = sql`select 1`;',
        'cli/commands.ts': `import { g } from '../modules/b/index.js';`,
      },
      owners,
    );
    expect(report.violations).toEqual([]);
    expect([...(report.graph.get('a') ?? [])]).toEqual(['b']);
  });

  it.each([
    ["db.selectFrom('apples')"],
    ["trx.insertInto('apples')"],
    ["db\n      .updateTable('apples')"],
    ["db.deleteFrom('apples')"],
    ['sql`delete from apples`.execute(db)'],
    ['sql<{ n: number }>`select 1 as n`'],
    ['db.executeQuery(compiled)'],
  ])('reports SQL in a service: %s', (query) => {
    const report = checkSources(
      { ...index, 'modules/a/a.service.ts': `import x from 'y';\n\nexport const f = () => ${query};` },
      owners,
    );
    expect(rulesOf(report)).toEqual(['sql-outside-repository']);
    // The line of the builder itself: 3, plus the line breaks before it in the sample.
    const line = 3 + query.slice(0, query.search(/[.`]/)).split('\n').length - 1;
    expect(report.violations[0]!.where).toBe(`modules/a/a.service.ts:${line}`);
  });

  it("reports a module importing another module's repository, and a deep import", () => {
    const report = checkSources(
      {
        ...index,
        'modules/a/a.service.ts': `import { g } from '../b/b.repository.js';
import {
  h,
  type H,
} from '../b/b.service.js';`,
      },
      owners,
    );
    expect(rulesOf(report)).toEqual(['repository-import', 'deep-import']);
    expect(report.violations.map((v) => v.where)).toEqual([
      'modules/a/a.service.ts:1',
      'modules/a/a.service.ts:2',
    ]);
  });

  it('reports code outside the modules importing a repository', () => {
    const report = checkSources(
      { ...index, 'cli/commands.ts': `export { g } from '../modules/b/b.repository.js';` },
      owners,
    );
    expect(rulesOf(report)).toEqual(['repository-import']);
  });

  it('reports a cycle between modules, type-only imports included', () => {
    const report = checkSources(
      {
        ...index,
        'modules/c/index.ts': '',
        'modules/a/a.service.ts': `import { g } from '../b/index.js';`,
        'modules/b/b.service.ts': `import { k } from '../c/index.js';`,
        'modules/c/c.types.ts': `import type { A } from '../a/index.js';`,
      },
      owners,
    );
    expect(only(report, 'module-cycle').map((v) => v.detail)).toEqual(['a -> b -> c -> a']);
    expect(rulesOf(report)).toEqual(['module-cycle']);
  });

  it("reports a repository reading another module's table or a table nobody owns", () => {
    const report = checkSources(
      {
        ...index,
        'modules/a/a.repository.ts': `export const f = (db) =>
  db.selectFrom('apples').innerJoin('pears', 'pears.id', 'apples.pearId').execute();
export const g = (db) => db.insertInto('plums').values({}).execute();`,
      },
      owners,
    );
    expect(rulesOf(report)).toEqual(['foreign-table', 'unowned-table']);
  });

  it('reports a module without an index', () => {
    const report = checkSources({ 'modules/a/index.ts': '', 'modules/b/b.service.ts': '' }, owners);
    expect(rulesOf(report)).toEqual(['missing-index']);
  });
});

describe('module boundaries: apps/server/src', () => {
  const report = checkSources(readSources(), TABLE_OWNERS);
  const show = (rule: Rule) => only(report, rule).map((v) => `${v.where}  ${v.detail}`);

  it('reads the real modules and their imports', () => {
    // Guards the checker against reading nothing: these modules and arrows exist today.
    expect([...report.graph.keys()].sort()).toEqual(
      expect.arrayContaining(['auth', 'capsules', 'commerce', 'contacts', 'otp', 'terms', 'users']),
    );
    expect([...(report.graph.get('commerce') ?? [])]).toContain('capsules');
    expect([...(report.graph.get('auth') ?? [])]).toContain('terms');
  });

  it('has no SQL outside repositories', () => {
    expect(show('sql-outside-repository')).toEqual([]);
  });

  it("has no import of another module's repository or internals", () => {
    expect([...show('repository-import'), ...show('deep-import')]).toEqual([]);
  });

  it('has no import cycle between modules (auth and terms included)', () => {
    expect(show('module-cycle')).toEqual([]);
    expect([...(report.graph.get('terms') ?? [])]).not.toContain('auth');
  });

  it('has each table touched only by the module that owns it', () => {
    expect([...show('foreign-table'), ...show('unowned-table')]).toEqual([]);
  });

  it('has an index in every module', () => {
    expect(show('missing-index')).toEqual([]);
  });
});
