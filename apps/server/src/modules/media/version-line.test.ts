import { describe, expect, it } from 'vitest';
import { OLDEST_BUILD_YEAR, readBuild } from './version-line.js';

describe('readBuild', () => {
  it("reads a distribution's build: its version and the year of its copyright notice", () => {
    const build = readBuild('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers');
    expect(build).toMatchObject({ version: '5.1.9-0+deb12u1', year: 2026, outdated: false });
  });

  it("calls the npm packages' 2018 ffmpeg outdated, and their 2023 ffprobe not", () => {
    const ffmpeg = readBuild(
      'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers',
    );
    expect(ffmpeg).toMatchObject({ version: 'N-47683-g0e8eb07980-static', year: 2018, outdated: true });
    const ffprobe = readBuild(
      'ffprobe version N-66595-gc2b38619c0-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2007-2023 the FFmpeg developers',
    );
    expect(ffprobe).toMatchObject({ year: 2023, outdated: false });
    expect(OLDEST_BUILD_YEAR).toBeGreaterThan(2018);
  });

  it('calls a build that does not say its year outdated', () => {
    expect(readBuild('something else entirely')).toMatchObject({
      version: 'unknown',
      year: null,
      outdated: true,
    });
  });
});
