import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import yauzl from 'yauzl';

// Real media files for the browser tests, made by ffmpeg from its test sources (never
// downloaded): what a sender uploads and what a recipient photographs.

/** ffmpeg from the system, else the one the server's npm dependency ships. */
function ffmpegPath(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
  } catch {
    return createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path as string;
  }
}

const ffmpeg = (args: string[]) => execFileSync(ffmpegPath(), ['-v', 'error', '-nostdin', '-y', ...args]);

/**
 * An MP4 (H.264 and AAC) of ffmpeg's test card with a tone, `seconds` long, in `dir`. A
 * `bitrate` ('12M') makes it as large as that rate gives; by default it is small and quick.
 */
export function makeVideo(
  dir: string,
  name: string,
  {
    seconds = 6,
    size = '640x360',
    rate = 25,
    bitrate,
  }: { seconds?: number; size?: string; rate?: number; bitrate?: string } = {},
): string {
  const file = path.join(dir, name);
  ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=${rate}:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(bitrate ? ['-b:v', bitrate, '-maxrate', bitrate, '-bufsize', bitrate] : []),
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

/** A PNG of ffmpeg's test pattern: the 'document' a recipient photographs. */
export function makePng(dir: string, name: string): string {
  const file = path.join(dir, name);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=800x600', '-frames:v', '1', '-update', '1', file]);
  return file;
}

/** Unpacks a ZIP (yauzl) into `dir`; answers the names of its files, in archive order. */
export function extractZip(zipPath: string, dir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        const target = path.join(dir, entry.fileName);
        if (!target.startsWith(path.resolve(dir) + path.sep))
          return reject(new Error(`unsafe name ${entry.fileName}`));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          mkdirSync(path.dirname(target), { recursive: true });
          stream.pipe(createWriteStream(target)).on('finish', () => {
            names.push(entry.fileName);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
