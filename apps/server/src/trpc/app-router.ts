import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { authRouter } from '../modules/auth/auth.router.js';
import { capsulesRouter } from '../modules/capsules/capsules.router.js';
import { subscriptionsRouter } from '../modules/commerce/subscriptions.router.js';
import { contactsRouter } from '../modules/contacts/contacts.router.js';
import { otpRouter } from '../modules/otp/otp.router.js';
import { termsRouter } from '../modules/terms/terms.router.js';
import { router } from './init.js';

export const appRouter = router({
  auth: authRouter,
  otp: otpRouter,
  terms: termsRouter,
  contacts: contactsRouter,
  capsules: capsulesRouter,
  subscriptions: subscriptionsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
