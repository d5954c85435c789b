// The browser's MediaRecorder writes WebM as a live stream: the header has no Duration. The
// browser's own player works it out, but the server's review reads the length from the header
// (ffprobe, over HTTP, does not scan the file) and sends a video without one to Needs_Review.
// So the recorder writes the length it measured into the header's Info element before the
// recording is used. Only the header is read and rewritten (a few hundred bytes): the rest of
// the recording is a slice of the same Blob, never copied, however long the recording is.

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
/** Matroska's default: one tick is a millisecond (in nanoseconds). */
const DEFAULT_TIMECODE_SCALE = 1_000_000;
/** The header (EBML, Segment start, Info, Tracks) is far smaller than this. */
const HEAD_BYTES = 64 * 1024;

interface Vint {
  value: number;
  length: number;
  /** All value bits set: 'size unknown', as a live recorder writes for Segment and Cluster. */
  unknown: boolean;
}

/** An element ID (its marker bit kept, as IDs are written) or null past the end. */
function readId(bytes: Uint8Array, at: number): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 4 || at + length > bytes.length) return null;
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (bytes[at + i] as number);
  return { value, length, unknown: false };
}

/** An element size (marker bit removed) or null past the end. */
function readSize(bytes: Uint8Array, at: number): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] as number;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: allOnes };
}

/** A size as a vint of exactly `length` bytes, or null when it does not fit. */
function writeSize(size: number, length: number): Uint8Array | null {
  if (length < 1 || length > 8 || size >= 2 ** (7 * length) - 1) return null;
  const out = new Uint8Array(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = (out[0] as number) | (0x80 >> (length - 1));
  return out;
}

const readUint = (bytes: Uint8Array) => bytes.reduce((value, byte) => value * 256 + byte, 0);

function float64(value: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, value);
  return out;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * The header bytes with a Duration of `durationMs` in Info, or null when the header is not one
 * this can safely change: already a duration, a SeekHead (its positions would shift), a
 * Segment of known size too close to its size field's limit, or not WebM at all.
 */
export function headWithDuration(head: Uint8Array, durationMs: number): Uint8Array | null {
  const ebml = readId(head, 0);
  const ebmlSize = ebml && readSize(head, ebml.length);
  if (ebml?.value !== EBML || !ebmlSize || ebmlSize.unknown) return null;
  const segmentAt = ebml.length + ebmlSize.length + ebmlSize.value;
  const segment = readId(head, segmentAt);
  const segmentSize = segment && readSize(head, segmentAt + segment.length);
  if (segment?.value !== SEGMENT || !segmentSize) return null;

  // The Segment's children up to Info.
  let at = segmentAt + segment.length + segmentSize.length;
  for (;;) {
    const id = readId(head, at);
    const size = id && readSize(head, at + id.length);
    if (!id || !size || size.unknown || id.value === CLUSTER || id.value === SEEK_HEAD) return null;
    if (id.value === INFO) break;
    at += id.length + size.length + size.value;
  }
  const infoAt = at;
  const infoId = readId(head, infoAt) as Vint;
  const infoSize = readSize(head, infoAt + infoId.length) as Vint;
  const contentAt = infoAt + infoId.length + infoSize.length;
  const infoEnd = contentAt + infoSize.value;
  if (infoEnd > head.length) return null;

  let scale = DEFAULT_TIMECODE_SCALE;
  for (let child = contentAt; child < infoEnd; ) {
    const id = readId(head, child);
    const size = id && readSize(head, child + id.length);
    if (!id || !size || size.unknown) return null;
    const dataAt = child + id.length + size.length;
    if (id.value === DURATION) return null;
    if (id.value === TIMECODE_SCALE) scale = readUint(head.subarray(dataAt, dataAt + size.value)) || scale;
    child = dataAt + size.value;
  }

  // Duration is a float, in ticks of the timecode scale.
  const duration = concat([new Uint8Array([0x44, 0x89, 0x88]), float64((durationMs * 1_000_000) / scale)]);
  const newInfoSize =
    writeSize(infoSize.value + duration.length, infoSize.length) ??
    writeSize(infoSize.value + duration.length, infoSize.length + 1);
  if (!newInfoSize) return null;
  const grownBy = duration.length + newInfoSize.length - infoSize.length;

  let newSegmentSize = head.subarray(
    segmentAt + segment.length,
    segmentAt + segment.length + segmentSize.length,
  );
  if (!segmentSize.unknown) {
    const rewritten = writeSize(segmentSize.value + grownBy, segmentSize.length);
    if (!rewritten) return null;
    newSegmentSize = rewritten;
  }
  return concat([
    head.subarray(0, segmentAt + segment.length),
    newSegmentSize,
    head.subarray(segmentAt + segment.length + segmentSize.length, infoAt + infoId.length),
    newInfoSize,
    head.subarray(contentAt, infoEnd),
    duration,
    head.subarray(infoEnd),
  ]);
}

/**
 * The recording with its duration written in, or the recording as it was when its header is
 * not one this can change (the server's review then says the length could not be read).
 */
export async function withWebmDuration(recording: Blob, durationMs: number): Promise<Blob> {
  const headLength = Math.min(HEAD_BYTES, recording.size);
  const head = new Uint8Array(await recording.slice(0, headLength).arrayBuffer());
  const patched = headWithDuration(head, durationMs);
  if (!patched) return recording;
  return new Blob([patched as Uint8Array<ArrayBuffer>, recording.slice(headLength)], {
    type: recording.type,
  });
}
