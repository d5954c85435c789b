import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MediaTools, makeRendition, systemMediaTools } from '../../src/modules/media/index.js';
import { type CameraVideo, makeBrowserRecording, makeCameraVideo } from '../support/camera-videos.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import { type Member, mailAbout, memberWithCapsule, uploadAndReview } from '../support/uploads.js';

// Every accepted video gets a playback rendition (docs/server-rules.md, 'Video upload'): each
// kind a camera or a browser writes goes through the real upload and review, and ends Stored
// with an H.264/AAC copy whose facts Capsule Details shows, or Needs_Review with its reason.

/** Each kind, and what Capsule Details then says of the original and of the playback copy. */
const ACCEPTED: Array<
  [CameraVideo, { codec: string; hdr: boolean; width: number; height: number; sound: boolean }]
> = [
  ['h264-mp4', { codec: 'h264', hdr: false, width: 1280, height: 720, sound: true }],
  ['hevc-mov-rotated', { codec: 'hevc', hdr: false, width: 360, height: 640, sound: true }],
  ['vp9-opus-webm', { codec: 'vp9', hdr: false, width: 640, height: 360, sound: true }],
  ['vp8-webm', { codec: 'vp8', hdr: false, width: 640, height: 360, sound: true }],
  ['hdr-hevc-10bit', { codec: 'hevc', hdr: true, width: 1920, height: 1080, sound: true }],
  ['variable-frame-rate', { codec: 'h264', hdr: false, width: 640, height: 360, sound: true }],
  ['portrait-1440p', { codec: 'h264', hdr: false, width: 1440, height: 2560, sound: true }],
  ['no-audio', { codec: 'h264', hdr: false, width: 640, height: 360, sound: false }],
];

describe('playback renditions through the review', { timeout: 180_000 }, () => {
  const kind = databaseKinds()[0] ?? 'pglite';
  let t: TestApp;
  let m: Member;
  /** Fractions the rendition reported; `hold` (when set) holds the job at 40 % until released. */
  const reported: number[] = [];
  let hold: { reached: () => void; release: Promise<void> } | null = null;
  const media: MediaTools = {
    ...systemMediaTools,
    async makeRendition(url, input, options) {
      if (hold) {
        options.onProgress?.(0.4);
        hold.reached();
        await hold.release;
      }
      await makeRendition(url, input, {
        ...options,
        onProgress: (fraction) => {
          reported.push(fraction);
          options.onProgress?.(fraction);
        },
      });
    },
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { media });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await memberWithCapsule(t);
    reported.length = 0;
    hold = null;
  });

  const upload = (file: TestFile, name: string) =>
    uploadAndReview(t, m, { ...file, name, durationSeconds: 2 });

  it.each(ACCEPTED)(
    'stores %s with a copy every browser plays, and says what each is',
    async (camera, want) => {
      const { capsule } = await upload(await makeCameraVideo(camera), camera);
      expect(capsule).toMatchObject({ status: 'Sent', hasVideo: true, processingPercent: null });
      const details = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
      const { original, playback } = details.videoFacts ?? {};
      expect(original).toMatchObject({
        codec: want.codec,
        hdr: want.hdr,
        width: want.width,
        height: want.height,
      });
      expect(original?.audioCodec === null).toBe(!want.sound);
      // The copy: H.264, upright, within 1080p, SDR, AAC when there is sound.
      const fits = Math.min(
        1,
        1920 / Math.max(want.width, want.height),
        1080 / Math.min(want.width, want.height),
      );
      expect(playback).toMatchObject({
        codec: 'h264',
        hdr: false,
        width: Math.trunc((want.width * fits) / 2) * 2,
        height: Math.trunc((want.height * fits) / 2) * 2,
        audioCodec: want.sound ? 'aac' : null,
      });
      expect(playback?.durationSeconds).toBeCloseTo(original?.durationSeconds ?? 0, 0);
      expect(reported.at(-1)).toBe(1);
    },
  );

  it('shows how far the copy is while it is made, and mails the sender once it is ready', async () => {
    let reached!: () => void;
    const atForty = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const review = upload(await makeCameraVideo('h264-mp4'), 'card.mp4');
    await atForty;
    await t.until(async () => {
      const card = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
      return card.status === 'Reviewing' && card.processingPercent === 40;
    }, 'the card at 40 %');
    // No mail while the copy is being made: it comes with the verdict.
    expect(t.mail.mailsTo(m.user.email).filter((mail) => /your video is stored/.test(mail.subject))).toEqual(
      [],
    );
    release();
    const { capsule } = await review;
    expect(capsule).toMatchObject({ status: 'Sent', processingPercent: null });
    await mailAbout(t, m.user.email, /your video is stored/);
  });

  it('measures a browser recording that states no length by its copy, and refuses one past the limit', async () => {
    const { capsule } = await upload(await makeBrowserRecording(3), 'recording.webm');
    expect(capsule.status).toBe('Sent');
    const details = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(details.videoFacts?.original?.durationSeconds).toBeCloseTo(3, 0);

    await arrangeCapsule(t, m.capsuleId, { capsuleLength: '1_minutes' });
    const long = await makeBrowserRecording(66, '64x48');
    const refused = await uploadAndReview(t, m, { ...long, name: 'long.webm', durationSeconds: 50 });
    expect(refused.capsule).toMatchObject({
      status: 'Needs_Review',
      reviewReason: 'Video too long: Please upload a video shorter than 1 minutes.',
    });
    // The copy was cut just past the limit, not made of the whole recording.
    expect(reported.at(-1)).toBe(1);
  });

  it('refuses a sound recording, and a video longer than the capsule, before making any copy', async () => {
    const audio = await makeTestVideo({ seconds: 2, format: 'mp4', audioOnly: true });
    expect((await upload(audio, 'song.mp4')).capsule).toMatchObject({ status: 'Needs_Review' });
    await arrangeCapsule(t, m.capsuleId, { capsuleLength: '1_minutes' });
    const long = await makeTestVideo({ seconds: 65, format: 'mp4', width: 64, height: 48 });
    expect((await upload(long, 'long.mp4')).capsule).toMatchObject({
      status: 'Needs_Review',
      reviewReason: 'Video too long: Please upload a video shorter than 1 minutes.',
    });
    expect(reported).toEqual([]);
  });
});
