import { CAPSULE_REFUSALS, canPreview, parseCapsuleLength } from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { conflict, notFound } from '../../../errors.js';
import { isUuid } from '../../../lib/ids.js';
import { CAPSULE_NOT_FOUND } from '../capsule-rules.js';
import { capsuleFacts, enforce } from '../capsule-transaction.js';
import { lockCapsule, markPreviewed } from '../capsules.repository.js';
import { servablePlayback } from './capsule-blobs.service.js';
import { PREVIEW_MARGIN_MINUTES } from './upload-rules.js';

interface PreviewGrant {
  url: string;
  expiresOn: string;
}

/**
 * The one-time preview (spec section 4; docs/server-rules.md, 'Video upload'): only the owner (404 otherwise), only a
 * stored (Sent) capsule not yet previewed (409 with the guard's reason). The read URL is issued
 * in the transaction that uses the preview up, by a conditional update (… WHERE
 * preview_viewed_at IS NULL RETURNING): of two tabs asking at once, one gets a URL, the other
 * a 409. The URL lives as long as the capsule's video may run, plus a margin: the player reads
 * ranges while it plays.
 */
export async function previewCapsule(
  deps: AppDeps,
  ownerId: string,
  capsuleId: string,
): Promise<PreviewGrant> {
  if (!isUuid(capsuleId)) throw notFound(CAPSULE_NOT_FOUND);
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockCapsule(trx, ownerId, capsuleId);
    if (!row) throw notFound(CAPSULE_NOT_FOUND);
    enforce(canPreview(capsuleFacts(row)));
    // Sent always holds a video; a row that says otherwise has nothing to play.
    if (!row.videoBlobName) throw conflict(CAPSULE_REFUSALS.notStored);
    // Before the preview is used up: a refused URL must not cost the one look.
    const { ref: video, contentType } = await servablePlayback(trx, { ...row, ownerId });
    const now = deps.clock.now();
    if (!(await markPreviewed(trx, ownerId, row.id, now))) throw conflict(CAPSULE_REFUSALS.previewUsed);
    const minutes = (parseCapsuleLength(row.capsuleLength)?.minutes ?? 60) + PREVIEW_MARGIN_MINUTES;
    const { url, expiresOn } = await deps.storage.readSas(video, {
      minutes,
      contentDisposition: 'inline; filename="capsule-preview"',
      contentType,
    });
    return { url, expiresOn: expiresOn.toISOString() };
  });
}
