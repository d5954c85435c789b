/**
 * Why a probe or a thumbnail failed: `unreadable` (not a video ffmpeg can read, or storage
 * refused the URL), `timeout` (killed at its time limit), `tool-missing` (no usable binary).
 * Messages never carry the URL: a SAS in a log is a key in a log.
 */
type MediaFailure = 'unreadable' | 'timeout' | 'tool-missing';

export class MediaError extends Error {
  constructor(
    readonly reason: MediaFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
