import type { FastifyRequest } from 'fastify';
import { requireMember, requireSession, requireVerified } from '../modules/auth/index.js';

// The same guards as the tRPC procedures (modules/auth/guards.ts), as Fastify preHandlers.
export const sessionRequired = async (request: FastifyRequest) => {
  requireSession(request.session);
};
export const verifiedRequired = async (request: FastifyRequest) => {
  requireVerified(request.session);
};
export const memberRequired = async (request: FastifyRequest) => {
  requireMember(request.session);
};

/** Narrows `request.session` after a guard preHandler has run. */
export function sessionOf(request: FastifyRequest) {
  return requireSession(request.session);
}
