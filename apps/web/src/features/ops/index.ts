// The operators' console: app/ mounts it at /ops as its own lazy chunk.
export { OpsConsole } from './OpsConsole';
