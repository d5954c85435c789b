import { ffmpegSteps, type TestFile } from './test-videos.js';

// Videos as cameras and browsers write them, made with ffmpeg's test sources in the test (never
// downloaded): the inputs a playback rendition must turn into what every browser plays.

export type CameraVideo =
  | 'h264-mp4'
  | 'hevc-mov-rotated'
  | 'vp9-opus-webm'
  | 'vp8-webm'
  | 'hdr-hevc-10bit'
  | 'variable-frame-rate'
  | 'portrait-1440p'
  | 'no-audio';

const SECONDS = 2;
const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`];
const card = (size: string, rate = 30) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}:duration=${SECONDS}`,
];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const hevc = ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'];
const aac = ['-c:a', 'aac'];
const opus = ['-c:a', 'libopus'];

/** ffmpeg steps (each writes the file named last) and the file's extension and type. */
const RECIPES: Record<
  CameraVideo,
  { ext: string; type: string; steps: Array<(previous: string) => string[]> }
> = {
  'h264-mp4': {
    ext: 'mp4',
    type: 'video/mp4',
    steps: [() => [...card('1280x720', 25), ...tone, ...h264, ...aac]],
  },
  // A phone held upright: the picture stored landscape, with a 90° display rotation beside it.
  'hevc-mov-rotated': {
    ext: 'mov',
    type: 'video/quicktime',
    steps: [
      () => [...card('640x360'), ...tone, ...hevc, '-pix_fmt', 'yuv420p', ...aac],
      (stored) => ['-i', stored, '-c', 'copy', '-metadata:s:v:0', 'rotate=90'],
    ],
  },
  // What Chrome's MediaRecorder makes.
  'vp9-opus-webm': {
    ext: 'webm',
    type: 'video/webm',
    steps: [
      () => [
        ...card('640x360'),
        ...tone,
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-b:v',
        '300k',
        ...opus,
      ],
    ],
  },
  'vp8-webm': {
    ext: 'webm',
    type: 'video/webm',
    steps: [
      () => [...card('640x360'), ...tone, '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k', ...opus],
    ],
  },
  // HDR10 as recent phones record it: 10-bit HEVC, BT.2020 primaries, the PQ transfer.
  'hdr-hevc-10bit': {
    ext: 'mov',
    type: 'video/quicktime',
    steps: [
      () => [
        ...card('1920x1080', 24),
        ...tone,
        ...hevc.slice(0, -2),
        '-x265-params',
        'log-level=error:hdr10=1:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:max-cll=1000,400',
        '-pix_fmt',
        'yuv420p10le',
        '-color_primaries',
        'bt2020',
        '-color_trc',
        'smpte2084',
        '-colorspace',
        'bt2020nc',
        ...aac,
      ],
    ],
  },
  // Frames 1/30 s apart for the first second, then 1/15 s: a phone's variable rate.
  'variable-frame-rate': {
    ext: 'mp4',
    type: 'video/mp4',
    steps: [
      () => [
        ...card('640x360'),
        ...tone,
        '-vf',
        "setpts='if(lt(N,30),N/30,1+(N-30)/15)/TB'",
        '-fps_mode',
        'vfr',
        '-shortest',
        ...h264,
        ...aac,
      ],
    ],
  },
  'portrait-1440p': {
    ext: 'mp4',
    type: 'video/mp4',
    steps: [() => [...card('1440x2560'), ...tone, ...h264, ...aac]],
  },
  'no-audio': { ext: 'mp4', type: 'video/mp4', steps: [() => [...card('640x360'), ...h264]] },
};

/** A two-second video of that kind. */
export async function makeCameraVideo(kind: CameraVideo): Promise<TestFile> {
  const recipe = RECIPES[kind];
  return { bytes: await ffmpegSteps(recipe.ext, recipe.steps), contentType: recipe.type };
}

/**
 * A recording as a browser's MediaRecorder writes it: VP9 and Opus in a WebM that states no
 * length (written as a live stream, without the index a file gets once finished).
 */
export async function makeBrowserRecording(seconds: number, size = '320x240'): Promise<TestFile> {
  const bytes = await ffmpegSteps('webm', [
    () => [
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=30:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-b:v',
      '200k',
      '-c:a',
      'libopus',
      '-live',
      '1',
    ],
  ]);
  return { bytes, contentType: 'video/webm' };
}
