import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { locateTool } from '../../src/modules/media/index.js';
import { runTool } from '../../src/modules/media/run-tool.js';

// Hostile uploads for crafted-files.int.test.ts, made in the test: text files a demuxer would
// follow (an HLS playlist, an ffconcat list), MP4s edited box by box from a real one (a data
// reference to another file, a picture size no camera makes, a cut index, garbage frames) and
// a real video of a million frames. Nothing is downloaded or kept in the repository.

// ---------------------------------------------------------------------------------------------
// MP4 boxes: a box is a 32-bit size, a four-letter type and its body. Container boxes hold
// boxes after a fixed header of their own.

/** Where the child boxes start in the container boxes edited here. */
const CHILDREN_AT: Record<string, number> = {
  moov: 8,
  trak: 8,
  mdia: 8,
  minf: 8,
  dinf: 8,
  stbl: 8,
  // Full boxes with an entry count: version and flags, then the count.
  stsd: 16,
  dref: 16,
  // The visual sample entry: 78 bytes of fields (sizes, resolution, depth) before avcC.
  avc1: 86,
};

const typeAt = (bytes: Buffer, at: number) => bytes.toString('latin1', at + 4, at + 8);

/** The top-level boxes of a file: type, offset and size. */
export function topBoxes(file: Buffer): Array<{ type: string; at: number; size: number }> {
  const boxes: Array<{ type: string; at: number; size: number }> = [];
  for (let at = 0; at + 8 <= file.length; ) {
    const size = file.readUInt32BE(at);
    if (size < 8) throw new Error(`A box of ${size} bytes at ${at}`);
    boxes.push({ type: typeAt(file, at), at, size });
    at += size;
  }
  return boxes;
}

/**
 * The boxes of `region` with the first box along `boxPath` replaced by what `change` makes of
 * it, every box on the way resized. Used on files whose index (moov) comes after the frames
 * (ffmpeg's default), so no chunk offset moves.
 */
export function editBox(region: Buffer, boxPath: readonly string[], change: (box: Buffer) => Buffer): Buffer {
  const [type, ...rest] = boxPath;
  const parts: Buffer[] = [];
  let found = false;
  let at = 0;
  while (at + 8 <= region.length) {
    const size = region.readUInt32BE(at);
    const box = region.subarray(at, at + size);
    if (!found && typeAt(region, at) === type) {
      found = true;
      const head = CHILDREN_AT[type] ?? 8;
      const next =
        rest.length === 0
          ? change(box)
          : Buffer.concat([box.subarray(0, head), editBox(box.subarray(head), rest, change)]);
      next.writeUInt32BE(next.length, 0);
      parts.push(next);
    } else parts.push(box);
    at += size;
  }
  if (!found) throw new Error(`No '${type}' box`);
  parts.push(region.subarray(at));
  return Buffer.concat(parts);
}

/** A box of that type and body. */
const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/**
 * A data reference ('dref') whose one entry is a Macintosh alias ('alis') to `target`: the
 * QuickTime way of keeping a track's frames in another file. FFmpeg's mov demuxer reads the
 * alias's absolute-path record (type 18) and would open it with its `enable_drefs` option.
 */
export function aliasDref(target: string): Buffer {
  const fixed = Buffer.alloc(150);
  // volume name (a length byte, then 27 bytes), at 10; file name (a length byte, then 63), at 50.
  fixed.writeUInt8(4, 10);
  fixed.write('Disk', 11, 'latin1');
  const name = path.basename(target).slice(0, 63);
  fixed.writeUInt8(name.length, 50);
  fixed.write(name, 51, 'latin1');
  const pathBytes = Buffer.from(target, 'latin1');
  const padded = Buffer.concat([pathBytes, Buffer.alloc(pathBytes.length % 2)]);
  const record = Buffer.alloc(4);
  record.writeUInt16BE(18, 0);
  record.writeUInt16BE(pathBytes.length, 2);
  const end = Buffer.from([0xff, 0xff, 0, 0]);
  const alis = box('alis', Buffer.concat([Buffer.alloc(4), fixed, record, padded, end]));
  const count = Buffer.alloc(8);
  count.writeUInt32BE(1, 4);
  return box('dref', Buffer.concat([count, alis]));
}

// ---------------------------------------------------------------------------------------------
// H.264 sequence parameter set: the picture size is two Exp-Golomb numbers in a bit string
// behind emulation-prevention bytes.

const withoutEmulationBytes = (nal: Buffer) => {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out;
};

const withEmulationBytes = (rbsp: number[]) => {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
};

const toBits = (bytes: number[]) => bytes.flatMap((b) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (b >> i) & 1));
const expGolomb = (value: number) => {
  const code = (value + 1).toString(2);
  return [...'0'.repeat(code.length - 1), ...code].map(Number);
};

/** The SPS NAL (with its header byte) claiming a `width` × `height` picture (multiples of 16). */
export function spsWithSize(sps: Buffer, width: number, height: number): Buffer {
  const bits = toBits(withoutEmulationBytes(sps));
  let at = 8 + 24; // the NAL header, then profile, constraints and level
  const profile = sps[1]!;
  const skipUe = () => {
    let zeros = 0;
    while (bits[at] === 0) {
      zeros++;
      at++;
    }
    at += zeros + 1;
  };
  const flag = () => bits[at++]!;
  skipUe(); // seq_parameter_set_id
  if ([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].includes(profile)) {
    const chromaStart = at;
    skipUe();
    const chroma = Number.parseInt(bits.slice(chromaStart, at).join(''), 2) - 1;
    if (chroma === 3) flag();
    skipUe();
    skipUe();
    flag();
    if (flag()) throw new Error('An SPS with scaling lists is not edited here');
  }
  skipUe(); // log2_max_frame_num_minus4
  const pocStart = at;
  skipUe();
  const pocType = Number.parseInt(bits.slice(pocStart, at).join(''), 2) - 1;
  if (pocType === 0) skipUe();
  else if (pocType === 1) throw new Error('An SPS with picture order type 1 is not edited here');
  skipUe(); // max_num_ref_frames
  flag(); // gaps_in_frame_num_value_allowed_flag
  const sizeStart = at;
  skipUe();
  skipUe();
  const rest = bits.slice(at, bits.lastIndexOf(1) + 1); // up to and with the stop bit
  const edited = [
    ...bits.slice(0, sizeStart),
    ...expGolomb(width / 16 - 1),
    ...expGolomb(height / 16 - 1),
    ...rest,
  ];
  while (edited.length % 8 !== 0) edited.push(0);
  const bytes: number[] = [];
  for (let i = 0; i < edited.length; i += 8) bytes.push(Number.parseInt(edited.slice(i, i + 8).join(''), 2));
  return withEmulationBytes(bytes);
}

/** The avcC box with its (first) SPS claiming that size. */
function avcCWithSize(avcC: Buffer, width: number, height: number): Buffer {
  // avcC: box header, version, profile, compatibility, level, NAL length size, SPS count, then
  // each SPS as a 16-bit length and the NAL.
  const spsLength = avcC.readUInt16BE(14);
  const sps = avcC.subarray(16, 16 + spsLength);
  const edited = spsWithSize(sps, width, height);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(edited.length, 0);
  return Buffer.concat([avcC.subarray(0, 14), length, edited, avcC.subarray(16 + spsLength)]);
}

// ---------------------------------------------------------------------------------------------
// The files.

const TRACK = ['moov', 'trak'];
const MEDIA_INFO = [...TRACK, 'mdia', 'minf'];
const SAMPLE_ENTRY = [...MEDIA_INFO, 'stbl', 'stsd', 'avc1'];

/** An H.264 MP4 (index at the end) whose SPS, sample entry and track header claim a huge picture. */
export function hugePicture(mp4: Buffer, side: number): Buffer {
  let file = editBox(mp4, [...SAMPLE_ENTRY, 'avcC'], (avcC) => avcCWithSize(avcC, side, side));
  // The container's own fields stop at 65535: set to that.
  const container = Math.min(side, 0xffff);
  file = editBox(file, SAMPLE_ENTRY, (entry) => {
    const copy = Buffer.from(entry);
    copy.writeUInt16BE(container, 32);
    copy.writeUInt16BE(container, 34);
    return copy;
  });
  return editBox(file, [...TRACK, 'tkhd'], (tkhd) => {
    const copy = Buffer.from(tkhd);
    // Version 0: the 16.16 width and height end the box.
    copy.writeUInt32BE(container * 0x10000, copy.length - 8);
    copy.writeUInt32BE(container * 0x10000, copy.length - 4);
    return copy;
  });
}

/** An MP4 whose track's frames are, by its data reference, in another file (`target`). */
export function externalFrames(mp4: Buffer, target: string): Buffer {
  return editBox(mp4, [...MEDIA_INFO, 'dinf', 'dref'], () => aliasDref(target));
}

/** The MP4 cut in the middle of its index (moov, at the end). */
export function cutIndex(mp4: Buffer): Buffer {
  const moov = topBoxes(mp4).find((b) => b.type === 'moov');
  if (!moov) throw new Error('No moov');
  return mp4.subarray(0, moov.at + Math.floor(moov.size / 2));
}

/** The MP4 with a valid header and index over frames of random bytes. */
export function garbageFrames(mp4: Buffer): Buffer {
  const mdat = topBoxes(mp4).find((b) => b.type === 'mdat');
  if (!mdat) throw new Error('No mdat');
  const copy = Buffer.from(mp4);
  randomBytes(mdat.size - 8).copy(copy, mdat.at + 8);
  return copy;
}

/** An HLS playlist (a text file) whose segments are a local file and another server's URL. */
export const hlsPlaylist = (otherUrl: string, localPath: string) =>
  Buffer.from(
    [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:10',
      '#EXTINF:10,',
      `${otherUrl}/segment0.ts`,
      '#EXTINF:10,',
      `file://${localPath}`,
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
  );

/** An ffconcat list naming a local file and another server's video. */
export const concatList = (otherUrl: string, localPath: string) =>
  Buffer.from(`ffconcat version 1.0\nfile 'file:${localPath}'\nfile '${otherUrl}/other.mp4'\n`);

/** A real H.264 MP4 of a million 16×16 frames (1000 s at 1000 fps) with one keyframe: a few seconds to make. */
export async function millionFrames(): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'capsule-crafted-'));
  try {
    const file = path.join(dir, 'million.mp4');
    const ffmpeg = (await locateTool('ffmpeg')).path;
    const args = ['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=16x16:r=1000'];
    const codec = [
      '-t',
      '1000',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-x264-params',
      'keyint=infinite',
    ];
    await runTool(ffmpeg, [...args, ...codec, file], { timeoutMs: 120_000, maxStdoutBytes: 1 << 20 });
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
