import type { FastifyRequest } from 'fastify';
import { requireMember, requireSession, requireVerified } from '../modules/auth/index.js';

// The same guards as the tRPC procedures (modules/auth/guards.ts), as Fastify hooks.
const sessionRequired = async (request: FastifyRequest) => {
  requireSession(request.session);
};
const verifiedRequired = async (request: FastifyRequest) => {
  requireVerified(request.session);
};
const memberRequired = async (request: FastifyRequest) => {
  requireMember(request.session);
};

// As route options: preValidation, so the guard answers before the input schema is read (a
// signed-out call with a bad body is a 401, as tRPC's), and after the input guard
// (plugins/input-guard.ts), whose hook the app registers first.
export const sessionOnly = { preValidation: sessionRequired };
export const verifiedOnly = { preValidation: verifiedRequired };
export const memberOnly = { preValidation: memberRequired };

/** Narrows `request.session` after a guard has run. */
export function sessionOf(request: FastifyRequest) {
  return requireSession(request.session);
}
