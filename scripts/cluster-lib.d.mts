// Types of cluster-lib.mjs for the TypeScript test that starts the cluster.
import type { ChildProcess } from 'node:child_process';

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  port?: number;
}

export interface PortalCluster {
  url: string;
  processes: { webs: Array<ClusterProcess & { port: number }>; workers: ClusterProcess[] };
  restartWeb(index: number): Promise<ClusterProcess>;
  restartWorker(index: number): ClusterProcess;
  stop(): Promise<void>;
}

export function findHaproxy(): string | undefined;
export function freePort(): Promise<number>;
export function haproxyConfig(options: { port: number; webPorts: number[] }): string;
export function startCluster(options: {
  web?: number;
  workers?: number;
  port?: number;
  env: Record<string, string>;
  dataDir: string;
  log?: (line: string) => void;
  drainSeconds?: number;
}): Promise<PortalCluster>;
