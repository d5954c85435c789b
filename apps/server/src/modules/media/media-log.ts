import { pino } from 'pino';

/** What the media module says about its tools: once per process, so a plain pino-like pair. */
export interface MediaLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

let logger: MediaLogger | undefined;

/**
 * Where the tool notes go. A process with a logger of its own hands it in; until then (and in
 * tests) a JSON-lines pino logger of the module's own writes them, so a build or a missing
 * sandbox is never silent.
 */
export function setMediaLogger(next: MediaLogger): void {
  logger = next;
}

export function mediaLog(): MediaLogger {
  logger ??= pino({ base: { module: 'media' } });
  return logger;
}
