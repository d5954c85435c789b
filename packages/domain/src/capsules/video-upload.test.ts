import { describe, expect, it } from 'vitest';
import {
  checkVideoDuration,
  checkVideoFile,
  defaultNotifyDate,
  defaultNotifyTimezone,
  MAX_VIDEO_BYTES,
  NOTIFY_TIMEZONES,
  CAPSULE_UPLOAD_TEXTS as T,
  UPLOAD_BLOCK_SIZE,
} from './video-upload.js';

const MB = 1024 * 1024;

describe('checkVideoFile (spec section 5, Video upload)', () => {
  it('refuses no file', () => {
    expect(checkVideoFile(null, 'pick')).toEqual({
      title: 'No file selected',
      description: 'Please select a video file to upload',
    });
  });

  it.each(['image/png', 'application/pdf', '', 'text/plain'])('refuses the type %j', (type) => {
    expect(checkVideoFile({ type, size: 10 }, 'pick')).toEqual({
      title: 'Invalid file type',
      description: 'Please select a video file (MP4 or MOV)',
    });
  });

  it('refuses 2000 MB and more, worded by where the file came from', () => {
    const big = { type: 'video/mp4', size: 2000 * MB };
    expect(MAX_VIDEO_BYTES).toBe(2000 * MB);
    expect(checkVideoFile(big, 'pick')).toEqual({
      title: 'Video too large',
      description: 'Video must be under 2GB',
    });
    expect(checkVideoFile(big, 'drop')).toEqual({
      title: 'File too large',
      description: 'Video must be under 2GB',
    });
  });

  it.each(['video/mp4', 'video/quicktime', 'video/webm'])('takes %s under 2000 MB', (type) => {
    expect(checkVideoFile({ type, size: 2000 * MB - 1 }, 'drop')).toBeNull();
    expect(checkVideoFile({ type, size: 1 }, 'pick')).toBeNull();
  });
});

describe('checkVideoDuration', () => {
  it('takes up to the capsule length minutes x 60 s', () => {
    expect(checkVideoDuration(300, '5_minutes')).toBeNull();
    expect(checkVideoDuration(0, '5_minutes')).toBeNull();
  });

  it("refuses longer: 'Video too long: Please upload a video shorter than N minutes.'", () => {
    expect(checkVideoDuration(300.01, '5_minutes')).toEqual({
      title: 'Video too long',
      description: 'Please upload a video shorter than 5 minutes.',
    });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, null, undefined])(
    'calls %s a metadata failure',
    (seconds) => {
      expect(checkVideoDuration(seconds, '5_minutes')).toEqual({
        title: 'Error reading video',
        description: 'Unable to read video metadata.',
      });
    },
  );

  it('leaves a capsule without a readable length to the server', () => {
    expect(checkVideoDuration(10_000, null)).toBeNull();
  });
});

describe('notification defaults', () => {
  it('defaults the custom date to 10 days from now, to the minute', () => {
    expect(defaultNotifyDate('2026-11-23T10:15:42.123Z').toISOString()).toBe('2026-12-03T10:15:00.000Z');
  });

  it("offers the spec's nine zones, the browser's when listed, else UTC", () => {
    expect(NOTIFY_TIMEZONES).toHaveLength(9);
    expect(defaultNotifyTimezone('Europe/Paris')).toBe('Europe/Paris');
    expect(defaultNotifyTimezone('Europe/Berlin')).toBe('UTC');
    expect(defaultNotifyTimezone(undefined)).toBe('UTC');
  });

  it('uses 8 MiB blocks and the verbatim confirmation', () => {
    expect(UPLOAD_BLOCK_SIZE).toBe(8_388_608);
    expect(T.confirmLabel).toBe('I confirm that this upload is accurate and intended');
  });
});
