import { protectedProcedure, router } from '../../trpc/init.js';
import { currentSubscription } from './subscriptions.service.js';

export const subscriptionsRouter = router({
  current: protectedProcedure.query(({ ctx }) => currentSubscription(ctx.deps, ctx.session.user.id)),
});
