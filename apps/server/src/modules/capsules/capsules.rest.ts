import {
  assignRecipientInputSchema,
  capsuleInfoSchema,
  capsuleListQuerySchema,
  capsuleRefInputSchema,
  capsuleSortbySchema,
  lockCapsuleInputSchema,
  setCapsuleInfoInputSchema,
  type TodaySource,
} from '@capsule/domain';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../errors.js';
import { earliestToday } from '../../lib/today.js';
import { memberOnly, sessionOf } from '../../rest/guards.js';
import { fieldsOf, idParams, readAs, readByHandler, type WireFields } from '../../rest/inputs.js';
import { SESSION_SECURITY } from '../../rest/openapi.js';
import { memberErrors } from '../../rest/responses.js';
import type { RestApp } from '../../rest/rest-app.js';
import { capsuleCountsOutputSchema, capsuleOutputSchema } from './capsule.output.js';
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
const legacyCapsuleId = (body: WireFields<typeof capsuleRefWire>) => {
  const ref = body.capsuleId ?? body.capsule;
  return ref !== null && typeof ref === 'object' ? (ref as { id?: unknown }).id : ref;
};
const legacyInfo = (body: WireFields<ReturnType<typeof legacyInfoWireOf>>) => ({
  deliveryDate: legacyDay(body.milestoneDate),
  category: body.capsuleType,
  message: body.milestoneMessage,
});

const LEGACY_UNPAGED_LIST_MAX = 1000;

// The spec's field names, typed by the domain's schemas of the fields they carry.
const capsuleId = capsuleRefInputSchema.shape.capsuleId;
const legacyInfoWireOf = (today: TodaySource) => {
  const info = capsuleInfoSchema(today).shape;
  return z.object({
    milestoneDate: info.deliveryDate.describe(
      'The delivery date (YYYY-MM-DD, or an ISO instant whose first 10 characters are the day).',
    ),
    capsuleType: info.category.describe('The category (Graduation, Wedding, ...).'),
    milestoneMessage: info.message,
  });
};
const capsuleRefWire = z.object({
  capsuleId: capsuleId.optional().describe('The capsule (wins over `capsule`).'),
  capsule: z
    .union([capsuleId, z.object({ id: capsuleId })])
    .optional()
    .describe('The capsule, or its id.'),
});
const list = capsuleListQuerySchema.shape;
const listQueryWire = z.object({
  x_status: list.status.describe('A status in any spelling; default, all or blank: all.'),
  sortby: capsuleSortbySchema.describe(
    'default; a status (Pending_Recipient, Pending_Upload, Reviewing, Sent, To_Delete) to list it; or an order: newest (the default), oldest, delivery.',
  ),
  type: list.types.describe('The category; may repeat; any case.'),
  page: list.page.unwrap().optional().describe('12 capsules a page; without it the whole list, up to 1,000.'),
});

const k = capsuleOutputSchema.shape;
const d = k.delivery.unwrap().unwrap().shape;
/** The spec's sender view of a capsule (section 3, 'Capsule (sender view)'): capsules.mapper.ts. */
export const capsuleSenderViewSchema = z
  .object({
    id: k.id,
    title: k.title,
    x_status: k.status,
    x_studio_capsule_type: k.category.describe('The category.'),
    x_capsule_kind: k.kind,
    x_delivery_criteria: k.deliveryCriteria,
    x_Recipient_Id: z
      .union([z.array(z.string()).length(2), z.literal(false)])
      .describe('[contact id, recipient name], or false without a recipient.'),
    x_Contact_User_Id: k.recipientUserId,
    x_studio_recipient_name: k.recipientName,
    x_studio_recipient_email: k.recipientEmail,
    x_studio_message: k.message,
    x_studio_delivery_date: k.deliveryDate,
    x_Upload_Date: k.uploadDate,
    x_capsule_length: k.capsuleLength,
    x_capsule_locked: k.locked,
    x_preview_viewed: k.previewViewed,
    x_retry_count: k.retryCount,
    x_previous_status: k.previousStatus.describe('The status before To_Delete.'),
    videoUrl: k.videoUrl,
    videoThumbnailUrl: k.videoThumbnailUrl,
    x_has_video: z.boolean().describe('A video that passed review.'),
    x_review_reason: z.string().nullable().describe('Why the review refused the video, while Needs_Review.'),
    create_date: k.createdAt,
    deliveredAt: k.deliveredAt,
    x_delivery: z
      .object({
        delivered_at: d.deliveredAt,
        emailed_at: d.emailedAt,
        email_status: d.emailStatus,
        opened_at: d.openedAt,
        played_at: d.playedAt,
      })
      .nullable()
      .describe('What became of the delivery; null until delivered.'),
  })
  .describe("The capsule in the sender's view.");

/** The spec's five counts exactly; what the tiles leave out is tRPC's capsules.counts. */
const countsSchema = capsuleCountsOutputSchema.omit({ outsideTiles: true });

const listHeaders = {
  'x-total-count': { type: 'string', description: 'All matching capsules.' },
  'x-page': { type: 'string', description: 'The page answered.' },
  'x-page-size': { type: 'string', description: 'Capsules a page.' },
};

export function registerCapsulesRest(app: RestApp, deps: AppDeps) {
  const today = earliestToday(deps.clock);
  const recipientInput = assignRecipientInputSchema(today);
  const legacyInfoWire = legacyInfoWireOf(today);
  const tags = ['capsules'];
  const member = { ...memberOnly, schema: { tags, security: SESSION_SECURITY } };
  const answersCapsule = { 200: capsuleSenderViewSchema, ...memberErrors(404, 409) };

  app.get(
    '/api/capsules/counts',
    { ...member, schema: { ...member.schema, response: { 200: countsSchema, ...memberErrors() } } },
    async (request) => toCapsuleCountsView(await myCapsuleCounts(deps, sessionOf(request).user.id)),
  );

  app.get(
    '/api/capsules',
    {
      ...member,
      schema: {
        ...member.schema,
        // Three reads whose order decides the answer: the filters, then sortby, then whether they agree.
        querystring: readByHandler(listQueryWire),
        response: {
          200: z
            .array(capsuleSenderViewSchema)
            .describe('The capsules; the paging travels in headers.')
            .meta({ headers: listHeaders }),
          ...memberErrors(),
        },
      },
    },
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

  app.get(
    '/api/capsules/:id',
    {
      ...member,
      schema: {
        ...member.schema,
        params: idParams,
        response: { 200: capsuleSenderViewSchema, ...memberErrors(404) },
      },
    },
    async (request) =>
      toCapsuleSenderView(await getMyCapsule(deps, sessionOf(request).user.id, request.params.id)),
  );

  app.post(
    '/api/capsules/:id/recipient',
    {
      ...member,
      schema: {
        ...member.schema,
        params: idParams,
        // The path's id and the body's fields are parsed as one input, as the tRPC call's.
        body: readByHandler(
          legacyInfoWire.extend({
            contactId: recipientInput.shape.contactId.describe('The contact, for good.'),
          }),
        ),
        response: answersCapsule,
      },
    },
    async (request) => {
      const body = request.body;
      const input = recipientInput.parse({
        capsuleId: request.params.id,
        contactId: body.contactId,
        info: legacyInfo(body),
      });
      return toCapsuleSenderView(
        await assignRecipient(deps, sessionOf(request).user.id, input.capsuleId, input),
      );
    },
  );

  app.post(
    '/api/capsules/set-milestone',
    {
      ...member,
      schema: {
        ...member.schema,
        body: readAs(
          capsuleRefWire.extend(legacyInfoWire.shape),
          (body) => ({ capsuleId: legacyCapsuleId(body), info: legacyInfo(body) }),
          setCapsuleInfoInputSchema(today),
        ),
        response: answersCapsule,
      },
    },
    async (request) => {
      const input = request.body;
      return toCapsuleSenderView(
        await setCapsuleInfo(deps, sessionOf(request).user.id, input.capsuleId, input.info),
      );
    },
  );

  // Beyond the spec's capsuleId: the date a Milestone Date capsule still lacks, as deliveryDate
  // or in the spec's other calls' name, milestoneDate (docs/api/rest-shims.md).
  app.post(
    '/api/capsule/lock',
    {
      ...member,
      schema: {
        ...member.schema,
        body: readAs(
          z.object({
            capsuleId,
            deliveryDate: legacyInfoWire.shape.milestoneDate.describe(
              'The date a Milestone Date capsule still lacks, set with the lock.',
            ),
            milestoneDate: legacyInfoWire.shape.milestoneDate.describe('deliveryDate under its other name.'),
          }),
          (body) => ({
            capsuleId: body.capsuleId,
            deliveryDate: legacyDay(body.deliveryDate ?? body.milestoneDate),
          }),
          lockCapsuleInputSchema(today),
        ),
        response: answersCapsule,
      },
    },
    async (request) => {
      const { capsuleId, deliveryDate } = request.body;
      return toCapsuleSenderView(
        await lockMyCapsule(deps, sessionOf(request).user.id, capsuleId, deliveryDate),
      );
    },
  );

  app.delete(
    '/api/capsules/:id/video',
    {
      ...member,
      schema: {
        ...member.schema,
        params: readAs(idParams, (params) => ({ capsuleId: params.id }), capsuleRefInputSchema),
        response: answersCapsule,
      },
    },
    async (request) =>
      toCapsuleSenderView(
        await deleteCapsuleVideo(deps, sessionOf(request).user.id, request.params.capsuleId),
      ),
  );

  app.post(
    '/api/recover-capsule',
    {
      ...member,
      schema: { ...member.schema, body: fieldsOf(capsuleRefInputSchema), response: answersCapsule },
    },
    async (request) =>
      toCapsuleSenderView(await recoverCapsule(deps, sessionOf(request).user.id, request.body.capsuleId)),
  );
}
