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
  width: number | null;
  height: number | null;
}

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
  disposition?: { attached_pic?: number };
}

export interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: FfprobeStream[];
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
  };
}

/** The probe, unless it claims a picture no camera makes ('unreadable'). */
export function checkedProbe(probe: VideoProbe): VideoProbe {
  if ((probe.width ?? 0) > MAX_PICTURE_SIDE || (probe.height ?? 0) > MAX_PICTURE_SIDE)
    throw new MediaError('unreadable', `The file claims a ${probe.width}×${probe.height} picture`);
  return probe;
}
