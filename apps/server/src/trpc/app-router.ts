import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppDeps } from '../deps.js';
import { affiliatesRouter } from '../modules/affiliates/affiliates.router.js';
import { authRouter } from '../modules/auth/auth.router.js';
import { createCapsulesRouter } from '../modules/capsules/capsules.router.js';
import { receivedCapsulesRouter } from '../modules/capsules/received/received.router.js';
import { subscriptionsRouter } from '../modules/commerce/subscriptions.router.js';
import { createContactsRouter } from '../modules/contacts/contacts.router.js';
import { opsRouter } from '../modules/ops/ops.router.js';
import { otpRouter } from '../modules/otp/otp.router.js';
import { syncRouter } from '../modules/sync/sync.router.js';
import { termsRouter } from '../modules/terms/terms.router.js';
import { router } from './init.js';

/**
 * The whole tRPC API, built for one app's deps: routers whose input rules need a dependency
 * (the clock, for date bounds) are factories, so nothing reaches around the injected one.
 */
export const createAppRouter = (deps: Pick<AppDeps, 'clock'>) =>
  router({
    auth: authRouter,
    otp: otpRouter,
    terms: termsRouter,
    contacts: createContactsRouter(deps),
    capsules: createCapsulesRouter(deps),
    receivedCapsules: receivedCapsulesRouter,
    subscriptions: subscriptionsRouter,
    affiliates: affiliatesRouter,
    sync: syncRouter,
    // The operators' console (docs/operations/operators.md): operators only.
    ops: opsRouter,
  });

export type AppRouter = ReturnType<typeof createAppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
