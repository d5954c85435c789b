export * from './dates.js';
export * from './initials.js';
