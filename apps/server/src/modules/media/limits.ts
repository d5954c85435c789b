import type { ToolLimits } from './run-tool.js';

// The limits each ffprobe and ffmpeg run gets besides its wall-clock limit. Measured on
// 1080p, 4K (H.264, HEVC 8- and 10-bit, VP9) and 8K HEVC videos with Debian 12's ffmpeg 5.1
// and the npm builds (docs/decisions/026-media-tools-sandboxed.md): a thumbnail needed at
// most 701 MB of address space (8K HEVC; 4K: 454 MB) and 2.3 s of CPU, a probe 263 MB and
// well under a second.

/**
 * Address space of one run. Debian's build maps about 260 MB of shared libraries before it
 * reads a byte, so the cap is on top of that; 1 GiB leaves 8K room and 4K twice what it needs.
 */
export const TOOL_MEMORY_BYTES = 1024 * 2 ** 20;

/** A probe reads headers and decodes a frame or two: 10 s of CPU is forty times what one needs. */
export const PROBE_LIMITS: ToolLimits = { cpuSeconds: 10, memoryBytes: TOOL_MEMORY_BYTES };

/**
 * A thumbnail decodes from the keyframe before its point: a few dozen frames of a normal video.
 * 30 s of CPU is half its wall-clock limit, so a file that makes it decode far more (one
 * keyframe for minutes of 8K, say) ends at the CPU limit, as a verdict, before the wall clock
 * would call it a timeout.
 */
export const THUMBNAIL_LIMITS: ToolLimits = { cpuSeconds: 30, memoryBytes: TOOL_MEMORY_BYTES };

/** `-version`: nothing to parse, seconds to spare. */
export const VERSION_LIMITS: ToolLimits = { cpuSeconds: 5, memoryBytes: TOOL_MEMORY_BYTES };

/**
 * One thread to decode, filter and encode. One frame gains nothing from more, and with the
 * default (one per core, and more) the memory a run needs would grow with the server's cores
 * (a 4K thumbnail: 557 MB of address space on 2 cores, 310 MB with one thread).
 */
export const ONE_THREAD = ['-threads', '1'] as const;

/**
 * A rendition decodes and encodes the whole video: its CPU time grows with the length. Twenty
 * CPU seconds per second of video is several times what a 4K HDR input needs on a slow core,
 * and at least ten minutes whatever the file says its length is (a file without a duration).
 * Its address space: x264's lookahead and two threads, and for HDR the floating-point frames
 * of the tone mapping, on top of a 4K decoder's.
 */
export function renditionLimits(durationSeconds: number | null): ToolLimits {
  return {
    cpuSeconds: Math.max(600, Math.ceil((durationSeconds ?? 0) * 20)),
    memoryBytes: 2048 * 2 ** 20,
  };
}
