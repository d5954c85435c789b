import {
  documentCompleteInputSchema,
  documentStartInputSchema,
  RECEIVED_INPUT_TEXTS,
  receivedListInputSchema,
  receivedRefInputSchema,
} from '@capsule/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { badInput } from '../../../errors.js';
import { memberOnly, sessionOf } from '../../../rest/guards.js';
import { fieldsOf, idParams, readAs, readByHandler } from '../../../rest/inputs.js';
import { SESSION_SECURITY } from '../../../rest/openapi.js';
import { memberErrors } from '../../../rest/responses.js';
import type { RestApp } from '../../../rest/rest-app.js';
import { completeDocumentUpload, startDocumentUpload } from './document.service.js';
import { legacyDocumentCompletion, toReceivedCapsuleView, toReceivedListView } from './received.mapper.js';
import {
  documentSlotOutputSchema,
  receivedCapsuleOutputSchema,
  receivedPageOutputSchema,
  secureUrlOutputSchema,
} from './received.output.js';
import { listReceivedCapsules, readReceivedCapsule, secureUrl } from './received.service.js';

// The spec's Received Capsules calls (section 7), over the same services as receivedCapsules.*:
// GET /api/received-capsules, GET /api/received-capsules/{id}, POST /api/get-secure-url, and the
// document upload (get-document-sas-url, the PUT to storage, notify-document-upload-complete).

/** A query value given twice is read as its last one. */
const one = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);

const documentFileSchema = documentStartInputSchema.omit({ capsuleId: true });

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

const list = receivedListInputSchema.shape;
const listQueryWire = z.object({
  x_status: list.status.describe('A status in any spelling; blank, all or default: all.'),
  type: list.type.describe('A type in any case; blank or All Types: all.'),
  sortby: list.sort.describe(
    "The spec's labels (All Release Conditions, Milestone Date, Releasable, Verification Needed) or all, milestone, releasable, verification.",
  ),
  page: list.page,
  limit: list.limit,
});

const documentStart = documentStartInputSchema.shape;
const documentSasUrlWire = z.object({
  capsuleId: documentStart.capsuleId,
  fileName: documentStart.fileName.optional(),
  contentType: documentStart.contentType.optional(),
  size: documentStart.size
    .optional()
    .describe('Bytes; with fileName and contentType, checked before any upload.'),
  blobName: z.string().optional().describe("The capsule's stored file name (x_storage_blob_name); not read."),
});

const documentRef = z.object({
  capsuleId: documentCompleteInputSchema.shape.capsuleId.optional(),
  blobName: z.string().optional(),
});
const documentCompletionWire = z.object({
  data: documentRef.describe('The get-document-sas-url request (its capsuleId is read first).'),
  metadata: documentRef.describe("get-document-sas-url's metadata (its blobName is read first)."),
  sasUrl: z.string().optional(),
  capsuleId: documentRef.shape.capsuleId,
  blobName: documentRef.shape.blobName,
});

const r = receivedCapsuleOutputSchema.shape;
/** The spec's 'Received capsule' (section 3): received.mapper.ts. */
const receivedCapsuleViewSchema = z
  .object({
    id: r.id,
    title: r.title,
    x_status: r.status,
    x_studio_capsule_type: r.category,
    x_studio_recipient_name: r.recipientName,
    x_studio_recipient_email: r.recipientEmail,
    x_studio_message: r.message,
    x_studio_delivery_date: r.deliveryDate,
    x_delivery_criteria: r.criteria,
    x_Document_Verification_Status: r.documentStatus,
    x_document_rejection_reason: r.documentRejectionReason,
    x_storage_blob_name: z.string().nullable().describe('A name for the stored video, never its path.'),
    x_Upload_Date: r.uploadDate,
    create_date: r.createdAt,
    x_Contact_User_Id: r.sender.shape.id.describe('The sender.'),
    x_Contact_User_Name: r.sender.shape.name,
    x_Contact_User_Email: r.sender.shape.email,
    videoUrl: z.null().describe('Always null: play through POST /api/get-secure-url.'),
    videoThumbnailUrl: r.thumbnailUrl,
    received_at: r.receivedAt,
    opened_at: r.openedAt,
    played_at: r.playedAt,
    x_can_view: r.canView,
    x_locked_reason: r.lockedReason,
    x_opens_at: r.opensAt,
    x_can_submit_documents: r.canSubmitDocuments,
  })
  .describe('A capsule received, in the recipient’s view.');

const page = receivedPageOutputSchema.shape;
const receivedListViewSchema = z
  .object({
    capsules: z.array(receivedCapsuleViewSchema),
    counts: page.counts,
    total: page.total,
    page: page.page,
    limit: page.limit,
  })
  .describe('A page of received capsules, and the counts of the stat cards over all of them.');

const documentSlot = documentSlotOutputSchema.shape;
const documentSasUrlAnswerSchema = z.object({
  sasUrl: documentSlot.sasUrl,
  metadata: z
    .object({ capsuleId: z.string(), blobName: documentSlot.blobName })
    .describe('One x-ms-meta-<key> header of the PUT per entry; sent back with the notify call.'),
  blobName: documentSlot.blobName,
  expiresAt: documentSlot.expiresAt,
});

export function registerReceivedRest(app: RestApp, deps: AppDeps) {
  const member = { ...memberOnly, schema: { tags: ['received capsules'], security: SESSION_SECURITY } };

  app.get(
    '/api/received-capsules',
    {
      ...member,
      schema: {
        ...member.schema,
        querystring: readAs(
          listQueryWire,
          (q) => ({
            status: one(q.x_status),
            type: one(q.type),
            sort: one(q.sortby),
            page: one(q.page),
            limit: one(q.limit),
          }),
          receivedListInputSchema,
        ),
        response: { 200: receivedListViewSchema, ...memberErrors() },
      },
    },
    async (request) =>
      toReceivedListView(await listReceivedCapsules(deps, sessionOf(request).user.id, request.query)),
  );

  app.get(
    '/api/received-capsules/:id',
    {
      ...member,
      schema: {
        ...member.schema,
        params: idParams,
        response: { 200: receivedCapsuleViewSchema, ...memberErrors(404) },
      },
    },
    async (request) =>
      toReceivedCapsuleView(await readReceivedCapsule(deps, sessionOf(request).user.id, request.params.id)),
  );

  app.post(
    '/api/get-secure-url',
    {
      ...member,
      schema: {
        ...member.schema,
        body: fieldsOf(receivedRefInputSchema),
        response: { 200: secureUrlOutputSchema, ...memberErrors(404) },
      },
    },
    async (request) => secureUrl(deps, sessionOf(request).user.id, request.body.id),
  );

  app.post(
    '/api/get-document-sas-url',
    {
      ...member,
      schema: {
        ...member.schema,
        // The capsule id first, then the file when the client names one.
        body: readByHandler(documentSasUrlWire),
        response: { 200: documentSasUrlAnswerSchema, ...memberErrors(404, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!given(body.capsuleId)) throw badInput(RECEIVED_INPUT_TEXTS.capsuleIdRequired);
      // The spec's client names no file (its blobName is the capsule's stored file name, and the
      // server names the document's blob itself); a client that says what it sends is checked.
      const declared = given(body.fileName) || given(body.contentType) || given(body.size);
      const capsuleId = documentStartInputSchema.shape.capsuleId.parse(body.capsuleId);
      const file = declared ? documentFileSchema.parse(body) : null;
      const slot = await startDocumentUpload(deps, sessionOf(request).user.id, { capsuleId, file });
      return {
        sasUrl: slot.sasUrl,
        // Each entry becomes an x-ms-meta-<key> header of the PUT, and comes back with the notify call.
        metadata: { capsuleId, blobName: slot.blobName },
        blobName: slot.blobName,
        expiresAt: slot.expiresAt,
      };
    },
  );

  app.post(
    '/api/notify-document-upload-complete',
    {
      ...member,
      schema: {
        ...member.schema,
        body: readByHandler(documentCompletionWire),
        response: { 200: receivedCapsuleViewSchema, ...memberErrors(404, 409) },
      },
    },
    async (request) => {
      const ref = legacyDocumentCompletion(request.body);
      if (!given(ref.capsuleId)) throw badInput(RECEIVED_INPUT_TEXTS.capsuleIdRequired);
      const capsuleId = documentCompleteInputSchema.shape.capsuleId.parse(ref.capsuleId);
      return toReceivedCapsuleView(
        await completeDocumentUpload(deps, sessionOf(request).user.id, { capsuleId, blobName: ref.blobName }),
      );
    },
  );
}
