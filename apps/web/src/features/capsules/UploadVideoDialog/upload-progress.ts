// The progress bar's figures (percent, bytes sent, speed and time left), from the
// bytes on storage sampled over time. Pure: the clock is passed in, so tests drive it.

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
  /** Whole percent, rounded down: 100 only when every byte is there. */
  percent: number;
  /** Over the last few seconds; null until there is enough to say. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

interface Sample {
  at: number;
  sent: number;
}

/** How far back the speed looks: long enough to smooth parallel blocks, short enough to follow a change. */
export const SPEED_WINDOW_MS = 5_000;
/** A speed measured over less than this is noise. */
export const MIN_SPEED_SPAN_MS = 750;

export class ProgressMeter {
  private samples: Sample[] = [];

  constructor(
    readonly totalBytes: number,
    private readonly windowMs = SPEED_WINDOW_MS,
  ) {}

  /**
   * Starts (or restarts, after a pause) the speed from `sentBytes` at `at`: bytes already on
   * storage (a resumed upload) count toward the percent, never toward the speed.
   */
  restart(sentBytes: number, at: number): UploadProgress {
    this.samples = [{ at, sent: sentBytes }];
    return this.figures(sentBytes);
  }

  sample(sentBytes: number, at: number): UploadProgress {
    this.samples.push({ at, sent: sentBytes });
    // Keep one sample older than the window, so the span covers the whole window.
    while (this.samples.length > 2 && (this.samples[1] as Sample).at <= at - this.windowMs) {
      this.samples.shift();
    }
    return this.figures(sentBytes);
  }

  private figures(sentBytes: number): UploadProgress {
    const total = this.totalBytes;
    const sent = Math.min(Math.max(sentBytes, 0), total);
    const percent = total === 0 ? 100 : Math.floor((sent / total) * 100);
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    let bytesPerSecond: number | null = null;
    if (first && last && last.at - first.at >= MIN_SPEED_SPAN_MS) {
      bytesPerSecond = Math.max(0, ((last.sent - first.sent) * 1000) / (last.at - first.at));
    }
    const left = total - sent;
    const secondsLeft =
      left === 0 ? 0 : bytesPerSecond && bytesPerSecond > 0 ? Math.ceil(left / bytesPerSecond) : null;
    return { sentBytes: sent, totalBytes: total, percent, bytesPerSecond, secondsLeft };
  }
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 -> '1.5 KB', 1999 MB -> '1.95 GB'; binary units, as the 2000 MB limit counts them. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : unit === UNITS.length - 1 ? 2 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export const formatSpeed = (bytesPerSecond: number | null): string =>
  bytesPerSecond === null ? 'Measuring speed…' : `${formatBytes(bytesPerSecond)}/s`;

/** 75 -> '1 min 15 s left'; 3700 -> '1 h 2 min left'. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null) return 'Estimating time left…';
  if (seconds <= 0) return 'Almost done';
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s left`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${s % 60} s left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
