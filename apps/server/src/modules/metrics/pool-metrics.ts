import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { type PoolUse, poolUse } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';

// What belongs to this process rather than to the service: its database pools, and Node's own
// series (memory, event loop, garbage collection).

/** The app's and the job queue's pg pools; PGlite has none, and then these series are absent. */
export function registerPoolMetrics(registry: Registry, deps: Pick<AppDeps, 'db'>): void {
  const registers = [registry];
  const pools = (): PoolUse[] => poolUse(deps.db);
  new Gauge({
    name: 'capsule_db_pool_connections',
    help: 'Connections of this process to PostgreSQL, by pool (app, jobs) and state (busy: checked out, idle)',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const p of pools()) {
        this.set({ pool: p.pool, state: 'busy' }, p.total - p.idle);
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
      }
    },
  });
  new Gauge({
    name: 'capsule_db_pool_waiting',
    help: 'Queries of this process waiting for a connection (the pool is at its maximum), by pool',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      for (const p of pools()) this.set({ pool: p.pool }, p.waiting);
    },
  });
  new Gauge({
    name: 'capsule_db_pool_max',
    help: 'The most connections each pool of this process opens',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      for (const p of pools()) this.set({ pool: p.pool }, p.max);
    },
  });
}

let processRegistry: Registry | undefined;

/**
 * Node's default series, collected once per process into a registry of their own: they describe
 * the process, however many apps it builds (the tests build many), and prom-client's collectors
 * must not be started twice.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
