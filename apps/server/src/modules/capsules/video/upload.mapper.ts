import { capsuleRefInputSchema, type NotifyOptions, notifyOptionsSchema } from '@capsule/domain';
import { badInput } from '../../../errors.js';
import { instantToZonedWallClock } from '../../../lib/zoned-time.js';

// The spec's legacy upload calls (section 7) renamed onto the upload services' terms: POST
// /api/get-sas-url's fields, and how POST /api/notify-upload-complete names the upload.

/** The fields the spec requires before an upload (section 5, 'Video upload'), in its order. */
const REQUIRED_FIELDS = ['capsuleId', 'capsuleType', 'contactId', 'recipientName', 'recipientEmail'] as const;

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '');

/** 'All fields missing: ...' / 'Some fields missing: ...', the spec's words (section 8). */
export function checkRequiredUploadFields(body: Record<string, unknown>): void {
  const missing = REQUIRED_FIELDS.filter((name) => isBlank(body[name]));
  if (missing.length === 0) return;
  const which = missing.length === REQUIRED_FIELDS.length ? 'All' : 'Some';
  throw badInput(`${which} fields missing: ${missing.join(', ')}`);
}

const truthy = (value: unknown) => value === true || value === 'true' || value === 'on' || value === 1;

/** An ISO instant (with Z or an offset) given for the custom date: read as a wall clock in the zone. */
const INSTANT = /(?:Z|[+-]\d{2}:?\d{2})$/i;

function legacyCustomDate(value: unknown, timezone: string): unknown {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00`;
  if (INSTANT.test(text)) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? text : instantToZonedWallClock(instant, timezone);
  }
  return text;
}

/**
 * Notify Recipient from get-sas-url: sendNotificationChecked (on unless sent false), and when
 * notifying, deliveryTiming (on_lock or custom), the date as customDate or scheduledDate (the
 * later one named wins), and timezoneSelected. A date is a wall clock, a day (midnight), or an
 * instant, which is read in the chosen zone.
 */
export function legacyNotifyOptions(body: Record<string, unknown>): NotifyOptions {
  const timezone =
    typeof body.timezoneSelected === 'string' && body.timezoneSelected.trim() !== ''
      ? body.timezoneSelected.trim()
      : undefined;
  const timing = isBlank(body.deliveryTiming) ? 'on_lock' : body.deliveryTiming;
  return notifyOptionsSchema.parse({
    enabled: body.sendNotificationChecked === undefined ? true : truthy(body.sendNotificationChecked),
    timing,
    customDate:
      timing === 'custom'
        ? legacyCustomDate(body.scheduledDate ?? body.customDate, timezone ?? 'UTC')
        : undefined,
    timezone,
  });
}

/** The capsule id of get-sas-url, once the required fields are there. */
export const legacyCapsuleId = (body: Record<string, unknown>) =>
  capsuleRefInputSchema.parse({ capsuleId: String(body.capsuleId) }).capsuleId;

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The upload id in an upload SAS URL's path: <container>/<owner>/capsules/<capsule>/<upload>/video. */
function uploadIdInSasUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return /\/capsules\/[^/]+\/([^/]+)\/video$/.exec(new URL(value).pathname)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Which upload notify-upload-complete speaks of: the spec's client sends back the request data
 * of get-sas-url (capsuleId), the metadata it answered (capsuleId, uploadId) and the SAS URL.
 * Without an upload id the capsule's open upload is meant (there is at most one).
 */
export function legacyCompletion(body: Record<string, unknown>): { capsuleId: string; uploadId?: string } {
  const data = record(body.data);
  const metadata = record(body.metadata);
  const capsuleId = data.capsuleId ?? metadata.capsuleId ?? body.capsuleId;
  if (isBlank(capsuleId)) throw badInput('capsuleId is required');
  const uploadId = metadata.uploadId ?? body.uploadId ?? uploadIdInSasUrl(body.sasUrl);
  return {
    capsuleId: legacyCapsuleId({ capsuleId }),
    ...(typeof uploadId === 'string' && uploadId.trim() !== '' ? { uploadId: uploadId.trim() } : {}),
  };
}
