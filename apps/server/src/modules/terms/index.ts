// The terms module's public face (docs/decisions/008-modules-own-their-tables.md). Auth's
// guards and sign-in, and otp's verify, ask hasAcceptedTerms; terms imports no other module.
export { acceptsCurrentTerms, hasAcceptedTerms } from './terms.service.js';
