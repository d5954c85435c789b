export * from './document-upload.js';
export * from './received-inputs.js';
export * from './release.js';
