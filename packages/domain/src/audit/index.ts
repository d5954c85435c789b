export * from './capsule-trail.js';
