import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

// Migration 0012: the recipient's delivery mail, one per delivered capsule (the outbox of the
// mail sweep). The capsule columns it adds (due_at, delivery_check_at) are in commerce.ts, the
// first play (received_capsules.played_at) too.

/** pending: to send; sent; failed: the last try failed; skipped: Notify Recipient was off. */
export type DeliveryMailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface DeliveryMailsTable {
  id: Generated<string>;
  capsuleId: string;
  receivedCapsuleId: string;
  recipientUserId: string;
  status: DeliveryMailStatus;
  attempts: Generated<number>;
  /** When the mail sweep may take it next; null once sent, failed or skipped. */
  nextAttemptAt: NullableTimestamp;
  lastError: string | null;
  sentAt: NullableTimestamp;
  /** The app's clock at delivery (retries and the last try count from it). */
  createdAt: Timestamp;
}
