import { parsedOutput, protectedProcedure, router } from '../../trpc/init.js';
import { subscriptionSummaryOutputSchema } from './subscription.output.js';
import { currentSubscription } from './subscriptions.service.js';

export const subscriptionsRouter = router({
  current: protectedProcedure
    .output(parsedOutput(subscriptionSummaryOutputSchema))
    .query(({ ctx }) => currentSubscription(ctx.deps, ctx.session.user.id)),
});
