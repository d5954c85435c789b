// The shared domain: zod schemas, enums, labels and pure rules used by both the web client
// and the server. No I/O here: everything is a pure function and unit-tested.
export * from './affiliates/index.js';
export * from './audit/index.js';
export * from './auth/index.js';
export * from './capsules/index.js';
export * from './contacts/index.js';
export * from './display/index.js';
export * from './ops/index.js';
export * from './received/index.js';
