export * from './calendar-date.js';
export * from './contact.schema.js';
export * from './contact-rules.js';
export * from './contact-texts.js';
export * from './group.schema.js';
export * from './network-pages.js';
export * from './optional-text.js';
export * from './relationships.js';
