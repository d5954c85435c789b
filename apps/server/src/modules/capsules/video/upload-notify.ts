import type { NotifyOptions } from '@capsule/domain';
import type { VideoUploadsTable } from '../../../db/schema.js';
import { badInput } from '../../../errors.js';
import { zonedWallClockToInstant } from '../../../lib/zoned-time.js';
import { UPLOAD_TEXTS } from './upload-rules.js';

type NotifyColumns = Pick<
  VideoUploadsTable,
  'notifyEnabled' | 'notifyTiming' | 'notifyCustomDate' | 'notifyTimezone' | 'notifyMessage'
> & { notifyAt: Date | null };

/**
 * Notify Recipient as stored with the upload: a custom date is a wall clock in its zone (UTC
 * when none was chosen), kept as chosen and as the instant the delivery waits for. A
 * date that does not exist is refused, and so is one already past when notifying is on: the
 * recipient would be told at once, before the video is even reviewed.
 */
export function notifyColumns(notify: NotifyOptions, now: Date): NotifyColumns {
  const timezone = notify.timezone ?? 'UTC';
  const notifyAt = notify.customDate ? zonedWallClockToInstant(notify.customDate, timezone) : null;
  if (notify.customDate && !notifyAt) throw badInput(UPLOAD_TEXTS.notifyDateInvalid);
  const custom = notify.timing === 'custom';
  if (notify.enabled && custom && notifyAt && notifyAt <= now) throw badInput(UPLOAD_TEXTS.notifyDatePast);
  return {
    notifyEnabled: notify.enabled,
    notifyTiming: notify.timing,
    notifyCustomDate: custom ? (notify.customDate ?? null) : null,
    notifyTimezone: custom && notify.customDate ? timezone : null,
    notifyAt: custom ? notifyAt : null,
    notifyMessage: notify.message || null,
  };
}
