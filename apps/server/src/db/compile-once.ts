import { type CompiledQuery, createQueryId } from 'kysely';
import { compilesPlainly, type Db } from './database.js';

// Building a query with Kysely and compiling it (CamelCasePlugin renaming every identifier on
// the way) costs tens to hundreds of µs of CPU, paid again on every request for statements
// whose text never changes: only their values do (issue 10). compileOnce compiles such a
// statement once per database and key, with a marker value in each slot, and then sends that
// text with each call's own values in the markers' places: the same SQL and parameters as a
// fresh compile (the repositories' tests compare the two).

interface Template {
  statement: CompiledQuery;
  /** For each parameter, the slot whose marker it is, or null for a constant of the query. */
  slots: (string | null)[];
}

const templates = new WeakMap<Db, Map<string, Template>>();
/** Keys are a statement and its few variants (a filter): a bound keeps a flood of odd ones small. */
const MAX_TEMPLATES_PER_DB = 64;

/**
 * The statement `compile(values)` gives, compiled once per `db` and `key` with `marks` (a
 * value no caller passes, one per slot, e.g. '\u0000owner' or a negative limit) and then
 * filled in with `values`. `key` must name everything but the slots' values that the statement
 * depends on. A database with another plugin (a test's or the bench's recorder) or a
 * transaction compiles afresh each time, since its plugins must see every query.
 */
export function compileOnce<R, K extends string>(
  db: Db,
  key: string,
  marks: Readonly<Record<K, unknown>>,
  compile: (values: Readonly<Record<K, unknown>>) => CompiledQuery<R>,
  values: Readonly<Record<K, unknown>>,
): CompiledQuery<R> {
  if (!compilesPlainly(db)) return compile(values);
  let byKey = templates.get(db);
  if (!byKey) {
    byKey = new Map();
    templates.set(db, byKey);
  }
  let template = byKey.get(key);
  if (!template) {
    const statement = compile(marks);
    const names = Object.keys(marks) as K[];
    const slots = statement.parameters.map((p) => names.find((name) => marks[name] === p) ?? null);
    const missing = names.filter((name) => !slots.includes(name));
    // A marker the builder turned into SQL text (not a parameter) would leave it in every call.
    if (missing.length) throw new Error(`compileOnce(${key}): no parameter for ${missing.join(', ')}`);
    if (byKey.size >= MAX_TEMPLATES_PER_DB) byKey.clear();
    template = { statement, slots };
    byKey.set(key, template);
  }
  const { statement, slots } = template;
  return {
    ...(statement as CompiledQuery<R>),
    parameters: statement.parameters.map((p, i) => {
      const slot = slots[i] as K | null;
      return slot ? values[slot] : p;
    }),
    queryId: createQueryId(),
  };
}
