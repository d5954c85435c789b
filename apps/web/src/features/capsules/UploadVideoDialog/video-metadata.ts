// The video's duration, read in the browser before anything is sent (spec section 5): a
// <video> element loads the metadata of the file's object URL. The server reads it again
// with ffprobe when it reviews the upload; this check only spares a long upload bound to fail.

const METADATA_TIMEOUT_MS = 15_000;

/**
 * Seconds, or a rejection when the browser cannot read the file (not a video it knows, or
 * damaged). A recording without a duration in its header (some WebM) is asked to seek to
 * its end, which makes the browser work the duration out.
 */
export function readVideoDuration(objectUrl: string, timeoutMs = METADATA_TIMEOUT_MS): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      video.onloadedmetadata = null;
      video.ondurationchange = null;
      video.onerror = null;
      video.removeAttribute('src');
      video.load();
      outcome();
    };
    timer = setTimeout(
      () => finish(() => reject(new Error('Reading the video metadata timed out'))),
      timeoutMs,
    );
    video.onerror = () => finish(() => reject(new Error('The browser could not read this video')));
    // Read before finish(): emptying the element resets its duration to NaN.
    const resolveIfKnown = () => {
      const seconds = video.duration;
      if (!Number.isFinite(seconds)) return false;
      finish(() => resolve(seconds));
      return true;
    };
    video.onloadedmetadata = () => {
      if (resolveIfKnown()) return;
      video.ondurationchange = resolveIfKnown;
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.src = objectUrl;
  });
}

/**
 * Makes a player show the length of a recording that states none (a browser's live WebM): the
 * browser works it out once asked to seek to the end, and the player then goes back to the
 * start. Without it the player's bar has no end and cannot seek.
 */
export function revealLength(video: HTMLVideoElement): void {
  if (Number.isFinite(video.duration)) return;
  const back = () => {
    if (!Number.isFinite(video.duration)) return;
    video.removeEventListener('durationchange', back);
    video.currentTime = 0;
  };
  video.addEventListener('durationchange', back);
  video.currentTime = Number.MAX_SAFE_INTEGER;
}
