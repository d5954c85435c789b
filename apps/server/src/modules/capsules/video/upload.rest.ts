import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { idSchema } from '../../../lib/ids.js';
import { bodyFields } from '../../../rest/body.js';
import { memberRequired, sessionOf } from '../../../rest/guards.js';
import { toCapsuleSenderView } from '../capsules.mapper.js';
import { previewCapsule } from './capsule-preview.service.js';
import {
  checkRequiredUploadFields,
  legacyCapsuleId,
  legacyCompletion,
  legacyNotifyOptions,
} from './upload.mapper.js';
import { completeCapsuleUpload } from './upload-finish.service.js';
import { startUpload } from './upload-start.service.js';

// The spec's legacy upload calls (section 7; docs/api/rest-shims.md): get-sas-url, then one PUT
// of the whole file to the SAS URL with x-ms-blob-type: BlockBlob and an x-ms-meta-* header per
// metadata entry (storage answers 201), then notify-upload-complete; and the one-time preview.
// The same services as capsules.upload.* and capsules.preview.

export function registerUploadRest(app: FastifyInstance, deps: AppDeps) {
  const member = { preHandler: memberRequired };

  app.post('/api/get-sas-url', member, async (request) => {
    const body = bodyFields(request.body);
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
  });

  app.post('/api/notify-upload-complete', member, async (request) => {
    const ref = legacyCompletion(bodyFields(request.body));
    return toCapsuleSenderView(await completeCapsuleUpload(deps, sessionOf(request).user.id, ref));
  });

  app.post('/api/get-secure-url-preview', member, async (request) => {
    const { id } = z.object({ id: idSchema }).parse(bodyFields(request.body));
    return previewCapsule(deps, sessionOf(request).user.id, id);
  });
}
