// The otp module's public face (docs/decisions/008-modules-own-their-tables.md). Nothing else
// calls into otp today; its router and REST shim are wired by trpc/app-router.ts and rest/index.ts.
export { OTP_TEXTS, sendCode, verifyCode } from './otp.service.js';
