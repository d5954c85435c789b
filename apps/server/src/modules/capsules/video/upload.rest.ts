import {
  capsuleCategorySchema,
  capsuleRefInputSchema,
  capsuleStatusSchema,
  notifyOptionsSchema,
} from '@capsule/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { idSchema } from '../../../lib/ids.js';
import { memberOnly, sessionOf } from '../../../rest/guards.js';
import { fieldsOf, readByHandler } from '../../../rest/inputs.js';
import { SESSION_SECURITY } from '../../../rest/openapi.js';
import { memberErrors } from '../../../rest/responses.js';
import type { RestApp } from '../../../rest/rest-app.js';
import { toCapsuleSenderView } from '../capsules.mapper.js';
import { capsuleSenderViewSchema } from '../capsules.rest.js';
import { previewCapsule } from './capsule-preview.service.js';
import {
  checkRequiredUploadFields,
  legacyCapsuleId,
  legacyCompletion,
  legacyNotifyOptions,
} from './upload.mapper.js';
import { previewOutputSchema, uploadSlotOutputSchema } from './upload.output.js';
import { completeCapsuleUpload } from './upload-finish.service.js';
import { startUpload } from './upload-start.service.js';

// The spec's legacy upload calls (section 7; docs/api/rest-shims.md): get-sas-url, then one PUT
// of the whole file to the SAS URL with x-ms-blob-type: BlockBlob and an x-ms-meta-* header per
// metadata entry (storage answers 201), then notify-upload-complete; and the one-time preview.
// The same services as capsules.upload.* and capsules.preview.

const capsuleId = capsuleRefInputSchema.shape.capsuleId;
const notify = notifyOptionsSchema.shape;
const clientView = (what: string) =>
  z.unknown().describe(`${what}: the client's view, read for presence only.`);

/** get-sas-url's fields: the spec's five required ones first (upload.mapper.ts checks them in this order). */
const sasUrlRequestWire = z.object({
  capsuleId,
  capsuleType: capsuleCategorySchema.describe('The category.'),
  contactId: z.string().describe("The recipient's contact."),
  recipientName: z.string(),
  recipientEmail: z.string(),
  x_status: capsuleStatusSchema
    .optional()
    .describe("The client's view; the server decides from its own row."),
  isReupload: clientView("'true' for a re-upload").optional(),
  deliveryDate: clientView('The delivery date').optional(),
  capsuleInfo: clientView('The capsule info').optional(),
  sendNotificationChecked: z
    .union([z.boolean(), z.string()])
    .optional()
    .describe('Notify Recipient: on unless false (or "false").'),
  deliveryTiming: notify.timing.optional().describe('on_lock (the default) or custom.'),
  scheduledDate: z
    .string()
    .optional()
    .describe('The custom date: a wall clock (2031-06-01T09:30), a day (midnight) or an ISO instant.'),
  customDate: z.string().optional().describe('scheduledDate under its other name (scheduledDate wins).'),
  timezoneSelected: notify.timezone.describe("The custom date's zone (UTC when none)."),
});

const uploadRef = z.object({ capsuleId: capsuleId.optional(), uploadId: z.string().optional() });
/** notify-upload-complete: the get-sas-url request, its answer's metadata and the SAS URL. */
const completionWire = z.object({
  data: uploadRef.describe('The get-sas-url request (its capsuleId is read first).'),
  metadata: uploadRef.describe("get-sas-url's metadata (its uploadId is read first)."),
  sasUrl: z.string().optional().describe('The SAS URL: its path names the upload.'),
  capsuleId: capsuleId.optional(),
  uploadId: z.string().optional(),
});

const slot = uploadSlotOutputSchema.shape;
const sasUrlAnswerSchema = z.object({
  sasUrl: slot.sasUrl.describe('A create+write SAS for one blob the server named, valid 30 minutes.'),
  metadata: z
    .object({ capsuleId: z.string(), uploadId: slot.uploadId })
    .describe('One x-ms-meta-<key> header of the PUT per entry; sent back with notify-upload-complete.'),
  uploadId: slot.uploadId,
  expiresOn: slot.expiresOn,
});

export function registerUploadRest(app: RestApp, deps: AppDeps) {
  const member = { ...memberOnly, schema: { tags: ['upload'], security: SESSION_SECURITY } };

  app.post(
    '/api/get-sas-url',
    {
      ...member,
      schema: {
        ...member.schema,
        // The required fields first, then the capsule id, then Notify Recipient: the refusal names
        // the first that fails.
        body: readByHandler(sasUrlRequestWire),
        response: { 200: sasUrlAnswerSchema, ...memberErrors(404, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      checkRequiredUploadFields(body);
      const capsuleId = legacyCapsuleId(body);
      const notify = legacyNotifyOptions(body);
      // isReupload, x_status, the recipient's fields, deliveryDate and capsuleInfo are the
      // client's view of the capsule: the server decides from its own row.
      const slot = await startUpload(deps, sessionOf(request).user.id, {
        capsuleId,
        client: 'legacy',
        file: null,
        notify,
        resume: true,
      });
      return {
        sasUrl: slot.sasUrl,
        // Each entry becomes an x-ms-meta-<key> header of the PUT, and comes back with notify.
        metadata: { capsuleId, uploadId: slot.uploadId },
        uploadId: slot.uploadId,
        expiresOn: slot.expiresOn,
      };
    },
  );

  app.post(
    '/api/notify-upload-complete',
    {
      ...member,
      schema: {
        ...member.schema,
        body: readByHandler(completionWire),
        response: { 200: capsuleSenderViewSchema, ...memberErrors(404, 409) },
      },
    },
    async (request) => {
      const ref = legacyCompletion(request.body);
      return toCapsuleSenderView(await completeCapsuleUpload(deps, sessionOf(request).user.id, ref));
    },
  );

  app.post(
    '/api/get-secure-url-preview',
    {
      ...member,
      schema: {
        ...member.schema,
        body: fieldsOf(z.object({ id: idSchema.describe('The capsule.') })),
        response: { 200: previewOutputSchema, ...memberErrors(404, 409) },
      },
    },
    async (request) => previewCapsule(deps, sessionOf(request).user.id, request.body.id),
  );
}
