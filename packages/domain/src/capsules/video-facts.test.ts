import { describe, expect, it } from 'vitest';
import { byteSize, clockLength, mediaFactsLine } from './video-facts.js';

describe('a video described for its sender', () => {
  it('names the codec, the picture, the length, the size and the sound', () => {
    expect(
      mediaFactsLine({
        codec: 'hevc',
        width: 2160,
        height: 3840,
        durationSeconds: 125.4,
        sizeBytes: 48_300_000,
        audioCodec: 'aac',
        hdr: true,
      }),
    ).toBe('HEVC, HDR · 2160×3840 · 2:05 · 48 MB · AAC sound');
    expect(
      mediaFactsLine({
        codec: 'vp9',
        width: 640,
        height: 360,
        durationSeconds: null,
        sizeBytes: null,
        audioCodec: null,
        hdr: false,
      }),
    ).toBe('VP9 · 640×360 · no sound');
  });

  it('writes lengths as a clock and sizes in MB or GB', () => {
    expect([clockLength(0), clockLength(59.6), clockLength(600), clockLength(3725)]).toEqual([
      '0:00',
      '1:00',
      '10:00',
      '1:02:05',
    ]);
    expect([byteSize(870_000), byteSize(12_400_000), byteSize(2_170_000_000)]).toEqual([
      '0.9 MB',
      '12 MB',
      '2.2 GB',
    ]);
  });
});
