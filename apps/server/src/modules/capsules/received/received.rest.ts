import {
  documentCompleteInputSchema,
  documentStartInputSchema,
  RECEIVED_INPUT_TEXTS,
  receivedListInputSchema,
  receivedRefInputSchema,
} from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import { badInput } from '../../../errors.js';
import { bodyFields } from '../../../rest/body.js';
import { memberRequired, sessionOf } from '../../../rest/guards.js';
import { completeDocumentUpload, startDocumentUpload } from './document.service.js';
import { legacyDocumentCompletion, toReceivedCapsuleView, toReceivedListView } from './received.mapper.js';
import { listReceivedCapsules, readReceivedCapsule, secureUrl } from './received.service.js';

// The spec's Received Capsules calls (section 7), over the same services as receivedCapsules.*:
// GET /api/received-capsules, GET /api/received-capsules/{id}, POST /api/get-secure-url, and the
// document upload (get-document-sas-url, the PUT to storage, notify-document-upload-complete).

/** A query value given twice is read as its last one. */
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

const documentFileSchema = documentStartInputSchema.omit({ capsuleId: true });

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

export function registerReceivedRest(app: FastifyInstance, deps: AppDeps) {
  const member = { preHandler: memberRequired };

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/api/received-capsules',
    member,
    async (request) => {
      const q = request.query;
      const query = receivedListInputSchema.parse({
        status: one(q.x_status),
        type: one(q.type),
        sort: one(q.sortby),
        page: one(q.page),
        limit: one(q.limit),
      });
      return toReceivedListView(await listReceivedCapsules(deps, sessionOf(request).user.id, query));
    },
  );

  app.get<{ Params: { id: string } }>('/api/received-capsules/:id', member, async (request) =>
    toReceivedCapsuleView(await readReceivedCapsule(deps, sessionOf(request).user.id, request.params.id)),
  );

  app.post('/api/get-secure-url', member, async (request) => {
    const { id } = receivedRefInputSchema.parse(bodyFields(request.body));
    return secureUrl(deps, sessionOf(request).user.id, id);
  });

  app.post('/api/get-document-sas-url', member, async (request) => {
    const body = bodyFields(request.body);
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
  });

  app.post('/api/notify-document-upload-complete', member, async (request) => {
    const ref = legacyDocumentCompletion(bodyFields(request.body));
    if (!given(ref.capsuleId)) throw badInput(RECEIVED_INPUT_TEXTS.capsuleIdRequired);
    const capsuleId = documentCompleteInputSchema.shape.capsuleId.parse(ref.capsuleId);
    return toReceivedCapsuleView(
      await completeDocumentUpload(deps, sessionOf(request).user.id, { capsuleId, blobName: ref.blobName }),
    );
  });
}
