import type { Updateable } from 'kysely';
import type { CapsulesTable } from '../../src/db/schema.js';
import { ensureDevPackages } from '../../src/dev/seed-packages.js';
import { recordPurchase } from '../../src/modules/commerce/purchases.service.js';
import type { TestClient } from './client.js';
import type { TestApp } from './test-app.js';

/** A store purchase for that user, through the same service the CLI and the webhook use. */
export async function purchase(
  t: Pick<TestApp, 'deps'>,
  email: string,
  packageName = '5 Legacy Capsules',
  quantity = 1,
) {
  await ensureDevPackages(t.deps.db);
  return recordPurchase(t.deps, { email, packageName, quantity });
}

/**
 * Puts a capsule in a state the upload flow (a later issue) would reach, e.g. a stored video
 * uploaded 3 days ago. Only for arranging tests: the rules under test never run through here.
 */
export async function arrangeCapsule(
  t: Pick<TestApp, 'deps'>,
  capsuleId: string,
  patch: Updateable<CapsulesTable>,
) {
  await t.deps.db.updateTable('capsules').set(patch).where('id', '=', capsuleId).execute();
}

/**
 * Stands in for the delivery job (capsules.deliver) where a test is about what comes after
 * delivery: the capsule delivered to that user at `at`, i.e. their received_capsules row and the
 * capsule's delivered_at, as the job writes them. The main paths deliver through the job itself.
 */
export async function arrangeDelivery(
  t: Pick<TestApp, 'deps' | 'clock'>,
  capsuleId: string,
  recipientId: string,
  at = t.clock.now(),
) {
  await arrangeCapsule(t, capsuleId, { deliveredAt: at, recipientUserId: recipientId });
  await t.deps.db
    .insertInto('receivedCapsules')
    .values({ userId: recipientId, capsuleId, receivedAt: at })
    .execute();
}

export const daysAgo = (t: Pick<TestApp, 'clock'>, days: number) =>
  new Date(t.clock.now().getTime() - days * 86_400_000);

export async function addContact(
  client: TestClient,
  firstName = 'Alan',
  relationshipType: 'Family' | 'Friend' | 'Colleague' | 'Other' = 'Friend',
) {
  const details = { Family: 'Sibling', Friend: 'Best-Friend', Colleague: 'Mentor', Other: 'Teacher' }[
    relationshipType
  ];
  return client.trpc.contacts.create.mutate({
    firstName,
    lastName: 'Turing',
    email: `${firstName.toLowerCase()}@example.test`,
    phone: null,
    relationshipType,
    relationshipDetails: details,
    birthday: null,
  });
}
