// The audit module's public face: the capsule record, written by the modules that decide.

export { trailOutputSchema } from './audit.output.js';
export type { NewTrailRow } from './audit.repository.js';
export { readTrail, recordTrail, recordTrails, type TrailLine } from './audit.service.js';
export {
  listOperatorActions,
  type NewOperatorAction,
  OPERATOR_ACTIONS,
  type OperatorAction,
  type OperatorRef,
  recordOperatorAction,
} from './operator-actions.repository.js';
