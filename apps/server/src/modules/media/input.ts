import { MediaError } from './media-error.js';

// How ffprobe and ffmpeg may open a capsule video. The file is the uploader's: a crafted one
// could ask the demuxer to open other inputs (a playlist, a reference to a local file), so
// only network reads and only the two video demuxers are allowed.

const PROTOCOLS = 'http,https,tcp,tls';
/** 'mov' is the demuxer of MP4 and QuickTime; 'matroska' of Matroska and WebM. */
const DEMUXERS = 'mov,matroska';

/** The input options and the URL (a read SAS); anything but http(s) is refused. */
export function videoInput(url: string): string[] {
  if (!/^https?:\/\//i.test(url)) throw new MediaError('unreadable', 'A video is read over http(s) only');
  return ['-protocol_whitelist', PROTOCOLS, '-format_whitelist', DEMUXERS, '-i', url];
}
