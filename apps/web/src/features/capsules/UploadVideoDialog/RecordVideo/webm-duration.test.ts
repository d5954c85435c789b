import { describe, expect, it } from 'vitest';
import { headWithDuration, withWebmDuration } from './webm-duration';

// A WebM as Chrome's MediaRecorder writes it: EBML header, a Segment of unknown size, Info
// (TimecodeScale 1 ms, no Duration), Tracks, then Clusters of unknown size.
const bytes = (...parts: (number[] | Uint8Array)[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const element = (id: number[], content: number[]) => [...id, 0x80 | content.length, ...content];
const EBML_HEADER = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], [0x77, 0x65, 0x62, 0x6d]));
const SEGMENT_UNKNOWN = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const TIMECODE_SCALE = element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]);
const MUXING_APP = element([0x4d, 0x80], [0x43, 0x68, 0x72, 0x6f, 0x6d, 0x65]);
const info = (...children: number[][]) => element([0x15, 0x49, 0xa9, 0x66], children.flat());
const TRACKS = element([0x16, 0x54, 0xae, 0x6b], element([0xae], [0xd7, 0x81, 0x01]));
const CLUSTER = [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x81, 0x00];
const FRAMES = [0xa3, 0x84, 1, 2, 3, 4];

const recording = (infoElement = info(TIMECODE_SCALE, MUXING_APP)) =>
  bytes(EBML_HEADER, SEGMENT_UNKNOWN, infoElement, TRACKS, CLUSTER, FRAMES);

/** The Duration element's value in the Info of `file`, read the plain way. */
function durationIn(file: Uint8Array): number | null {
  const at = file.findIndex((_, i) => file[i] === 0x44 && file[i + 1] === 0x89 && file[i + 2] === 0x88);
  return at < 0 ? null : new DataView(file.buffer, file.byteOffset + at + 3, 8).getFloat64(0);
}

describe('withWebmDuration', () => {
  it('writes the duration into Info and leaves every other byte as it was', async () => {
    const source = recording();
    const fixed = new Uint8Array(await (await withWebmDuration(new Blob([source]), 4321)).arrayBuffer());
    expect(durationIn(fixed)).toBe(4321);
    expect(fixed.length).toBe(source.length + 11);
    // Info's size grew by the 11 bytes of Duration; what follows Info is untouched.
    const infoAt = EBML_HEADER.length + SEGMENT_UNKNOWN.length;
    expect(fixed[infoAt + 4]).toBe(0x80 | (TIMECODE_SCALE.length + MUXING_APP.length + 11));
    expect(Array.from(fixed.slice(-(TRACKS.length + CLUSTER.length + FRAMES.length)))).toEqual([
      ...TRACKS,
      ...CLUSTER,
      ...FRAMES,
    ]);
  });

  it('counts in the file timecode scale (ticks, not always milliseconds)', () => {
    const microsecondTicks = element([0x2a, 0xd7, 0xb1], [0x03, 0xe8]); // 1000 ns
    const fixed = headWithDuration(recording(info(microsecondTicks)), 2000);
    expect(fixed && durationIn(fixed)).toBe(2_000_000);
  });

  it('grows a Segment of known size by what was added', () => {
    const body = bytes(info(TIMECODE_SCALE), TRACKS);
    const file = bytes(EBML_HEADER, [0x18, 0x53, 0x80, 0x67, 0x40, body.length], body);
    const fixed = headWithDuration(file, 1000) as Uint8Array;
    const sizeAt = EBML_HEADER.length + 4;
    expect([fixed[sizeAt], fixed[sizeAt + 1]]).toEqual([0x40, body.length + 11]);
  });

  it('leaves alone a file that has a duration, a SeekHead, or is no WebM', async () => {
    const withDuration = recording(info(TIMECODE_SCALE, element([0x44, 0x89], [0x40, 0, 0, 0, 0, 0, 0, 0])));
    expect(headWithDuration(withDuration, 1000)).toBeNull();
    const seekHead = element([0x11, 0x4d, 0x9b, 0x74], [0xec, 0x80]);
    expect(
      headWithDuration(bytes(EBML_HEADER, SEGMENT_UNKNOWN, seekHead, info(TIMECODE_SCALE)), 1000),
    ).toBeNull();
    const mp4 = new Blob([bytes([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], { type: 'video/mp4' });
    expect(await withWebmDuration(mp4, 1000)).toBe(mp4);
  });
});
