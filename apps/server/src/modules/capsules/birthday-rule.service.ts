import { birthdayRuleDate, deliveryDateAllowed } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { earliestToday } from '../../lib/today.js';
import { findOwnedContact } from '../contacts/index.js';
import { listFollowingCapsules } from './birthday-rule.repository.js';
import type { Trx } from './capsule-transaction.js';
import { withLockedCapsuleById } from './capsule-transaction.js';
import { type CapsuleRow, updateCapsule } from './capsules.repository.js';

// The birthday rule follows a corrected birthday until the lock (docs/server-rules.md,
// 'Birthday rule'). The capsule keeps its own copy of the recipient's birthday, as it does of
// their name and e-mail; for a capsule under the rule, a correction in My Contacts is copied
// over and the date worked out again: by the job the contact's edit sends, and once more at the
// lock, so a lock right after an edit never freezes the old date.

/**
 * Brings one unlocked capsule under the rule in line with its contact's birthday, in the
 * caller's transaction on the locked row. A birthday removed, or one whose Nth has passed,
 * ends the rule: the capsule keeps its last date, as if chosen (never a capsule without a date).
 */
export async function followBirthday(deps: Pick<AppDeps, 'clock'>, trx: Trx, row: CapsuleRow, now: Date) {
  if (row.birthdayAge === null || row.lockedAt || !row.contactId) return;
  const contact = await findOwnedContact(trx, row.ownerId, row.contactId);
  const birthday = contact?.birthday ?? null;
  if (!contact || birthday === row.recipientBirthday) return;
  const rule = birthdayRuleDate(
    { name: row.recipientName ?? '', birthday },
    row.birthdayAge,
    earliestToday(deps.clock)(),
  );
  await updateCapsule(trx, row.id, {
    recipientBirthday: birthday,
    // The rule's day: a Milestone Date capsule's delivery date, a document capsule's not-before day.
    ...(rule.ok
      ? deliveryDateAllowed(row.deliveryCriteria)
        ? { deliveryDate: rule.date }
        : { notBeforeDate: rule.date }
      : { birthdayAge: null }),
    updatedAt: now,
  });
}

/** The capsules.follow-birthday job: every unlocked capsule of that contact under the rule. */
export async function followContactBirthday(deps: AppDeps, job: { ownerId: string; contactId: string }) {
  for (const id of await listFollowingCapsules(deps.db, job.ownerId, job.contactId)) {
    await withLockedCapsuleById(deps, id, (row, trx, now) => followBirthday(deps, trx, row, now));
  }
}
