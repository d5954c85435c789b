import { describe, expect, it } from 'vitest';
import { formatOfMimeType, pickRecordingFormat, recordingFile } from './recording-format';

describe('the recording format', () => {
  it('prefers VP9, then VP8 (both WebM with Opus), then MP4; null when none is recorded', () => {
    const only =
      (...types: string[]) =>
      (type: string) =>
        types.includes(type);
    expect(pickRecordingFormat(only('video/webm;codecs=vp9,opus', 'video/mp4'))?.mimeType).toBe(
      'video/webm;codecs=vp9,opus',
    );
    expect(pickRecordingFormat(only('video/webm;codecs=vp8,opus', 'video/mp4'))?.mimeType).toBe(
      'video/webm;codecs=vp8,opus',
    );
    expect(pickRecordingFormat(only('video/mp4'))?.mimeType).toBe('video/mp4');
    expect(pickRecordingFormat(only())).toBeNull();
  });

  it('names the file by what the recorder wrote, with the container as its type', () => {
    const webm = recordingFile(new Blob(['x']), formatOfMimeType('video/webm;codecs=vp9,opus'));
    expect([webm.name, webm.type]).toEqual(['recording.webm', 'video/webm']);
    const mp4 = recordingFile(new Blob(['x']), formatOfMimeType('video/mp4;codecs=avc1,mp4a'));
    expect([mp4.name, mp4.type]).toEqual(['recording.mp4', 'video/mp4']);
  });
});
