import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's module rules (docs/decisions/008-modules-own-their-tables.md, apps/server/README.md),
// checked on the source text: no database, no build. It reads apps/server/src as it is on disk,
// and it first proves on small in-memory samples that each rule can fail.
//
// 1. SQL only in repositories: no Kysely query builder outside modules/<m>/**/*.repository.ts
//    (db/ is the database factory and is exempt).
// 2. A module is reached only through its index, modules/<m>/index.js: from another module and
//    from the code outside modules/ alike. The one exception is the transport's wiring:
//    trpc/app-router.ts mounts each module's *.router.js and rest/index.ts registers each
//    *.rest.js (a router in the index would import trpc/init.ts, which imports auth's index: a
//    load-order cycle). The folders inside one module import each other freely. Nobody
//    imports another module's *.repository.js.
// 3. No import cycle between modules (type-only imports count: a type is a dependency too).
// 4. A repository touches only the tables its module owns, in its builders and joins and in its
//    raw `sql` text alike; db/ names no module's table in raw SQL. The owner of a table is the
//    module whose db/schema/<module>.ts declares it (in its `<Module>Tables` interface): that
//    folder is the one ownership table, and each of its files is named after a module.
// 5. Every module has an index.ts.
// 6. Every tRPC procedure declares its answer (.output()): zod then strips whatever the
//    service returns beyond the listed fields, so nothing leaves by accident.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * Modules that read the whole database and write none of it, like pg_dump: their repositories
 * may name any table, and must not write. The backup module checks a restored copy with SQL of
 * its own, so a check never rests on the code it checks (modules/backup/README.md); the metrics
 * module counts the service's backlogs at each scrape, each statement on an index it names
 * (modules/metrics/README.md).
 */
export const WHOLE_DATABASE_READERS: ReadonlySet<string> = new Set(['backup', 'metrics']);

/** The transport's wiring: the only files outside modules/ that import past an index, and what. */
const WIRING: Record<string, RegExp> = {
  'trpc/app-router.ts': /\.router\.js$/,
  'rest/index.ts': /\.rest\.js$/,
};

type Rule =
  | 'sql-outside-repository'
  | 'repository-import'
  | 'deep-import'
  | 'module-cycle'
  | 'foreign-table'
  | 'foreign-table-in-sql'
  | 'unowned-table'
  | 'reader-writes'
  | 'schema-without-module'
  | 'missing-index'
  | 'procedure-without-output';

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
  /** table (as Kysely names it) -> its owning module, from db/schema/<module>.ts. */
  owners: Map<string, string>;
}

/** What issues SQL: the query builders, raw sql and compiled queries. */
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

/** Where a raw `sql` template starts: the index just past its opening backtick. */
const SQL_TEMPLATE_START = /\bsql\s*(?:<[^`]*?>)?\s*`/g;

/** sql helpers that take a name as a string: sql.table('capsules'), sql.ref('capsules.id'), sql.raw('...'). */
const SQL_NAME_HELPER = /\bsql\.(?:raw|ref|id|table)\(\s*(['"])((?:(?!\1).)*)\1/g;

/** Kysely builders that write, and SQL that writes or reshapes. */
const WRITE_BUILDER = /\.(?:insertInto|updateTable|deleteFrom|mergeInto)\(/g;
const WRITE_SQL =
  /\b(?:insert\s+into|update\s+\w+\s+set|delete\s+from|truncate|merge\s+into|(?:alter|drop|create)\s+(?:table|view|index|function))\b/gi;

/** Where a tRPC procedure ends: its resolver. */
const PROCEDURE_END = /\.(?:query|mutation|subscription)\(/g;

const MODULE_FILE = /^modules\/([^/]+)\/(.+)$/;
const SCHEMA_FILE = /^db\/schema\/([^/]+)\.ts$/;
/** Column shapes shared by every module's tables: owns no table. */
const SHARED_SCHEMA_FILES = new Set(['db/schema/columns.ts']);

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

function* matches(text: string, pattern: RegExp) {
  for (const m of text.matchAll(pattern)) yield { index: m.index ?? 0, groups: m.slice(1) };
}

function moduleOf(file: string): { module: string; rest: string } | null {
  const m = MODULE_FILE.exec(file);
  return m ? { module: m[1]!, rest: m[2]! } : null;
}

const isRepository = (file: string) => moduleOf(file)?.rest.endsWith('.repository.ts') ?? false;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The literal text of each raw `sql` template (what is between its backticks, minus the
 * `${...}` values), with where it starts.
 */
function* sqlTexts(text: string) {
  for (const m of text.matchAll(SQL_TEMPLATE_START)) {
    const start = (m.index ?? 0) + m[0].length;
    let literal = '';
    let depth = 0;
    let i = start;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (depth === 0) {
        if (c === '\\') {
          literal += text.slice(i, i + 2);
          i++;
        } else if (c === '`') {
          break;
        } else if (c === '$' && text[i + 1] === '{') {
          depth = 1;
          i++;
          literal += ' ';
        } else {
          literal += c;
        }
      } else if (c === '{') {
        depth++;
      } else if (c === '}') {
        depth--;
      }
    }
    yield { index: m.index ?? 0, literal };
  }
  for (const m of text.matchAll(SQL_NAME_HELPER)) yield { index: m.index ?? 0, literal: m[2]! };
}

/**
 * Which module owns each table: the keys of the `<Module>Tables` interface each
 * db/schema/<module>.ts declares. Comment lines inside the interface are skipped.
 */
export function tableOwners(files: Record<string, string>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [file, text] of Object.entries(files)) {
    const m = SCHEMA_FILE.exec(file);
    if (!m || SHARED_SCHEMA_FILES.has(file)) continue;
    const body = /export interface \w+Tables\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
    for (const line of body.split('\n')) {
      const key = /^\s*(\w+)\s*:/.exec(line)?.[1];
      if (key) owners.set(key, m[1]!);
    }
  }
  return owners;
}

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
export function checkSources(
  files: Record<string, string>,
  readers: ReadonlySet<string> = WHOLE_DATABASE_READERS,
): Report {
  const violations: Violation[] = [];
  const graph = new Map<string, Set<string>>();
  const modules = new Set<string>();
  const owners = tableOwners(files);
  // Each table as raw SQL spells it (snake_case) and as Kysely does (camelCase, in sql.ref).
  const tableWords = [...owners.keys()].map((table) => ({
    table,
    pattern: new RegExp(`\\b(?:${snakeCase(table)}|${table})\\b`, 'i'),
  }));

  for (const [file, text] of Object.entries(files)) {
    const own = moduleOf(file);
    if (own) {
      modules.add(own.module);
      if (!graph.has(own.module)) graph.set(own.module, new Set());
    }
    const reader = own !== null && readers.has(own.module);

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
        } else if (target.rest !== 'index.js' && !(own === null && WIRING[file]?.test(target.rest))) {
          violations.push({
            rule: 'deep-import',
            where,
            detail: `imports ${spec}: code outside modules/${target.module} goes through modules/${target.module}/index.js`,
          });
        }
        if (own) graph.get(own.module)!.add(target.module);
      }
    }

    // 4. A repository names only its own module's tables; db/ names none in raw SQL.
    if (own && isRepository(file) && !reader) {
      for (const m of matches(text, TABLE_PATTERN)) {
        const table = m.groups[0]!;
        const owner = owners.get(table);
        const where = `${file}:${lineOf(text, m.index)}`;
        if (owner === undefined) {
          violations.push({
            rule: 'unowned-table',
            where,
            detail: `table ${table} has no owning module: declare it in db/schema/<module>.ts and the module's README`,
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
    if (((own && isRepository(file)) || file.startsWith('db/')) && !reader) {
      for (const { index, literal } of sqlTexts(text)) {
        for (const { table, pattern } of tableWords) {
          const owner = owners.get(table);
          if (owner === own?.module || !pattern.test(literal)) continue;
          violations.push({
            rule: 'foreign-table-in-sql',
            where: `${file}:${lineOf(text, index)}`,
            detail: own
              ? `raw SQL names ${snakeCase(table)}, which belongs to the ${owner} module: call a function of modules/${owner}/index.js`
              : `raw SQL names ${snakeCase(table)}: db/ is the database factory, the ${owner} module's repositories query it`,
          });
        }
      }
    }

    // A whole-database reader writes nothing.
    if (reader) {
      for (const m of matches(text, WRITE_BUILDER)) {
        violations.push({
          rule: 'reader-writes',
          where: `${file}:${lineOf(text, m.index)}`,
          detail: `the ${own.module} module reads the whole database and writes none of it`,
        });
      }
      for (const { index, literal } of sqlTexts(text)) {
        for (const m of literal.matchAll(WRITE_SQL)) {
          violations.push({
            rule: 'reader-writes',
            where: `${file}:${lineOf(text, index)}`,
            detail: `raw SQL '${m[0]}': the ${own.module} module reads the whole database and writes none of it`,
          });
        }
      }
    }
  }

  // 6. Every procedure of a router declares its output, between the previous resolver and its own.
  for (const [file, text] of Object.entries(files)) {
    if (!moduleOf(file) || !file.endsWith('.router.ts')) continue;
    let from = 0;
    for (const m of matches(text, PROCEDURE_END)) {
      if (!text.slice(from, m.index).includes('.output(')) {
        violations.push({
          rule: 'procedure-without-output',
          where: `${file}:${lineOf(text, m.index)}`,
          detail: 'a procedure without .output(): declare every field it answers with a zod schema',
        });
      }
      from = m.index + 1;
    }
  }

  // The ownership table's files are named after modules.
  for (const file of Object.keys(files)) {
    const m = SCHEMA_FILE.exec(file);
    if (!m || SHARED_SCHEMA_FILES.has(file) || modules.has(m[1]!)) continue;
    violations.push({
      rule: 'schema-without-module',
      where: file,
      detail: `no modules/${m[1]}: db/schema/ holds one file per owning module (and columns.ts)`,
    });
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
  return { violations, graph, owners };
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
  // Module a owns apples, b owns pears; plums are declared by no module.
  const schema = {
    'db/schema/a.ts': `export interface ATables {
  // The fruit of a.
  apples: ApplesTable;
}`,
    'db/schema/b.ts': 'export interface BTables {\n  pears: PearsTable;\n}',
    'db/schema/columns.ts': 'export type Stamp = Date;',
  };
  const index = { ...schema, 'modules/a/index.ts': '', 'modules/b/index.ts': '' };

  it('passes a sample that keeps every rule', () => {
    const report = checkSources({
      ...index,
      'modules/a/a.repository.ts': `import { sql } from 'kysely';
export const f = (db) => db.selectFrom('apples').where(sql\`apples.ripe and \${db.ref('pears')}\`).execute();`,
      'modules/a/a.service.ts': `import { f } from './a.repository.js';
import { g } from '../b/index.js';
import type { Db } from '../../db/database.js';`,
      // The folders of one module import each other freely, the root and its sub-folders alike.
      'modules/a/ripe/ripe.service.ts': `import { f } from '../a.repository.js';
import { h } from './ripe-rules.js';`,
      'modules/a/a.router.ts': `import { k } from './ripe/ripe.service.js';`,
      'modules/b/b.repository.ts': `export const g = (db) => db.deleteFrom('pears').execute();`,
      'db/database.ts': 'export const ping = sql`select 1`;',
      'cli/commands.ts': `import { g } from '../modules/b/index.js';`,
      'trpc/app-router.ts': `import { aRouter } from '../modules/a/a.router.js';`,
      'rest/index.ts': `import { registerBRest } from '../modules/b/b.rest.js';`,
    });
    expect(report.violations).toEqual([]);
    expect([...(report.graph.get('a') ?? [])]).toEqual(['b']);
    expect(Object.fromEntries(report.owners)).toEqual({ apples: 'a', pears: 'b' });
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
    const report = checkSources({
      ...index,
      'modules/a/a.service.ts': `import x from 'y';\n\nexport const f = () => ${query};`,
    });
    expect(rulesOf(report)).toEqual(['sql-outside-repository']);
    // The line of the builder itself: 3, plus the line breaks before it in the sample.
    const line = 3 + query.slice(0, query.search(/[.`]/)).split('\n').length - 1;
    expect(report.violations[0]!.where).toBe(`modules/a/a.service.ts:${line}`);
  });

  it("reports a module importing another module's repository, and a deep import", () => {
    const report = checkSources({
      ...index,
      'modules/a/a.service.ts': `import { g } from '../b/b.repository.js';
import {
  h,
  type H,
} from '../b/b.service.js';`,
      'modules/a/ripe/ripe.service.ts': `import { k } from '../../b/late/late.service.js';`,
    });
    expect(rulesOf(report)).toEqual(['repository-import', 'deep-import', 'deep-import']);
    expect(report.violations.map((v) => v.where)).toEqual([
      'modules/a/a.service.ts:1',
      'modules/a/a.service.ts:2',
      'modules/a/ripe/ripe.service.ts:1',
    ]);
  });

  it('reports code outside the modules importing a repository', () => {
    const report = checkSources({
      ...index,
      'cli/commands.ts': `export { g } from '../modules/b/b.repository.js';`,
    });
    expect(rulesOf(report)).toEqual(['repository-import']);
  });

  it.each([
    ['jobs/handlers.ts', `import { sweep } from '../modules/a/a-sweeps.service.js';`],
    ['cli/commands.ts', `import { f } from '../modules/a/ripe/ripe.service.js';`],
    ['plugins/session.ts', `import type { S } from '../modules/a/a.types.js';`],
    ['first-page/plugin.ts', `import { capsuleView } from '../modules/a/a.mapper.js';`],
    ['dev/demo.ts', `const m = await import('../modules/b/b.service.js');`],
    ['deps.ts', `export type { B } from './modules/b/b.service.js';`],
    // The wiring imports its own kind only: a router into rest/index.ts is a deep import.
    ['rest/index.ts', `import { aRouter } from '../modules/a/a.router.js';`],
    ['trpc/app-router.ts', `import { f } from '../modules/a/a.service.js';`],
    ['trpc/init.ts', `import { aRouter } from '../modules/a/a.router.js';`],
  ])('reports code outside the modules importing past an index: %s', (file, line) => {
    const report = checkSources({ ...index, [file]: line });
    expect(rulesOf(report)).toEqual(['deep-import']);
    expect(report.violations[0]!.where).toBe(`${file}:1`);
  });

  it('reports a cycle between modules, type-only imports included', () => {
    const report = checkSources({
      ...index,
      'modules/c/index.ts': '',
      'modules/a/a.service.ts': `import { g } from '../b/index.js';`,
      'modules/b/b.service.ts': `import { k } from '../c/index.js';`,
      'modules/c/c.types.ts': `import type { A } from '../a/index.js';`,
    });
    expect(only(report, 'module-cycle').map((v) => v.detail)).toEqual(['a -> b -> c -> a']);
    expect(rulesOf(report)).toEqual(['module-cycle']);
  });

  it("reports a repository reading another module's table or a table nobody owns", () => {
    const report = checkSources({
      ...index,
      'modules/a/a.repository.ts': `export const f = (db) =>
  db.selectFrom('apples').innerJoin('pears', 'pears.id', 'apples.pearId').execute();
export const g = (db) => db.insertInto('plums').values({}).execute();`,
    });
    expect(rulesOf(report)).toEqual(['foreign-table', 'unowned-table']);
  });

  it.each([
    ['sql`select count(*) from pears`'],
    // #{...} stands for a template's ${...}.
    ['sql<boolean>`exists (select 1 from pears p where p.apple_id = #{id})`'],
    ['sql`coalesce(#{x}, pears.weight)`'],
    ["sql.table('pears')"],
    ["sql.ref('pears.weight')"],
  ])("reports a repository naming another module's table in raw SQL: %s", (fragment) => {
    const report = checkSources({
      ...index,
      'modules/a/ripe/ripe.repository.ts': `export const f = (db) =>\n  db.selectFrom('apples').where(${fragment.replaceAll('#{', '${')});`,
    });
    expect(rulesOf(report)).toEqual(['foreign-table-in-sql']);
    expect(report.violations[0]!.where).toBe('modules/a/ripe/ripe.repository.ts:2');
  });

  it("reports db/ naming a module's table in raw SQL", () => {
    const report = checkSources({
      ...index,
      'db/database.ts': 'export const n = sql`select count(*) from apples`;',
    });
    expect(rulesOf(report)).toEqual(['foreign-table-in-sql']);
  });

  it('lets a whole-database reader name every table, and reports it writing', () => {
    const reads = checkSources(
      {
        ...index,
        'modules/r/index.ts': '',
        'modules/r/r.repository.ts':
          'export const n = (db) => sql`select (select count(*) from apples), (select count(*) from pears)`.execute(db);',
      },
      new Set(['r']),
    );
    expect(reads.violations).toEqual([]);
    const writes = checkSources(
      {
        ...index,
        'modules/r/index.ts': '',
        'modules/r/r.repository.ts': `export const w = (db) => sql\`delete from apples\`.execute(db);
export const u = (db) => sql\`UPDATE pears SET ripe = true\`.execute(db);
export const i = (db) => db.insertInto('pears').values({}).execute();`,
      },
      new Set(['r']),
    );
    expect(rulesOf(writes)).toEqual(['reader-writes', 'reader-writes', 'reader-writes']);
  });

  it('reports a schema file named after no module', () => {
    const report = checkSources({
      ...index,
      'db/schema/orchard.ts': 'export interface OrchardTables {\n  trees: T;\n}',
    });
    expect(rulesOf(report)).toEqual(['schema-without-module']);
  });

  it('reports a procedure without an output schema', () => {
    const report = checkSources({
      ...index,
      'modules/a/a.router.ts': `export const aRouter = router({
  list: protectedProcedure.output(parsedOutput(listSchema)).query(({ ctx }) => list(ctx)),
  count: protectedProcedure.query(({ ctx }) => count(ctx)),
  nested: router({
    add: protectedProcedure
      .input(addSchema)
      .output(parsedOutput(itemSchema))
      .mutation(({ input }) => add(input)),
    remove: protectedProcedure.input(idSchema).mutation(({ input }) => remove(input)),
  }),
});`,
    });
    expect(rulesOf(report)).toEqual(['procedure-without-output', 'procedure-without-output']);
    expect(report.violations.map((v) => v.where)).toEqual([
      'modules/a/a.router.ts:3',
      'modules/a/a.router.ts:9',
    ]);
  });

  it('reports a module without an index', () => {
    const report = checkSources({ ...schema, 'modules/a/index.ts': '', 'modules/b/b.service.ts': '' });
    expect(rulesOf(report)).toEqual(['missing-index']);
  });
});

describe('module boundaries: apps/server/src', () => {
  const report = checkSources(readSources());
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

  it('reads the owners of the tables from db/schema/', () => {
    expect(report.owners.get('capsules')).toBe('capsules');
    expect(report.owners.get('sessionIdentities')).toBe('auth');
    expect(report.owners.get('storedBlobs')).toBe('storage');
    expect(report.owners.size).toBeGreaterThanOrEqual(25);
    expect(show('schema-without-module')).toEqual([]);
  });

  it('has each table touched only by the module that owns it, raw SQL included', () => {
    expect([...show('foreign-table'), ...show('unowned-table'), ...show('foreign-table-in-sql')]).toEqual([]);
  });

  it('has the whole-database readers writing nothing', () => {
    expect(show('reader-writes')).toEqual([]);
  });

  it('has an output schema on every tRPC procedure', () => {
    expect(show('procedure-without-output')).toEqual([]);
  });

  it('has an index in every module', () => {
    expect(show('missing-index')).toEqual([]);
  });
});
