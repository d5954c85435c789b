// Which frame of a video becomes its thumbnail.

/** 10% in, at least 1 s (the first frames are often black), never past the middle. */
export function thumbnailTime(durationSeconds: number | null | undefined): number {
  if (!durationSeconds || durationSeconds <= 0) return 1;
  return Math.min(Math.max(1, durationSeconds * 0.1), durationSeconds / 2);
}
