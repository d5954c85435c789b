export * from './auth.schema.js';
export * from './auth-texts.js';
export * from './sign-in.schema.js';
export * from './terms.js';
