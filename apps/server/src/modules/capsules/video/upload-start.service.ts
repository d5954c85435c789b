import {
  CAPSULE_UPLOAD_TEXTS,
  canStartUpload,
  maxVideoSeconds,
  type NotifyOptions,
  RECORDING_BLOCK_SIZE,
  tooLongBody,
  UPLOAD_BLOCK_SIZE,
} from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { badInput, conflict, notFound } from '../../../errors.js';
import { addMinutes } from '../../../lib/clock.js';
import { isUuid } from '../../../lib/ids.js';
import { browserOrigins } from '../../../lib/origins.js';
import { newUploadId, type StagedBlock, userContainerName, videoBlob } from '../../storage/index.js';
import { CAPSULE_NOT_FOUND } from '../capsule-rules.js';
import { capsuleFacts, enforce, type Trx, withLockedCapsule } from '../capsule-transaction.js';
import { findCapsule, lockCapsule, updateCapsule } from '../capsules.repository.js';
import { uploadBlob } from './capsule-blobs.service.js';
import { abandonUpload } from './upload-finish.service.js';
import { notifyColumns } from './upload-notify.js';
import { closedUploadText, UPLOAD_GRACE_MINUTES, UPLOAD_SAS_MINUTES, UPLOAD_TEXTS } from './upload-rules.js';
import {
  findInFlightUpload,
  insertUpload,
  lockUpload,
  updateUpload,
  type VideoUploadRow,
} from './video-uploads.repository.js';

// Issuing and renewing upload slots (docs/server-rules.md, 'Capsule lifecycle'): the browser
// sends the bytes straight to blob storage through a create+write SAS for one blob whose name
// the server makes. The capsule is Upload_In_Progress while a slot is open; a slot never
// completed reverts after a while (upload-finish.service.ts, expireUpload).

interface UploadedFile {
  name: string;
  /** null: a recording still being recorded (startRecordingUpload); known once it is used. */
  size: number | null;
  contentType: string;
  durationSeconds: number | null;
}

interface StartUploadRequest {
  capsuleId: string;
  /** blocks: the portal's resumable upload; legacy: the spec's get-sas-url and one PUT. */
  client: 'blocks' | 'legacy';
  /** What the browser read of the file; the spec's legacy client says nothing about it. */
  file: UploadedFile | null;
  notify: NotifyOptions;
  /**
   * Continue the capsule's open upload instead of refusing: the portal asks for the same file
   * (name and size) after a reload; the legacy client, which cannot ask, always does.
   */
  resume: boolean;
}

interface UploadSlot {
  uploadId: string;
  sasUrl: string;
  expiresOn: string;
  blockSize: number;
  /** Blocks storage already holds for this upload (a resumed one): the browser sends the rest. */
  stagedBlocks: StagedBlock[];
  resumed: boolean;
}

const blobOf = (ownerId: string, capsuleId: string, uploadId: string) =>
  videoBlob({ ownerId, capsuleId, uploadId });

/** A fresh SAS for the upload's blob, and the slot's new deadlines, written under the row lock. */
async function extendSlot(trx: Trx, upload: VideoUploadRow, now: Date) {
  const sasExpiresAt = addMinutes(now, UPLOAD_SAS_MINUTES);
  await updateUpload(trx, upload.id, {
    sasExpiresAt,
    expiresAt: addMinutes(sasExpiresAt, UPLOAD_GRACE_MINUTES),
  });
}

/** A slot opened while recording: the portal's block client, the size not known yet. */
const isRecordingSlot = (upload: VideoUploadRow) => upload.client === 'blocks' && upload.fileSize === null;

function isSameFile(upload: VideoUploadRow, request: StartUploadRequest): boolean {
  if (request.client === 'legacy' || !request.file) return true;
  // The take recorded into this slot, now used: its size is what the browser reads at the end.
  if (isRecordingSlot(upload)) return upload.fileName === request.file.name;
  return upload.fileName === request.file.name && Number(upload.fileSize) === request.file.size;
}

/** The length the browser read, against the capsule's: refused before anything is sent. */
function checkDeclaredLength(capsuleLength: string | null, file: UploadedFile | null) {
  const limit = maxVideoSeconds(capsuleLength);
  if (file?.durationSeconds != null && limit !== null && file.durationSeconds > limit) {
    throw badInput(`${CAPSULE_UPLOAD_TEXTS.tooLongTitle}: ${tooLongBody(limit / 60)}`);
  }
}

/**
 * A slot for the capsule's video. Allowed in Pending_Upload, or as a re-upload within 10 days
 * of the last upload while not locked, under review or uploading (the domain's canStartUpload),
 * checked under the capsule's row lock. Another user's capsule is a 404; a wrong state, or
 * another open upload (a second tab), a 409. The capsule becomes Upload_In_Progress and the
 * status it had is kept on the upload, for a revert; its current video, if any, is untouched.
 */
export async function startUpload(
  deps: AppDeps,
  ownerId: string,
  request: StartUploadRequest,
): Promise<UploadSlot> {
  if (!isUuid(request.capsuleId)) throw notFound(CAPSULE_NOT_FOUND);
  // The one request to storage before the transaction: signing afterwards makes none. A storage
  // that is away fails the call here, with nothing written.
  await deps.storage.ensureContainer(userContainerName(ownerId));
  const slot = await deps.db.transaction().execute(async (trx) => {
    let row = await lockCapsule(trx, ownerId, request.capsuleId);
    if (!row) throw notFound(CAPSULE_NOT_FOUND);
    const now = deps.clock.now();
    const inFlight = await findInFlightUpload(trx, row.id);
    const resumable = inFlight?.state === 'open' && request.resume && isSameFile(inFlight, request);
    if (inFlight?.state === 'open' && isRecordingSlot(inFlight) && !resumable) {
      // A take given up (a retake, a file chosen instead, a page closed while recording): nothing
      // can resume it, so its slot ends here rather than hold the capsule until it expires.
      await abandonUpload(deps, trx, row, inFlight, now);
      row = await lockCapsule(trx, ownerId, request.capsuleId);
      if (!row) throw notFound(CAPSULE_NOT_FOUND);
    } else if (inFlight) {
      if (resumable) {
        const recording = isRecordingSlot(inFlight);
        if (recording && request.file?.size != null) {
          // The take is used: what the browser read of it is checked as a chosen file's is.
          checkDeclaredLength(row.capsuleLength, request.file);
          await updateUpload(trx, inFlight.id, {
            fileSize: request.file.size,
            contentType: request.file.contentType,
            declaredDurationSeconds: request.file.durationSeconds,
          });
        }
        await extendSlot(trx, inFlight, now);
        // What the dialog says now is what the recipient will be told: the sender may have
        // changed the message or the timing before resuming (the dialog shows what was kept).
        await updateUpload(trx, inFlight.id, notifyColumns(request.notify, now));
        return { uploadId: inFlight.id, resumed: true, recording };
      }
      throw conflict(inFlight.state === 'open' ? UPLOAD_TEXTS.inProgress : UPLOAD_TEXTS.alreadyCompleted);
    }
    enforce(canStartUpload(capsuleFacts(row), now));
    checkDeclaredLength(row.capsuleLength, request.file);
    const uploadId = newUploadId();
    const ref = blobOf(ownerId, row.id, uploadId);
    const sasExpiresAt = addMinutes(now, UPLOAD_SAS_MINUTES);
    const expiresAt = addMinutes(sasExpiresAt, UPLOAD_GRACE_MINUTES);
    await insertUpload(trx, {
      id: uploadId,
      capsuleId: row.id,
      ownerId,
      client: request.client,
      capsuleStatusBefore: row.status,
      blobContainer: ref.container,
      blobName: ref.blob,
      fileName: request.file?.name ?? 'video',
      fileSize: request.file?.size ?? null,
      contentType: request.file?.contentType ?? null,
      declaredDurationSeconds: request.file?.durationSeconds ?? null,
      ...notifyColumns(request.notify, now),
      createdAt: now,
      sasExpiresAt,
      expiresAt,
    });
    await updateCapsule(trx, row.id, { status: 'Upload_In_Progress', updatedAt: now });
    // Each expiry is its own job (a renewal moves expires_at; the job then waits again).
    await deps.jobs.send(
      trx,
      'upload.expire',
      { capsuleId: row.id, uploadId },
      { startAfter: expiresAt, singletonKey: `${uploadId}@${expiresAt.toISOString()}` },
    );
    return { uploadId, resumed: false, recording: request.file !== null && request.file.size === null };
  });
  if (!slot.resumed) deps.metrics.uploadStarted();
  const ref = blobOf(ownerId, request.capsuleId, slot.uploadId);
  const sas = await deps.storage.uploadSas(ref, { minutes: UPLOAD_SAS_MINUTES, ensureContainer: false });
  return {
    uploadId: slot.uploadId,
    sasUrl: sas.url,
    expiresOn: sas.expiresOn.toISOString(),
    // A recording's blocks are staged while it is recorded, at the recording's size.
    blockSize: slot.recording ? RECORDING_BLOCK_SIZE : UPLOAD_BLOCK_SIZE,
    stagedBlocks: slot.resumed ? await deps.storage.listUncommittedBlocks(ref) : [],
    resumed: slot.resumed,
  };
}

/** Notify Recipient of a slot opened while recording: the dialog sends the sender's choice on use. */
const NOTIFY_NOT_CHOSEN: NotifyOptions = { enabled: false, timing: 'on_lock' };

/**
 * A slot opened as recording starts (capsules.upload.startRecording): the browser stages the
 * take's blocks while it is recorded; using the take is a start with resume and the take's size
 * and length, which sends only what is missing. A retake or a file chosen instead ends the slot.
 */
export function startRecordingUpload(
  deps: AppDeps,
  ownerId: string,
  input: { capsuleId: string; fileName: string; contentType: string },
): Promise<UploadSlot> {
  return startUpload(deps, ownerId, {
    capsuleId: input.capsuleId,
    client: 'blocks',
    file: { name: input.fileName, size: null, contentType: input.contentType, durationSeconds: null },
    notify: NOTIFY_NOT_CHOSEN,
    resume: false,
  });
}

/** A fresh SAS for an open upload (a long upload outlives one), moving its expiry with it. */
export async function renewUpload(
  deps: AppDeps,
  ownerId: string,
  ref: { capsuleId: string; uploadId: string },
): Promise<{ sasUrl: string; expiresOn: string }> {
  let blob: ReturnType<typeof uploadBlob> | undefined;
  await withLockedCapsule(deps, ownerId, ref.capsuleId, async (row, trx, now) => {
    const upload = isUuid(ref.uploadId) ? await lockUpload(trx, ref.uploadId) : undefined;
    if (!upload || upload.capsuleId !== row.id) throw notFound(UPLOAD_TEXTS.notFound);
    if (upload.state !== 'open') throw conflict(closedUploadText(upload.state));
    await extendSlot(trx, upload, now);
    blob = uploadBlob(upload);
  });
  if (!blob) throw notFound(UPLOAD_TEXTS.notFound);
  // The dialog also renews when a block got no answer: storage that lost the portal's CORS
  // rule (another portal on a shared emulator rewrote the rules, an operator's edit) refuses
  // the browser in a way the page sees only as a network failure. The rule is put back before
  // the browser tries again (docs/decisions/024-upload-stop-resume-storage-cors.md). Best
  // effort: a storage that cannot be reached or written fails the blocks anyway, and the
  // start-up task (runtime.ts, ensureStorageCors) reports that and tries again.
  await deps.storage.ensureCors(browserOrigins(deps.config)).catch(() => undefined);
  const sas = await deps.storage.uploadSas(blob, { minutes: UPLOAD_SAS_MINUTES, ensureContainer: false });
  return { sasUrl: sas.url, expiresOn: sas.expiresOn.toISOString() };
}

interface OpenUpload {
  uploadId: string;
  fileName: string;
  fileSize: number;
  stagedBytes: number;
  /** Notify Recipient as the upload keeps it, for the dialog to show before a resume. */
  notify: {
    enabled: boolean;
    timing: 'on_lock' | 'custom';
    /** The wall clock as sent ('YYYY-MM-DDTHH:mm:ss'), in `timezone`. */
    customDate: string | null;
    timezone: string | null;
    message: string | null;
  };
}

/**
 * The capsule's block upload that was started and never completed: the dialog offers to resume
 * it. A legacy client's open upload is not resumable (one PUT, no blocks): not offered.
 */
export async function openUpload(
  deps: AppDeps,
  ownerId: string,
  capsuleId: string,
): Promise<OpenUpload | null> {
  const row = isUuid(capsuleId) ? await findCapsule(deps.db, ownerId, capsuleId) : undefined;
  if (!row) throw notFound(CAPSULE_NOT_FOUND);
  const upload = await findInFlightUpload(deps.db, row.id);
  // A recording's slot is not offered either: the take lived in the page.
  if (upload?.state !== 'open' || upload.client !== 'blocks' || isRecordingSlot(upload)) return null;
  const staged = await deps.storage.listUncommittedBlocks(uploadBlob(upload));
  return {
    uploadId: upload.id,
    fileName: upload.fileName,
    fileSize: Number(upload.fileSize),
    stagedBytes: staged.reduce((sum, block) => sum + block.size, 0),
    notify: {
      enabled: upload.notifyEnabled,
      timing: upload.notifyTiming,
      customDate: upload.notifyCustomDate,
      timezone: upload.notifyTimezone,
      message: upload.notifyMessage,
    },
  };
}
