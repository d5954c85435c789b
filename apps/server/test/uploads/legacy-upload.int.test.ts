import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import { type Member, memberWithCapsule, reviewed } from '../support/uploads.js';

// The spec's legacy upload (section 7): POST /api/get-sas-url with its fields answers sasUrl and
// metadata; the client PUTs the whole file with x-ms-blob-type: BlockBlob and one x-ms-meta-*
// header per metadata entry, which storage answers 201; POST /api/notify-upload-complete with
// the request data, the metadata and the SAS URL finishes it.

describe.each(databaseKinds())('legacy upload over REST (%s)', (kind) => {
  let t: TestApp;
  let mp4: TestFile;
  let m: Member;

  beforeAll(async () => {
    [t, mp4] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await memberWithCapsule(t);
  });

  /** What the spec's client sends: the capsule as it knows it, and the notification choice. */
  const requestData = (extra: Record<string, unknown> = {}) => ({
    capsuleId: m.capsuleId,
    capsuleType: 'Wedding',
    x_status: 'Pending_Upload',
    contactId: 'c-1',
    recipientName: 'Alan Turing',
    recipientEmail: 'alan@example.test',
    deliveryDate: '2031-06-01',
    capsuleInfo: 'For the wedding',
    sendNotificationChecked: true,
    deliveryTiming: 'custom',
    customDate: '2031-06-01',
    scheduledDate: '2031-06-01T09:30',
    timezoneSelected: 'Asia/Tokyo',
    ...extra,
  });

  it('checks the required fields with the spec\'s "All fields missing" / "Some fields missing"', async () => {
    const none = await m.client.rest('POST', '/api/get-sas-url', {});
    expect(none).toMatchObject({
      status: 400,
      body: { error: 'All fields missing: capsuleId, capsuleType, contactId, recipientName, recipientEmail' },
    });
    const some = await m.client.rest(
      'POST',
      '/api/get-sas-url',
      requestData({ capsuleType: '', contactId: null }),
    );
    expect(some).toMatchObject({
      status: 400,
      body: { error: 'Some fields missing: capsuleType, contactId' },
    });
    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).status).toBe('Pending_Upload');
  });

  it('get-sas-url, one PUT (201), notify-upload-complete: reviewed and stored', async () => {
    const data = requestData();
    const slot = await m.client.rest<{ sasUrl: string; metadata: Record<string, string>; uploadId: string }>(
      'POST',
      '/api/get-sas-url',
      data,
    );
    expect(slot.status).toBe(200);
    expect(slot.body.metadata).toEqual({ capsuleId: m.capsuleId, uploadId: slot.body.uploadId });

    const headers: Record<string, string> = {
      'x-ms-blob-type': 'BlockBlob',
      'content-type': mp4.contentType,
    };
    for (const [key, value] of Object.entries(slot.body.metadata)) headers[`x-ms-meta-${key}`] = value;
    const put = await fetch(slot.body.sasUrl, { method: 'PUT', headers, body: new Uint8Array(mp4.bytes) });
    expect(put.status).toBe(201);

    const done = await m.client.rest('POST', '/api/notify-upload-complete', {
      data,
      metadata: slot.body.metadata,
      sasUrl: slot.body.sasUrl,
    });
    expect(done).toMatchObject({ status: 200, body: { id: m.capsuleId, x_status: 'Reviewing' } });
    expect((await reviewed(t, m.client, m.capsuleId)).status).toBe('Sent');

    // Notify Recipient as chosen: 09:30 in Tokyo.
    const row = await t.deps.db
      .selectFrom('videoUploads')
      .selectAll()
      .where('id', '=', slot.body.uploadId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      client: 'legacy',
      notifyEnabled: true,
      notifyTiming: 'custom',
      notifyCustomDate: '2031-06-01T09:30',
      notifyTimezone: 'Asia/Tokyo',
    });
    expect(row.notifyAt?.toISOString()).toBe('2031-06-01T00:30:00.000Z');
  });

  it('a failed PUT can be retried: get-sas-url again gives the same open upload; the capsule id alone completes it', async () => {
    const first = await m.client.rest<{ sasUrl: string; uploadId: string }>(
      'POST',
      '/api/get-sas-url',
      requestData({ deliveryTiming: 'on_lock' }),
    );
    const again = await m.client.rest<{ sasUrl: string; uploadId: string }>(
      'POST',
      '/api/get-sas-url',
      requestData({ deliveryTiming: 'on_lock' }),
    );
    expect(again.body.uploadId).toBe(first.body.uploadId);
    const put = await fetch(again.body.sasUrl, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob' },
      body: new Uint8Array(mp4.bytes),
    });
    expect(put.status).toBe(201);
    const done = await m.client.rest('POST', '/api/notify-upload-complete', {
      data: { capsuleId: m.capsuleId },
    });
    expect(done).toMatchObject({ status: 200, body: { x_status: 'Reviewing' } });
  });

  it('refuses an empty PUT at notify-upload-complete and reverts the capsule', async () => {
    const slot = await m.client.rest<{ sasUrl: string; metadata: Record<string, string> }>(
      'POST',
      '/api/get-sas-url',
      requestData({ sendNotificationChecked: false }),
    );
    const put = await fetch(slot.body.sasUrl, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob' },
      body: '',
    });
    expect(put.status).toBe(201);
    const done = await m.client.rest('POST', '/api/notify-upload-complete', { metadata: slot.body.metadata });
    expect(done).toMatchObject({ status: 400, body: { error: 'Invalid file: Blob is missing or empty.' } });
    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).status).toBe('Pending_Upload');
  });
});
