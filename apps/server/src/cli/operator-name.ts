import { userInfo } from 'node:os';

/**
 * Who acts, for the operators' record and the capsule's (docs/operations/operators.md): the
 * command's --operator, else the system account running the CLI.
 */
export const cliOperator = (v: Record<string, string | undefined>) => ({
  operator: v.operator?.trim() || userInfo().username,
});
