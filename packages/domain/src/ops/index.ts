export * from './ops-inputs.js';
