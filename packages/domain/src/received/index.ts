export * from './document-upload.js';
export * from './objection.js';
export * from './received-inputs.js';
export * from './release.js';
