import {
  assignRecipientInputSchema,
  capsuleListQuerySchema,
  capsuleRefInputSchema,
  capsuleSortbySchema,
  lockCapsuleInputSchema,
  setCapsuleInfoInputSchema,
} from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../errors.js';
import { earliestToday } from '../../lib/today.js';
import { bodyFields } from '../../rest/body.js';
import { memberRequired, sessionOf } from '../../rest/guards.js';
import {
  assignRecipient,
  deleteCapsuleVideo,
  lockMyCapsule,
  recoverCapsule,
  setCapsuleInfo,
} from './capsule-actions.service.js';
import { toCapsuleCountsView, toCapsuleSenderView } from './capsules.mapper.js';
import { getMyCapsule, listMyCapsules, myCapsuleCounts } from './capsules.service.js';

// The spec's legacy calls (section 7), renamed onto the domain's one input schema per action
// (capsule-action-inputs.ts), which the tRPC procedures parse too. The old client sends ISO
// instants for milestoneDate (the day is its first 10 characters) and the capsule either as
// its id or as the whole object.
const legacyDay = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 10) : value);
const legacyCapsuleId = (body: Record<string, unknown>) => {
  const ref = body.capsuleId ?? body.capsule;
  return ref !== null && typeof ref === 'object' ? (ref as { id?: unknown }).id : ref;
};
const legacyInfo = (body: Record<string, unknown>) => ({
  deliveryDate: legacyDay(body.milestoneDate),
  category: body.capsuleType,
  message: body.milestoneMessage,
});

export const LEGACY_UNPAGED_LIST_MAX = 1000;

export function registerCapsulesRest(app: FastifyInstance, deps: AppDeps) {
  const member = { preHandler: memberRequired };
  const today = earliestToday(deps.clock);

  app.get('/api/capsules/counts', member, async (request) =>
    toCapsuleCountsView(await myCapsuleCounts(deps, sessionOf(request).user.id)),
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
    const body = bodyFields(request.body);
    const input = assignRecipientInputSchema(today).parse({
      capsuleId: request.params.id,
      contactId: body.contactId,
      info: legacyInfo(body),
    });
    return toCapsuleSenderView(
      await assignRecipient(deps, sessionOf(request).user.id, input.capsuleId, input),
    );
  });

  app.post('/api/capsules/set-milestone', member, async (request) => {
    const body = bodyFields(request.body);
    const input = setCapsuleInfoInputSchema(today).parse({
      capsuleId: legacyCapsuleId(body),
      info: legacyInfo(body),
    });
    return toCapsuleSenderView(
      await setCapsuleInfo(deps, sessionOf(request).user.id, input.capsuleId, input.info),
    );
  });

  // Beyond the spec's capsuleId: the date a Milestone Date capsule still lacks, as deliveryDate
  // or in the spec's other calls' name, milestoneDate (docs/api/rest-shims.md).
  app.post('/api/capsule/lock', member, async (request) => {
    const body = bodyFields(request.body);
    const { capsuleId, deliveryDate } = lockCapsuleInputSchema(today).parse({
      capsuleId: body.capsuleId,
      deliveryDate: legacyDay(body.deliveryDate ?? body.milestoneDate),
    });
    return toCapsuleSenderView(
      await lockMyCapsule(deps, sessionOf(request).user.id, capsuleId, deliveryDate),
    );
  });

  app.delete<{ Params: { id: string } }>('/api/capsules/:id/video', member, async (request) => {
    const { capsuleId } = capsuleRefInputSchema.parse({ capsuleId: request.params.id });
    return toCapsuleSenderView(await deleteCapsuleVideo(deps, sessionOf(request).user.id, capsuleId));
  });

  app.post('/api/recover-capsule', member, async (request) => {
    const { capsuleId } = capsuleRefInputSchema.parse(bodyFields(request.body));
    return toCapsuleSenderView(await recoverCapsule(deps, sessionOf(request).user.id, capsuleId));
  });
}
