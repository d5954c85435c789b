export * from './affiliate-application.schema.js';
export * from './affiliate-terms.js';
export * from './affiliate-texts.js';
export * from './affiliate-values.js';
export * from './money.js';
export * from './referral-code.js';
