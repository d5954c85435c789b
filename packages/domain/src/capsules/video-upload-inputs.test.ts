import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from './video-upload.js';
import {
  notifyOptionsSchema,
  startUploadInputSchema,
  UPLOAD_INPUT_TEXTS as T,
  uploadRefInputSchema,
} from './video-upload-inputs.js';

const valid = {
  capsuleId: 'c1',
  fileName: 'birthday.mp4',
  fileSize: 1234,
  contentType: 'video/mp4',
  durationSeconds: 12.5,
  notify: { enabled: true, timing: 'on_lock' },
};
const firstMessage = (input: unknown) => startUploadInputSchema.safeParse(input).error?.issues[0]?.message;

describe('startUploadInputSchema', () => {
  it('takes what the dialog sends', () => {
    expect(startUploadInputSchema.parse({ ...valid, resume: true })).toMatchObject({ resume: true });
    expect(startUploadInputSchema.parse({ ...valid, contentType: ' Video/QuickTime ' }).contentType).toBe(
      'video/quicktime',
    );
  });
  it("refuses with the spec's texts: type, size (under 2000 MB), unreadable metadata", () => {
    expect(firstMessage({ ...valid, contentType: 'text/plain' })).toBe(
      'Invalid file type: Please select a video file (MP4 or MOV)',
    );
    expect(firstMessage({ ...valid, fileSize: MAX_VIDEO_BYTES })).toBe(
      'Video too large: Video must be under 2GB',
    );
    expect(firstMessage({ ...valid, fileSize: MAX_VIDEO_BYTES - 1 })).toBeUndefined();
    expect(firstMessage({ ...valid, durationSeconds: Number.POSITIVE_INFINITY })).toBe(
      'Error reading video: Unable to read video metadata.',
    );
    expect(firstMessage({ ...valid, durationSeconds: -1 })).toBe(T.metadata);
    expect(firstMessage({ ...valid, fileSize: 0 })).toBe(T.metadata);
    expect(firstMessage({ ...valid, fileName: ' ' })).toBe(T.fileNameRequired);
  });
});

describe('notifyOptionsSchema', () => {
  it('needs a wall-clock date and time for a custom notification, a zone of the spec', () => {
    const custom = { enabled: true, timing: 'custom' };
    expect(notifyOptionsSchema.safeParse(custom).error?.issues[0]?.message).toBe(T.customDateRequired);
    expect(
      notifyOptionsSchema.parse({ ...custom, customDate: '2030-01-02T09:30', timezone: 'Asia/Tokyo' }),
    ).toMatchObject({ customDate: '2030-01-02T09:30' });
    expect(notifyOptionsSchema.parse({ ...custom, customDate: '2030-01-02T09:30:15' }).customDate).toBe(
      '2030-01-02T09:30:15',
    );
    expect(notifyOptionsSchema.safeParse({ ...custom, customDate: '2030-01-02T09:30Z' }).success).toBe(false);
    expect(notifyOptionsSchema.safeParse({ ...custom, customDate: 'tomorrow' }).success).toBe(false);
    expect(
      notifyOptionsSchema.safeParse({ ...custom, customDate: '2030-01-02T09:30', timezone: 'Europe/Berlin' })
        .success,
    ).toBe(false);
    expect(notifyOptionsSchema.parse({ enabled: false, timing: 'custom' })).toEqual({
      enabled: false,
      timing: 'custom',
    });
  });
});

describe('uploadRefInputSchema', () => {
  it('needs both ids', () => {
    expect(uploadRefInputSchema.safeParse({ capsuleId: 'c1' }).error?.issues[0]?.message).toBe(
      T.uploadIdRequired,
    );
  });
});
