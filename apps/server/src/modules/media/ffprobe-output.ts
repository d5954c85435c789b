// What ffprobe's JSON says about a file, in our terms, and the check that refuses a picture no
// camera makes before a thumbnail is tried.
import { MediaError } from './media-error.js';

export interface VideoProbe {
  /** Seconds, or null when the file does not say (some recorders write no duration). */
  durationSeconds: number | null;
  /** A real picture stream: a cover image attached to an audio file does not count. */
  hasVideoStream: boolean;
  /** ffprobe's format name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' or 'matroska,webm'. */
  container: string;
  videoCodec: string | null;
  /** The stored picture's size, before any display rotation. */
  width: number | null;
  height: number | null;
  /** The clockwise turn a player applies to show it upright: 0, 90, 180 or 270. */
  rotation: 0 | 90 | 180 | 270;
  /** The average frame rate, or null when the file does not say. */
  frameRate: number | null;
  /** The picture is HDR: the PQ (HDR10, Dolby Vision's base) or HLG transfer. */
  hdr: boolean;
  /** The first sound stream's codec, or null: a video without sound. */
  audioCodec: string | null;
  /** The file's size in bytes as the container reports it, or null. */
  sizeBytes: number | null;
}

/** The transfer characteristics of HDR video, as ffprobe names them. */
const HDR_TRANSFERS = new Set(['smpte2084', 'arib-std-b67']);

/**
 * Larger than any camera records (8K is 7680×4320; H.264 and HEVC stop at 8192): a file that
 * claims more is crafted or broken, and no thumbnail is tried.
 */
export const MAX_PICTURE_SIDE = 16_384;

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  color_transfer?: string;
  disposition?: { attached_pic?: number };
  /** A display matrix's rotation, in degrees counter-clockwise (ffprobe's sign). */
  side_data_list?: Array<{ rotation?: number }>;
}

export interface FfprobeOutput {
  format?: { format_name?: string; duration?: string; size?: string };
  streams?: FfprobeStream[];
}

/** ffprobe's '30000/1001' as a number; null for '0/0' or nonsense. */
function rateOf(value: string | undefined): number | null {
  const [numerator, denominator] = (value ?? '').split('/').map(Number);
  if (!numerator || !denominator || !Number.isFinite(numerator / denominator)) return null;
  return numerator / denominator;
}

/** The clockwise turn to show the picture upright, from ffprobe's counter-clockwise degrees. */
function rotationOf(stream: FfprobeStream | undefined): VideoProbe['rotation'] {
  const degrees = stream?.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ?? 0;
  const clockwise = (((-Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return clockwise as VideoProbe['rotation'];
}

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? n : null;
};

/** What ffprobe's JSON says about the file, in our terms. */
export function readProbe(output: FfprobeOutput): VideoProbe {
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const streamSeconds = streams.map((s) => seconds(s.duration)).filter((s) => s !== null);
  return {
    durationSeconds:
      seconds(output.format?.duration) ?? (streamSeconds.length > 0 ? Math.max(...streamSeconds) : null),
    hasVideoStream: video !== undefined,
    container: output.format?.format_name ?? 'unknown',
    videoCodec: video?.codec_name ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    rotation: rotationOf(video),
    frameRate: rateOf(video?.avg_frame_rate),
    hdr: HDR_TRANSFERS.has(video?.color_transfer ?? ''),
    audioCodec: streams.find((s) => s.codec_type === 'audio')?.codec_name ?? null,
    sizeBytes: seconds(output.format?.size),
  };
}

/** The probe, unless it claims a picture no camera makes ('unreadable'). */
export function checkedProbe(probe: VideoProbe): VideoProbe {
  if ((probe.width ?? 0) > MAX_PICTURE_SIDE || (probe.height ?? 0) > MAX_PICTURE_SIDE)
    throw new MediaError('unreadable', `The file claims a ${probe.width}×${probe.height} picture`);
  return probe;
}
