import { BlockBlobClient } from '@azure/storage-blob';
import type { RouterOutputs } from '../../src/trpc/app-router.js';
import { signIn, type TestClient } from './client.js';
import { addContact, purchase } from './factories.js';
import type { TestApp, TestUser } from './test-app.js';

// The upload flow from a test's side: a member with a capsule ready for its video,
// the browser's part of a block upload done from Node with the SDK, and waiting for the review.

export type Slot = RouterOutputs['capsules']['upload']['start'];
export type CapsuleOut = RouterOutputs['capsules']['byId'];

/** The dialog's block ids (block-plan.ts): base64 of 'block-' and the six-digit index. */
export const blockId = (i: number) => Buffer.from(`block-${String(i).padStart(6, '0')}`).toString('base64');

export interface Member {
  user: TestUser & { id: string };
  client: TestClient;
  /** A capsule of '5 Legacy Capsules' (5 minutes) with its recipient: Pending_Upload. */
  capsuleId: string;
  /** The package's other capsules, still without a recipient. */
  others: string[];
}

/** A signed-in member who bought '5 Legacy Capsules' and assigned a recipient to the first. */
/** A member with a '5 Legacy Capsules' purchase, the first capsule assigned and dated. */
export async function memberWithCapsule(t: TestApp): Promise<Member> {
  const user = await t.createUser();
  const client = await signIn(t, user);
  await purchase(t, user.email, '5 Legacy Capsules');
  const contact = await addContact(client);
  const list = await client.trpc.capsules.list.query({ status: null, types: [], page: 1, sort: 'oldest' });
  const [first, ...others] = list.capsules.map((c) => c.id);
  if (!first) throw new Error('The purchase made no capsule');
  // A Milestone Date capsule is locked only with its date: it gets one a year and a bit ahead.
  const deliveryDate = new Date(t.clock.now().getTime() + 400 * 86_400_000).toISOString().slice(0, 10);
  await client.trpc.capsules.assignRecipient.mutate({
    capsuleId: first,
    contactId: contact.id,
    info: { deliveryDate },
  });
  return { user, client, capsuleId: first, others };
}

export interface FileFacts {
  bytes: Buffer;
  contentType: string;
  name?: string;
  /** What the browser read; defaults to a few seconds. */
  durationSeconds?: number;
}

/** capsules.upload.start for that file, notifying at lock. */
export function startFor(client: TestClient, capsuleId: string, file: FileFacts, resume = false) {
  return client.trpc.capsules.upload.start.mutate({
    capsuleId,
    fileName: file.name ?? 'video.mp4',
    fileSize: file.bytes.length,
    contentType: file.contentType,
    durationSeconds: file.durationSeconds ?? 3,
    notify: { enabled: true, timing: 'on_lock' },
    ...(resume ? { resume: true } : {}),
  });
}

/** The browser's part: blocks of blockSize staged through the SAS (those in `skip` left out). */
export async function stageBlocks(
  sasUrl: string,
  bytes: Buffer,
  blockSize: number,
  skip = new Set<number>(),
) {
  const uploader = new BlockBlobClient(sasUrl);
  const count = Math.max(1, Math.ceil(bytes.length / blockSize));
  for (let i = 0; i < count; i++) {
    if (skip.has(i)) continue;
    const block = bytes.subarray(i * blockSize, (i + 1) * blockSize);
    await uploader.stageBlock(blockId(i), block, block.length);
  }
  return { count, uploader };
}

/** Stages every block and commits the list (Put Block List), as the dialog does before complete. */
export async function sendFile(slot: Slot, bytes: Buffer, blockSize = slot.blockSize) {
  const { count, uploader } = await stageBlocks(slot.sasUrl, bytes, blockSize);
  await uploader.commitBlockList(Array.from({ length: count }, (_, i) => blockId(i)));
}

/** Waits until the capsule has left Reviewing (the review job ran) and answers it. */
export async function reviewed(t: TestApp, client: TestClient, capsuleId: string): Promise<CapsuleOut> {
  let capsule: CapsuleOut | undefined;
  await t.until(
    async () => {
      capsule = await client.trpc.capsules.byId.query({ id: capsuleId });
      return capsule.status !== 'Reviewing';
      // A rendition of an HDR clip takes tens of seconds when other test files share the cores.
    },
    'the review job',
    120_000,
  );
  return capsule as CapsuleOut;
}

/** The mail to that address whose subject matches, once it has arrived (the mail job sends it). */
export async function mailAbout(t: TestApp, address: string, subject: RegExp) {
  let found: ReturnType<TestApp['mail']['mailsTo']>[number] | undefined;
  await t.until(() => {
    found = t.mail.mailsTo(address).find((mail) => subject.test(mail.subject));
    return found !== undefined;
  }, `a mail to ${address} about ${subject}`);
  return found as NonNullable<typeof found>;
}

/** The whole flow for one file: slot, blocks, completion, review. Answers the upload id and the capsule. */
export async function uploadAndReview(t: TestApp, m: Member, file: FileFacts) {
  const slot = await startFor(m.client, m.capsuleId, file);
  await sendFile(slot, file.bytes);
  await m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
  return { uploadId: slot.uploadId, capsule: await reviewed(t, m.client, m.capsuleId) };
}
