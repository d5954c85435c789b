import { z } from 'zod';
import type { TodaySource } from '../contacts/calendar-date.js';
import {
  capsuleCategorySchema,
  capsuleInfoSchema,
  capsuleMessageSchema,
  deliveryDateSchema,
} from './capsule-info.schema.js';

// One input schema per capsule action: the tRPC procedure parses it, the REST shim
// renames the spec's legacy fields onto it and parses the same, and the web forms build on it
// (adding only what a person must confirm on screen, which the server cannot check anyway).

export const CAPSULE_ACTION_TEXTS = {
  capsuleIdRequired: 'capsuleId is required',
  contactIdRequired: 'contactId is required',
  permanentRequired: 'Please confirm that assigning a recipient is permanent.',
  lockConfirmRequired: 'Please confirm the lock.',
} as const;

const idOf = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);
const capsuleId = idOf(CAPSULE_ACTION_TEXTS.capsuleIdRequired);
const contactId = idOf(CAPSULE_ACTION_TEXTS.contactIdRequired);

/**
 * Assign Recipient: the contact, and optionally the capsule info the spec's client sends
 * with it (milestoneDate, milestoneMessage, capsuleType): what is given must be valid.
 */
export function assignRecipientInputSchema(today: TodaySource) {
  return z.object({
    capsuleId,
    contactId,
    info: z
      .object({
        deliveryDate: deliveryDateSchema(today),
        category: capsuleCategorySchema,
        message: capsuleMessageSchema,
      })
      .partial()
      .default({}),
  });
}
export type AssignRecipientInput = z.output<ReturnType<typeof assignRecipientInputSchema>>;

/** The Assign Recipient dialog: the same, once the person has ticked that it is permanent. */
export const assignRecipientConfirmationSchema = z.object({
  permanent: z.literal(true, { error: CAPSULE_ACTION_TEXTS.permanentRequired }),
});

/** Set Capsule Info: a date, a category or a message (at least one). */
export function setCapsuleInfoInputSchema(today: TodaySource) {
  return z.object({ capsuleId, info: capsuleInfoSchema(today) });
}

/** Lock, Delete Video, Recover: the capsule alone. */
export const capsuleRefInputSchema = z.object({ capsuleId });

/**
 * Lock: the capsule, and the delivery date a Milestone Date capsule still lacks, which the Lock
 * dialog asks for and the server sets with the lock, in one transaction (docs/decisions/021).
 */
export function lockCapsuleInputSchema(today: TodaySource) {
  return z.object({ capsuleId, deliveryDate: deliveryDateSchema(today).optional() });
}

/** The Lock dialog: the same, once the person has confirmed that a lock cannot be undone. */
export const lockConfirmationSchema = z.object({
  confirmed: z.literal(true, { error: CAPSULE_ACTION_TEXTS.lockConfirmRequired }),
});
