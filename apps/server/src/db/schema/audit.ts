import type { OpsActionKind, TrailActor, TrailEvent } from '@capsule/domain';
import type { ColumnType, Generated } from 'kysely';

// The audit module's table (modules/audit/README.md). Every column is insert-only in the types
// too (`never` on update): the database refuses UPDATE and DELETE anyway (migration 0022).

/** jsonb: written as JSON text, read back parsed (schema.ts). */
type Jsonb = ColumnType<unknown, string, never>;

interface CapsuleTrailTable {
  /** bigserial, read as a string: the order rows were written in. */
  id: Generated<string>;
  /** No foreign key: the record outlives the capsule and the people (migration 0022). */
  capsuleId: string;
  at: ColumnType<Date, Date, never>;
  event: ColumnType<TrailEvent, TrailEvent, never>;
  actor: ColumnType<TrailActor, TrailActor, never>;
  actorId: ColumnType<string | null, string | null | undefined, never>;
  details: Jsonb;
}

/** What operators did, and every grant or revocation of a role (migration 0024). */
interface OperatorActionsTable {
  id: Generated<string>;
  at: ColumnType<Date, Date, never>;
  /** Who: the operator's e-mail, or the admin CLI's --operator / system account name. */
  operator: ColumnType<string, string, never>;
  operatorId: ColumnType<string | null, string | null | undefined, never>;
  /** What, e.g. 'document.verify', 'role.grant' (modules/audit/operator-actions.ts). */
  action: ColumnType<OpsActionKind, OpsActionKind, never>;
  /** On what: a capsule id, an affiliate code, an e-mail. */
  subject: ColumnType<string, string, never>;
  /** Why, in the operator's words (a rejection's reason, a payout's note). */
  reason: ColumnType<string | null, string | null | undefined, never>;
  details: Jsonb;
}

export interface AuditTables {
  capsuleTrail: CapsuleTrailTable;
  operatorActions: OperatorActionsTable;
}
