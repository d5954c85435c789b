import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

// Migration 0012: the recipient's mails about a delivered capsule (the outbox of the mail sweep).
// The capsule columns it adds (due_at, delivery_check_at) are in commerce.ts, the first play
// (received_capsules.played_at) too. Migration 0017 adds the kind: one delivery mail per
// capsule, and one opening-day mail per dated capsule delivered before its day.

/** delivery: written at delivery; opening: the day a dated capsule opens (decision 022). */
export type DeliveryMailKind = 'delivery' | 'opening';

/**
 * pending: to send at next_attempt_at; sent; failed: the last try failed; skipped: Notify
 * Recipient was off; waiting: an opening mail whose capsule has no date yet (no time to send).
 */
export type DeliveryMailStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'waiting';

export interface DeliveryMailsTable {
  id: Generated<string>;
  capsuleId: string;
  kind: Generated<DeliveryMailKind>;
  receivedCapsuleId: string;
  recipientUserId: string;
  status: DeliveryMailStatus;
  attempts: Generated<number>;
  /** When the mail sweep may take it next; null once sent, failed or skipped, and while waiting. */
  nextAttemptAt: NullableTimestamp;
  lastError: string | null;
  sentAt: NullableTimestamp;
  /** The app's clock at delivery (retries and the last try count from it). */
  createdAt: Timestamp;
}
