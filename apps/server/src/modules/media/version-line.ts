// What a tool's `-version` line says of its build, and which builds are too old to run without
// a warning.

/** What `-version` says of a build. */
export interface ToolBuild {
  /** Its first line, e.g. 'ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers'. */
  line: string;
  version: string;
  /** The last year of its copyright notice: about when its source was taken. */
  year: number | null;
  /** From before OLDEST_BUILD_YEAR: years of security fixes missing. */
  outdated: boolean;
}

/**
 * Builds older than this are named in a warning. FFmpeg 5.0 came out in January 2022; the npm
 * ffmpeg is from 2018. It is a warning, not a refusal: the npm fallback is what lets a newcomer's
 * `npm install` alone review videos, and production runs the Docker image's Debian build.
 */
export const OLDEST_BUILD_YEAR = 2022;

/** A build as its `-version` first line describes it. */
export function readBuild(line: string): ToolBuild {
  const version = /\bversion (\S+)/.exec(line)?.[1] ?? 'unknown';
  const year = /Copyright \(c\) (?:\d{4}-)?(\d{4})/.exec(line)?.[1];
  return {
    line,
    version,
    year: year ? Number(year) : null,
    outdated: year === undefined || Number(year) < OLDEST_BUILD_YEAR,
  };
}
