import { ZodError } from 'zod';
import { ConfigError } from '../config.js';
import { DatabaseInUseError } from '../db/database.js';
import { AppError } from '../errors.js';

/** How a failed admin command is told to the operator, whether it ran in the CLI or in the portal. */
export interface Failure {
  message: string;
  /** The CLI's exit code: 2 for bad input, 1 for a refusal or a fault. */
  exitCode: number;
  /** Not a refusal the operator can act on: a fault worth its stack trace in the logs. */
  unexpected: boolean;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof ZodError) {
    return {
      message: `Invalid input: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      exitCode: 2,
      unexpected: false,
    };
  }
  if (error instanceof AppError || error instanceof ConfigError || error instanceof DatabaseInUseError) {
    return { message: error.message, exitCode: 1, unexpected: false };
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { message, exitCode: 1, unexpected: true };
}
