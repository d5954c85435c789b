import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * Production logs JSON lines for a log collector. Development logs are for a person at a
 * terminal: pino-pretty, one short line each, no pid or hostname.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'isProduction' | 'nodeEnv'>,
): FastifyServerOptions['logger'] {
  if (config.isProduction || config.nodeEnv === 'test') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { singleLine: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' },
    },
  };
}
