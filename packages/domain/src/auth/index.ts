export * from './auth.schema.js';
export * from './terms.js';
