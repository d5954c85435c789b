import { BlockBlobClient } from '@azure/storage-blob';
import { DOCUMENT_REFUSALS, MAX_DOCUMENT_BYTES, RELEASE_TEXTS, SUBMIT_TEXTS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import type { CliServices } from '../../src/cli/services.js';
import { sendDocumentOutcomeMail } from '../../src/modules/capsules/index.js';
import { signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { type Person, receivedCapsule, receivedRow } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, type TestFile } from '../support/test-videos.js';
import { mailAbout } from '../support/uploads.js';

// Document verification: the recipient of a Premium_Verification or
// Document_Validation capsule sends an image straight to storage; the server trusts what storage
// holds (a real PNG passes; a text file renamed .png and a 13 MB image are deleted and refused);
// operators list, approve or reject with the admin CLI's commands; the recipient is mailed the
// verdict by a job, so a mail server that is away never undoes it; Verified opens the capsule,
// Rejected lets them send another.

describe.each(databaseKinds())('document verification (%s)', (kind) => {
  let t: TestApp;
  let png: TestFile;
  let sender: Person;
  let recipient: Person;
  let client: TestClient;
  let capsuleId: string;

  beforeAll(async () => {
    [t, png] = await Promise.all([startTestApp(kind), makeTestImage('png')]);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    sender = await t.createUser({ fullName: 'Sam Sender' });
    recipient = await t.createUser({ fullName: 'Rita Recipient' });
    capsuleId = await receivedCapsule(t, sender, recipient, {
      criteria: 'Premium_Verification',
      category: 'Wedding',
    });
    client = await signIn(t, recipient);
  });

  /** The CLI's commands, run in this process on the test app's database, storage and queue. */
  async function admin(name: string, values: Record<string, string> = {}) {
    const lines: string[] = [];
    const services: CliServices = {
      clock: t.clock,
      storage: () => t.deps.storage,
      jobs: async () => t.queue,
      // Verified opens at once here; the sender's objection window has its own tests.
      objectionDays: 0,
    };
    const command = commands[name];
    if (!command) throw new Error(`no command ${name}`);
    await command.run(t.deps.db, values, (line) => lines.push(line), services);
    return lines.join('\n');
  }

  const start = (file: { name?: string; type?: string; size: number }, id = capsuleId) =>
    client.trpc.receivedCapsules.document.start.mutate({
      capsuleId: id,
      fileName: file.name ?? 'passport.png',
      contentType: file.type ?? 'image/png',
      size: file.size,
    });
  const put = (sasUrl: string, bytes: Buffer) => new BlockBlobClient(sasUrl).uploadData(bytes);
  const blobExists = (blob: string) =>
    t.deps.storage.blobProperties({ container: `user-${recipient.id}`, blob }).then((p) => p.exists);

  async function submit(bytes: Buffer) {
    const slot = await start({ size: bytes.length });
    await put(slot.sasUrl, bytes);
    return {
      slot,
      capsule: await client.trpc.receivedCapsules.document.complete.mutate({
        capsuleId,
        blobName: slot.blobName,
      }),
    };
  }

  it('a real PNG is Submitted; the operator sees it with a link, approves it; the mail comes; the capsule opens', async () => {
    const { slot, capsule } = await submit(png.bytes);
    expect(slot.blobName).toMatch(new RegExp(`^${recipient.id}/documents/.+/document$`));
    expect(slot.sasUrl).toContain('sp=cw');
    expect(capsule).toMatchObject({
      documentStatus: 'Submitted',
      canSubmitDocuments: false,
      canView: false,
      lockedReason: RELEASE_TEXTS.documentInReview,
    });
    // A second document while this one waits: refused with the reason.
    const again = await trpcError(start({ size: 10 }));
    expect([again.data?.httpStatus, again.message]).toEqual([409, SUBMIT_TEXTS.inReview]);

    const listed = await admin('verification:list');
    expect(listed).toContain(capsuleId);
    expect(listed).toContain(recipient.email);
    const link = /(http\S+sp=r\S*)/.exec(listed)?.[1] ?? '';
    const image = await fetch(link);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await image.arrayBuffer()).equals(png.bytes)).toBe(true);

    expect(await admin('verification:approve', { id: capsuleId })).toMatch(/Verified the document/);
    const mail = await mailAbout(t, recipient.email, /document is verified/);
    expect(mail.text).toContain('Sam Sender');
    expect(mail.html).toContain('/received-capsules');
    const after = await client.trpc.receivedCapsules.byId.query({ id: capsuleId });
    expect(after).toMatchObject({ documentStatus: 'Verified', canView: true, canSubmitDocuments: false });
    expect((await client.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId })).url).toContain('sp=r');
    expect(await admin('verification:list')).toBe('No documents are waiting for review.');
    // Nothing waits any more: the operator is told so, and nothing is mailed twice.
    await expect(admin('verification:approve', { id: capsuleId })).rejects.toThrow(/No document is waiting/);
    await expect(admin('verification:approve', { id: sender.id })).rejects.toThrow(
      /has been received by anyone/,
    );
    await t.runJob('received.document-mail', {
      documentId: (await receivedRow(t, capsuleId)).documentUploadId ?? '',
    });
    expect(t.mail.mailsTo(recipient.email).filter((m) => /document/.test(m.subject))).toHaveLength(1);
  });

  it('rejected: the mail gives the reason, and the recipient may send another, which can pass', async () => {
    await submit(png.bytes);
    await expect(admin('verification:reject', { id: capsuleId, reason: '  ' })).rejects.toThrow(/reason/);
    expect(await admin('verification:reject', { id: capsuleId, reason: 'The photo is blurred.' })).toMatch(
      /Rejected/,
    );
    const mail = await mailAbout(t, recipient.email, /could not be verified/);
    expect(mail.text).toContain('The photo is blurred.');
    const rejected = await client.trpc.receivedCapsules.byId.query({ id: capsuleId });
    expect(rejected).toMatchObject({
      documentStatus: 'Rejected',
      documentRejectionReason: 'The photo is blurred.',
      canSubmitDocuments: true,
      lockedReason: RELEASE_TEXTS.documentRejected,
    });
    const second = await submit(png.bytes);
    expect(second.capsule).toMatchObject({ documentStatus: 'Submitted', documentRejectionReason: null });
    await admin('verification:approve', { id: capsuleId });
    expect((await client.trpc.receivedCapsules.byId.query({ id: capsuleId })).canView).toBe(true);
  });

  it('a text file renamed .png is deleted and refused; nothing is submitted', async () => {
    const text = Buffer.from('This is not an image, whatever its name says.\n');
    const slot = await start({ name: 'passport.png', size: text.length });
    await put(slot.sasUrl, text);
    const error = await trpcError(
      client.trpc.receivedCapsules.document.complete.mutate({ capsuleId, blobName: slot.blobName }),
    );
    expect([error.data?.httpStatus, error.message]).toEqual([400, DOCUMENT_REFUSALS.invalidType]);
    expect(await blobExists(slot.blobName)).toBe(false);
    expect((await receivedRow(t, capsuleId)).documentVerificationStatus).toBeNull();
    // The refused upload is closed; a new one may start.
    const closed = await trpcError(
      client.trpc.receivedCapsules.document.complete.mutate({ capsuleId, blobName: slot.blobName }),
    );
    expect(closed.data?.httpStatus).toBe(409);
    expect((await submit(png.bytes)).capsule.documentStatus).toBe('Submitted');
  });

  it('a 13 MB image is refused up front, and deleted when it is sent anyway', async () => {
    const big = Buffer.concat([png.bytes, Buffer.alloc(13 * 1024 * 1024 - png.bytes.length, 0)]);
    const upFront = await trpcError(start({ size: big.length }));
    expect([upFront.data?.httpStatus, upFront.message]).toEqual([400, DOCUMENT_REFUSALS.tooLarge]);
    // A client that declares less and sends it anyway: storage's size decides.
    const slot = await start({ size: 1000 });
    await put(slot.sasUrl, big);
    const error = await trpcError(
      client.trpc.receivedCapsules.document.complete.mutate({ capsuleId, blobName: slot.blobName }),
    );
    expect([error.data?.httpStatus, error.message]).toEqual([400, DOCUMENT_REFUSALS.tooLarge]);
    expect(await blobExists(slot.blobName)).toBe(false);
    expect((await receivedRow(t, capsuleId)).documentVerificationStatus).toBeNull();
    // Exactly 12 MB passes.
    const limit = Buffer.concat([png.bytes, Buffer.alloc(MAX_DOCUMENT_BYTES - png.bytes.length, 0)]);
    expect((await submit(limit)).capsule.documentStatus).toBe('Submitted');
  });

  it('refuses a wrong type up front, a completion before the PUT, and capsules that need no document', async () => {
    const pdf = await trpcError(start({ name: 'passport.pdf', type: 'application/pdf', size: 100 }));
    expect([pdf.data?.httpStatus, pdf.message]).toEqual([400, DOCUMENT_REFUSALS.invalidType]);
    const slot = await start({ size: png.bytes.length });
    const early = await trpcError(
      client.trpc.receivedCapsules.document.complete.mutate({ capsuleId, blobName: slot.blobName }),
    );
    expect([early.data?.httpStatus, early.message]).toEqual([400, DOCUMENT_REFUSALS.empty]);
    // Still open: the PUT may come late.
    await put(slot.sasUrl, png.bytes);
    expect(
      (await client.trpc.receivedCapsules.document.complete.mutate({ capsuleId, blobName: slot.blobName }))
        .documentStatus,
    ).toBe('Submitted');
    const open = await receivedCapsule(t, sender, recipient, { criteria: 'View_Any_Time' });
    const notNeeded = await trpcError(start({ size: 10 }, open));
    expect([notNeeded.data?.httpStatus, notNeeded.message]).toEqual([409, SUBMIT_TEXTS.notNeeded]);
  });

  it('a mail server that is away delays the mail and never undoes the verdict', async () => {
    await submit(png.bytes);
    // Sent on its own with a mailer that fails: the job's retries do exactly this.
    await admin('verification:approve', { id: capsuleId });
    const documentId = (await receivedRow(t, capsuleId)).documentUploadId ?? '';
    const down = {
      ...t.deps,
      mailer: { send: async () => Promise.reject(new Error('SMTP away')), close() {} },
    };
    await expect(sendDocumentOutcomeMail(down, { documentId })).rejects.toThrow('SMTP away');
    expect((await receivedRow(t, capsuleId)).documentVerificationStatus).toBe('Verified');
    await mailAbout(t, recipient.email, /document is verified/);
  });

  it("the spec's legacy calls: get-document-sas-url, a PUT with its headers (201), notify-document-upload-complete", async () => {
    const sas = await client.rest<{ sasUrl: string; metadata: Record<string, string> }>(
      'POST',
      '/api/get-document-sas-url',
      { capsuleId, blobName: `capsule-${capsuleId}` },
    );
    expect(sas.status).toBe(200);
    expect(sas.body.metadata).toEqual({ capsuleId, blobName: expect.stringContaining('/documents/') });
    const headers: Record<string, string> = { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' };
    for (const [key, value] of Object.entries(sas.body.metadata)) headers[`x-ms-meta-${key}`] = value;
    const stored = await fetch(sas.body.sasUrl, { method: 'PUT', headers, body: new Uint8Array(png.bytes) });
    expect(stored.status).toBe(201);
    const done = await client.rest<Record<string, unknown>>('POST', '/api/notify-document-upload-complete', {
      data: { capsuleId, blobName: `capsule-${capsuleId}` },
      metadata: sas.body.metadata,
      sasUrl: sas.body.sasUrl,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: capsuleId, x_Document_Verification_Status: 'Submitted' });

    const wrong = await client.rest('POST', '/api/get-document-sas-url', {
      capsuleId,
      fileName: 'x.gif',
      contentType: 'image/gif',
      size: 10,
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: DOCUMENT_REFUSALS.invalidType } });
    const missing = await client.rest('POST', '/api/get-document-sas-url', {});
    expect(missing).toMatchObject({ status: 400, body: { error: 'capsuleId is required' } });
  });
});
