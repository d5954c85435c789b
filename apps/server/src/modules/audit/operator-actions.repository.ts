import { OPS_ACTION_KINDS, type OpsActionKind } from '@capsule/domain';
import type { Db } from '../../db/database.js';

// The record of what operators did (migration 0024, docs/operations/operators.md): every action
// of the console and every role change, written in the transaction of the change it records,
// so the change and its record commit together or not at all. The database refuses any update
// or deletion of a row.

/** What was done: one word per kind of action, shared with the console's filter (packages/domain). */
export const OPERATOR_ACTIONS = OPS_ACTION_KINDS;
export type OperatorAction = OpsActionKind;

/** Who acts, as another module's service is told it: the console's account or the CLI's name. */
export interface OperatorRef {
  operator: string;
  operatorId?: string | null;
  /** Why, when the action asks for it. */
  reason?: string | null;
}

export interface NewOperatorAction {
  at: Date;
  /** Who: the operator's e-mail, or the admin CLI's operator name. */
  operator: string;
  operatorId?: string | null;
  action: OperatorAction;
  /** On what: a capsule id, an affiliate code, a mail id, an e-mail, or 'all'. */
  subject: string;
  /** Why, in the operator's words. */
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function recordOperatorAction(db: Db, row: NewOperatorAction): Promise<void> {
  await db
    .insertInto('operatorActions')
    .values({
      at: row.at,
      operator: row.operator,
      operatorId: row.operatorId ?? null,
      action: row.action,
      subject: row.subject,
      reason: row.reason ?? null,
      details: JSON.stringify(row.details ?? {}),
    })
    .execute();
}

export interface OperatorActionFilter {
  action?: OperatorAction | undefined;
  /** Part of the operator's name or e-mail, or of the subject. */
  text?: string | undefined;
  offset: number;
  limit: number;
}

/** Newest first, one page, with the number of rows the filter matches. */
export async function listOperatorActions(db: Db, filter: OperatorActionFilter) {
  let query = db.selectFrom('operatorActions');
  if (filter.action) query = query.where('action', '=', filter.action);
  const text = filter.text?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('operator', 'ilike', like), eb('subject', 'ilike', like)]));
  }
  const [rows, total] = await Promise.all([
    query
      .select(['id', 'at', 'operator', 'action', 'subject', 'reason', 'details'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
