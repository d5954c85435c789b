// What one request asks the database, counted per executed statement. The technique of
// apps/server/test/performance/request-queries.int.test.ts (a Kysely plugin on the app's db),
// but counted in transformResult, which runs once per statement sent; transformQuery also runs
// for every subquery a builder is turned into, so it would count a scalar subquery twice.
import { PostgresQueryCompiler } from 'kysely';

export class QueryRecorder {
  #compiler = new PostgresQueryCompiler();
  #pending = new Map();
  /** Each statement the database answered ({ sql, parameters }), in order. */
  statements = [];

  transformQuery({ node, queryId }) {
    this.#pending.set(queryId, node);
    return node;
  }

  async transformResult({ result, queryId }) {
    const node = this.#pending.get(queryId);
    this.#pending.delete(queryId);
    if (node) {
      const { sql, parameters } = this.#compiler.compileQuery(node);
      this.statements.push({ sql, parameters });
    }
    return result;
  }

  /** The statements `run` caused, run alone (nothing else may use the recorded app meanwhile). */
  async during(run) {
    this.statements = [];
    this.#pending.clear();
    await run();
    return [...this.statements];
  }
}

/** A statement shortened to what it reads or writes, for the printout. */
export function describeStatement({ sql: text }) {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?';
  let outer = text;
  // Parenthesised parts (subqueries, arguments) folded away, innermost first.
  while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, '§');
  const from = /\b(?:from|into|update)\s+"?(\w+)"?(§?)/i.exec(outer);
  const table = from ? `${from[1]}${from[2] ? '()' : ''}` : '?';
  const subqueries = (text.match(/\(select /gi) ?? []).length;
  return `${verb} ${table}${subqueries ? ` (+${subqueries} subquery)` : ''}`;
}
