import type { z } from 'zod';

/**
 * One kind of job: its payload and how it is retried. The retry policy lives here, not at work():
 * pg-boss copies it onto each job when the job is sent, and a process that only sends (the web
 * process with JOBS=off) must send with the same policy the workers expect.
 */
export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  /** Checked when the job is sent (a caller's mistake fails there) and again before the handler runs. */
  payload: Payload;
  /**
   * pg-boss's queue policy. `standard` runs every job sent. `exclusive` keeps at most one job per
   * singleton key queued or running: a second send answers null instead of a second job (a sweep
   * that is already queued or running, a review already pending for that upload).
   */
  policy?: 'standard' | 'exclusive';
  /** Tries after the first. Default 3. */
  retryLimit?: number;
  /** Seconds before the first retry. Default 30. */
  retryDelay?: number;
  /** Double the delay after each failure (with jitter). Default true. */
  retryBackoff?: boolean;
  /** Cap on the backed-off delay, seconds. Default one hour. */
  retryDelayMax?: number;
  /**
   * The handler's deadline, seconds: past it the job is failed and retried, in this process (its
   * signal is aborted) and by any instance's supervisor when this process died. Default 15 minutes.
   */
  expireInSeconds?: number;
  /**
   * For long handlers: the worker touches the job every half of this, and a job whose touches stop
   * (its process died) is retried after this many seconds instead of waiting out expireInSeconds.
   * At least 10 (pg-boss). Default none.
   */
  heartbeatSeconds?: number;
}

export type JobCatalogue = Record<string, JobDefinition>;

export type JobName<C extends JobCatalogue> = keyof C & string;

/** What a sender passes (the schema's input) and what a handler gets (its output). */
export type JobInput<C extends JobCatalogue, N extends JobName<C>> = z.input<C[N]['payload']>;
export type JobPayload<C extends JobCatalogue, N extends JobName<C>> = z.output<C[N]['payload']>;

/** Keeps each entry's own payload type (a plain annotation would widen them all to ZodType). */
export const defineJobs = <C extends JobCatalogue>(catalogue: C): C => catalogue;

export const JOB_DEFAULTS = {
  policy: 'standard',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 15 * 60,
} as const;
