import { z } from 'zod';
import { parsedOutput, protectedProcedure, router } from '../../trpc/init.js';
import { userSyncStatus } from './sync-status.service.js';

// The app has no operator role: sync.status shows the signed-in user their own records only
// (decision 015); operators see every record, with errors, in the admin CLI (sync:status).

const status = z.enum(['pending', 'synced', 'failed']);

const userSyncStatusOutput = z.object({
  counts: z.object({ pending: z.number(), synced: z.number(), failed: z.number() }),
  records: z.array(
    z.object({
      entityType: z.string(),
      status,
      externalModel: z.string().nullable(),
      lastSyncAt: z.string().nullable(),
    }),
  ),
});

export const syncRouter = router({
  status: protectedProcedure
    .output(parsedOutput(userSyncStatusOutput))
    .query(({ ctx }) => userSyncStatus(ctx.deps, ctx.session.user.id)),
});
