import { type CompiledQuery, createQueryId } from 'kysely';
import { compilesPlainly, type Db } from './database.js';

// The kept shim 'compiled-statements' (docs/decisions/028-library-first.md): building a query
// with Kysely and compiling it (CamelCasePlugin renaming every identifier on the way) is paid
// again on every request for the statements every request sends (the session lookup, the
// capsule list page), whose text never changes: only their values do. Kysely still builds and
// compiles each such statement, once per database and key, with a marker value in each slot;
// afterwards its text is sent again with each call's own values in the markers' places, which
// is exactly what compiling afresh gives (compiled-statements.test.ts and
// test/performance/compiled-statements.int.test.ts compare the two, on and off). A marker must be
// a value no caller can send as a constant of the statement: the markers' strings start with a
// NUL, which the input guards refuse before any handler (lib/safe-input.ts).

interface Template {
  statement: CompiledQuery;
  /** For each parameter, the slot whose marker it is, or null for a constant of the query. */
  slots: (string | null)[];
}

/** Keys are a statement and its few variants (a filter): a bound keeps a flood of odd ones small. */
const MAX_TEMPLATES_PER_DB = 64;

export interface CompiledStatements {
  /**
   * The statement `compile(values)` gives. On, compiled once per `db` and `key` with `marks` (a
   * value no caller passes, one per slot, e.g. '\u0000owner' or a negative limit) and then
   * filled in with `values`; `key` must name everything but the slots' values that the statement
   * depends on. Off, or on a database with another plugin (a test's or the bench's recorder,
   * which must see every query) or in a transaction: `compile(values)` every time.
   */
  statement<R, K extends string>(
    db: Db,
    key: string,
    marks: Readonly<Record<K, unknown>>,
    compile: (values: Readonly<Record<K, unknown>>) => CompiledQuery<R>,
    values: Readonly<Record<K, unknown>>,
  ): CompiledQuery<R>;
}

/** One per app (AppDeps.statements); `keep` is the kept shim's switch (KEPT_SHIMS_OFF). */
export function createCompiledStatements({ keep }: { keep: boolean }): CompiledStatements {
  const templates = new WeakMap<Db, Map<string, Template>>();

  function templateFor(
    db: Db,
    key: string,
    marks: Readonly<Record<string, unknown>>,
    compile: () => CompiledQuery,
  ) {
    let byKey = templates.get(db);
    if (!byKey) {
      byKey = new Map();
      templates.set(db, byKey);
    }
    let template = byKey.get(key);
    if (!template) {
      const statement = compile();
      const names = Object.keys(marks);
      const slots = statement.parameters.map((p) => names.find((name) => marks[name] === p) ?? null);
      const missing = names.filter((name) => !slots.includes(name));
      // A marker the builder turned into SQL text (not a parameter) would stay in every call.
      if (missing.length)
        throw new Error(`compiled statement ${key}: no parameter for ${missing.join(', ')}`);
      if (byKey.size >= MAX_TEMPLATES_PER_DB) byKey.clear();
      template = { statement, slots };
      byKey.set(key, template);
    }
    return template;
  }

  return {
    statement(db, key, marks, compile, values) {
      if (!keep || !compilesPlainly(db)) return compile(values);
      const { statement, slots } = templateFor(db, key, marks, () => compile(marks));
      return {
        ...(statement as CompiledQuery<never>),
        parameters: statement.parameters.map((p, i) => {
          const slot = slots[i] as keyof typeof values | null;
          return slot === null ? p : values[slot];
        }),
        queryId: createQueryId(),
      };
    },
  };
}
