import { describe, expect, it } from 'vitest';
import { formatBytes, formatSpeed, formatTimeLeft, ProgressMeter } from './upload-progress';

const MB = 1024 * 1024;

describe('ProgressMeter', () => {
  it('gives whole percent rounded down, 100 only when every byte is there', () => {
    const meter = new ProgressMeter(100 * MB);
    expect(meter.restart(0, 0).percent).toBe(0);
    expect(meter.sample(99.9 * MB, 10).percent).toBe(99);
    expect(meter.sample(100 * MB, 20).percent).toBe(100);
  });

  it('measures speed over the last seconds and derives the time left', () => {
    const meter = new ProgressMeter(100 * MB);
    meter.restart(0, 0);
    // Too early to tell.
    expect(meter.sample(1 * MB, 500)).toMatchObject({ bytesPerSecond: null, secondsLeft: null });
    const at2s = meter.sample(4 * MB, 2000);
    expect(at2s.bytesPerSecond).toBe(2 * MB);
    expect(at2s.secondsLeft).toBe(48);
    expect(at2s.sentBytes).toBe(4 * MB);
  });

  it('follows a change of speed: samples older than the window are dropped', () => {
    const meter = new ProgressMeter(1000 * MB, 5000);
    meter.restart(0, 0);
    for (let t = 1000; t <= 10_000; t += 1000) meter.sample((t / 1000) * 10 * MB, t); // 10 MB/s
    let last = meter.sample(100 * MB, 10_000);
    for (let t = 11_000; t <= 20_000; t += 1000)
      last = meter.sample(100 * MB + ((t - 10_000) / 1000) * MB, t); // 1 MB/s
    expect(last.bytesPerSecond).toBe(1 * MB);
  });

  it('counts bytes a resumed upload found on storage toward the percent, never the speed', () => {
    const meter = new ProgressMeter(100 * MB);
    const resumed = meter.restart(60 * MB, 0);
    expect(resumed).toMatchObject({ percent: 60, bytesPerSecond: null });
    expect(meter.sample(62 * MB, 1000)).toMatchObject({
      percent: 62,
      bytesPerSecond: 2 * MB,
      secondsLeft: 19,
    });
  });

  it('says 0 s left when done and never reports more than the total', () => {
    const meter = new ProgressMeter(10);
    meter.restart(0, 0);
    expect(meter.sample(12, 1000)).toMatchObject({ sentBytes: 10, percent: 100, secondsLeft: 0 });
  });
});

describe('formatting', () => {
  it('words bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(8 * MB)).toBe('8.0 MB');
    expect(formatBytes(1999 * MB)).toBe('1.95 GB');
    expect(formatBytes(150 * MB)).toBe('150 MB');
  });

  it('words speed and time left', () => {
    expect(formatSpeed(null)).toBe('Measuring speed…');
    expect(formatSpeed(2.5 * MB)).toBe('2.5 MB/s');
    expect(formatTimeLeft(null)).toBe('Estimating time left…');
    expect(formatTimeLeft(0)).toBe('Almost done');
    expect(formatTimeLeft(42)).toBe('42 s left');
    expect(formatTimeLeft(75)).toBe('1 min 15 s left');
    expect(formatTimeLeft(3720)).toBe('1 h 2 min left');
  });
});
