import { describe, expect, it } from 'vitest';
import { checkedProbe, MAX_PICTURE_SIDE, readProbe } from './ffprobe-output.js';
import { MediaError } from './media-error.js';

describe('readProbe', () => {
  it("does not count an audio file's cover picture as video", () => {
    const probe = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5' },
      streams: [
        { codec_type: 'audio', codec_name: 'aac' },
        { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
      ],
    });
    expect(probe).toMatchObject({ hasVideoStream: false, videoCodec: null, durationSeconds: 12.5 });
  });

  it("takes the longest stream's duration when the container has none, else null", () => {
    const streams = [
      { codec_type: 'video', codec_name: 'vp8', duration: '3.2', width: 640, height: 480 },
      { codec_type: 'audio', duration: '3.4' },
    ];
    expect(readProbe({ format: { format_name: 'matroska,webm' }, streams }).durationSeconds).toBe(3.4);
    expect(
      readProbe({ format: { duration: 'N/A' }, streams: [{ codec_type: 'video' }] }).durationSeconds,
    ).toBeNull();
  });
});

describe('what a rendition needs to know', () => {
  it('reads the frame rate, HDR, the rotation to apply, the sound and the size', () => {
    const probe = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '4', size: '123456' },
      streams: [
        {
          codec_type: 'video',
          codec_name: 'hevc',
          width: 3840,
          height: 2160,
          avg_frame_rate: '30000/1001',
          color_transfer: 'smpte2084',
          // A phone held upright: ffprobe says -90 (counter-clockwise), a player turns it 90° clockwise.
          side_data_list: [{ rotation: -90 }],
        },
        { codec_type: 'audio', codec_name: 'aac' },
      ],
    });
    expect(probe).toMatchObject({ rotation: 90, hdr: true, audioCodec: 'aac', sizeBytes: 123456 });
    expect(probe.frameRate).toBeCloseTo(29.97, 2);
  });

  it('says no rotation, no HDR, no sound and no rate where the file says nothing of them', () => {
    const probe = readProbe({
      streams: [
        {
          codec_type: 'video',
          codec_name: 'vp9',
          avg_frame_rate: '0/0',
          color_transfer: 'bt709',
          side_data_list: [{ rotation: 90 }],
        },
      ],
    });
    expect(probe).toMatchObject({
      rotation: 270,
      hdr: false,
      audioCodec: null,
      frameRate: null,
      sizeBytes: null,
    });
    expect(readProbe({ streams: [{ codec_type: 'video', color_transfer: 'arib-std-b67' }] }).hdr).toBe(true);
  });
});

describe('checkedProbe', () => {
  const probe = (width: number, height: number) =>
    readProbe({ streams: [{ codec_type: 'video', codec_name: 'h264', width, height }] });

  it('passes an 8K video and refuses a picture larger than any camera makes', () => {
    expect(checkedProbe(probe(7680, 4320)).width).toBe(7680);
    expect(() => checkedProbe(probe(100_000, 100_000))).toThrow(MediaError);
    expect(() => checkedProbe(probe(320, MAX_PICTURE_SIDE + 1))).toThrow(/320×16385/);
  });
});
