import {
  capsuleCategorySchema,
  capsuleInfoSchema,
  capsuleListQuerySchema,
  capsuleMessageSchema,
  capsuleSortbySchema,
  deliveryDateSchema,
} from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../errors.js';
import { earliestToday } from '../../lib/today.js';
import { memberRequired, sessionOf } from '../../rest/guards.js';
import {
  assignRecipient,
  deleteCapsuleVideo,
  lockMyCapsule,
  recoverCapsule,
  setCapsuleInfo,
} from './capsule-actions.service.js';
import { toCapsuleSenderView } from './capsules.mapper.js';
import { getMyCapsule, listMyCapsules, myCapsuleCounts } from './capsules.service.js';

// The spec's legacy calls (section 7). The old client sends ISO instants for milestoneDate
// and the capsule either as its id or as the whole object; both are read here.
const isoToCalendarDate = z
  .string()
  .nullish()
  .transform((v) => (v ? v.trim().slice(0, 10) : null));
const capsuleRef = z.union([z.string(), z.object({ id: z.string() }).loose()]).optional();
const refId = (ref: z.infer<typeof capsuleRef>) => (typeof ref === 'string' ? ref : ref?.id);
const capsuleIdBody = z.object({
  capsuleId: z.string({ error: 'capsuleId is required' }).trim().min(1, 'capsuleId is required'),
});

export const LEGACY_UNPAGED_LIST_MAX = 1000;

export function registerCapsulesRest(app: FastifyInstance, deps: AppDeps) {
  const member = { preHandler: memberRequired(deps) };
  const today = earliestToday(deps.clock);
  const legacyInfo = z.object({
    milestoneDate: isoToCalendarDate,
    milestoneMessage: z.string().nullish(),
    capsuleType: z.string().nullish(),
  });
  // At assignment the info is optional: what is given must still be valid.
  const optionalInfo = z.object({
    deliveryDate: deliveryDateSchema(today),
    category: capsuleCategorySchema,
    message: capsuleMessageSchema,
  });

  app.get('/api/capsules/counts', member, async (request) =>
    myCapsuleCounts(deps, sessionOf(request).user.id),
  );

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/api/capsules',
    member,
    async (request, reply) => {
      const q = request.query;
      const query = capsuleListQuerySchema.parse({ status: q.x_status, types: q.type, page: q.page });
      // The spec's sortby names a status (or 'default' for all); ours may also name an order.
      const sortby = capsuleSortbySchema.parse(q.sortby);
      if (query.status && sortby.status && query.status !== sortby.status) {
        throw badInput('x_status and sortby name different statuses; send one of them');
      }
      // The spec's client sends no page and pages the list itself: without `page` the whole
      // list comes back (up to a bound that keeps one call cheap; x-total-count tells the rest).
      const page = await listMyCapsules(deps, sessionOf(request).user.id, {
        ...query,
        status: query.status ?? sortby.status,
        sort: sortby.sort,
        ...(q.page === undefined ? { pageSize: LEGACY_UNPAGED_LIST_MAX } : {}),
      });
      // The legacy answer is a bare list; the paging travels in headers.
      reply.header('x-total-count', String(page.total));
      reply.header('x-page', String(page.page));
      reply.header('x-page-size', String(page.pageSize));
      return page.capsules.map(toCapsuleSenderView);
    },
  );

  app.get<{ Params: { id: string } }>('/api/capsules/:id', member, async (request) =>
    toCapsuleSenderView(await getMyCapsule(deps, sessionOf(request).user.id, request.params.id)),
  );

  app.post<{ Params: { id: string } }>('/api/capsules/:id/recipient', member, async (request) => {
    const body = z
      .object({
        contactId: z.string({ error: 'contactId is required' }).trim().min(1, 'contactId is required'),
      })
      .and(legacyInfo)
      .parse(request.body ?? {});
    const info = optionalInfo.parse({
      deliveryDate: body.milestoneDate,
      category: body.capsuleType,
      message: body.milestoneMessage,
    });
    const capsule = await assignRecipient(deps, sessionOf(request).user.id, request.params.id, {
      contactId: body.contactId,
      info,
    });
    return toCapsuleSenderView(capsule);
  });

  app.post('/api/capsules/set-milestone', member, async (request) => {
    const body = z
      .object({ capsule: capsuleRef, capsuleId: z.string().optional() })
      .and(legacyInfo)
      .parse(request.body ?? {});
    const capsuleId = body.capsuleId ?? refId(body.capsule);
    if (!capsuleId) throw badInput('capsule is required');
    const info = capsuleInfoSchema(today).parse({
      deliveryDate: body.milestoneDate,
      category: body.capsuleType,
      message: body.milestoneMessage,
    });
    return toCapsuleSenderView(await setCapsuleInfo(deps, sessionOf(request).user.id, capsuleId, info));
  });

  app.post('/api/capsule/lock', member, async (request) => {
    const { capsuleId } = capsuleIdBody.parse(request.body ?? {});
    return toCapsuleSenderView(await lockMyCapsule(deps, sessionOf(request).user.id, capsuleId));
  });

  app.delete<{ Params: { id: string } }>('/api/capsules/:id/video', member, async (request) =>
    toCapsuleSenderView(await deleteCapsuleVideo(deps, sessionOf(request).user.id, request.params.id)),
  );

  app.post('/api/recover-capsule', member, async (request) => {
    const { capsuleId } = capsuleIdBody.parse(request.body ?? {});
    return toCapsuleSenderView(await recoverCapsule(deps, sessionOf(request).user.id, capsuleId));
  });
}
