import { z } from 'zod';

// What a capsule's video is: the original the sender uploaded (kept unchanged, the master) and
// the playback rendition made from it, which every browser plays. Capsule Details shows both.

export const mediaFactsSchema = z.object({
  /** ffprobe's codec name: 'h264', 'hevc', 'vp9'. */
  codec: z.string(),
  /** The picture as shown, upright (a phone's rotation applied). */
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  durationSeconds: z.number().nonnegative().nullable(),
  sizeBytes: z.number().nonnegative().nullable(),
  /** The sound's codec, or null: a video without sound. */
  audioCodec: z.string().nullable(),
  /** HDR (PQ or HLG): the rendition is tone-mapped to SDR. */
  hdr: z.boolean(),
});

export type MediaFacts = z.infer<typeof mediaFactsSchema>;

const CODEC_NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'HEVC',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  prores: 'ProRes',
  aac: 'AAC',
  opus: 'Opus',
  mp3: 'MP3',
  vorbis: 'Vorbis',
};

/** A codec as people know it: 'hevc' → 'HEVC'. */
export const codecName = (codec: string) => CODEC_NAMES[codec] ?? codec.toUpperCase();

/** A length as m:ss (h:mm:ss from an hour). */
export function clockLength(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A size in MB or GB, one decimal below 10. */
export function byteSize(bytes: number): string {
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'GB'] : [bytes / 1e6, 'MB'];
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}

/** One line of Capsule Details: 'HEVC, HDR · 3840×2160 · 2:05 · 48 MB · AAC sound'. */
export function mediaFactsLine(facts: MediaFacts): string {
  return [
    `${codecName(facts.codec)}${facts.hdr ? ', HDR' : ''}`,
    `${facts.width}×${facts.height}`,
    ...(facts.durationSeconds === null ? [] : [clockLength(facts.durationSeconds)]),
    ...(facts.sizeBytes === null ? [] : [byteSize(facts.sizeBytes)]),
    facts.audioCodec ? `${codecName(facts.audioCodec)} sound` : 'no sound',
  ].join(' · ');
}
