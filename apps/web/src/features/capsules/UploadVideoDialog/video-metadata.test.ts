import { afterEach, describe, expect, it, vi } from 'vitest';
import { readVideoDuration } from './video-metadata';

/**
 * A stand-in for the browser's <video>: setting src "loads" the metadata on the next tick.
 * Like the real element, emptying it (removeAttribute('src') + load()) resets the duration.
 */
class FakeVideo {
  preload = '';
  muted = false;
  duration = Number.NaN;
  currentTime = 0;
  onloadedmetadata: (() => void) | null = null;
  ondurationchange: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(private readonly behaviour: 'ok' | 'streaming' | 'broken') {}
  set src(_url: string) {
    setTimeout(() => {
      if (this.behaviour === 'broken') return this.onerror?.();
      this.duration = this.behaviour === 'ok' ? 42.5 : Number.POSITIVE_INFINITY;
      this.onloadedmetadata?.();
    });
  }
  removeAttribute() {
    this.duration = Number.NaN;
  }
  load() {}
}

function fakeVideo(behaviour: 'ok' | 'streaming' | 'broken') {
  const video = new FakeVideo(behaviour);
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string) =>
    tag === 'video' ? video : create(tag)) as typeof document.createElement);
  return video;
}

afterEach(() => vi.useRealTimers());

describe('readVideoDuration', () => {
  it('answers the duration the metadata gives, read before the element is emptied', async () => {
    fakeVideo('ok');
    await expect(readVideoDuration('blob:x')).resolves.toBe(42.5);
  });

  it('seeks to the end of a recording without a duration in its header', async () => {
    const video = fakeVideo('streaming');
    const reading = readVideoDuration('blob:x');
    await vi.waitFor(() => expect(video.currentTime).toBe(Number.MAX_SAFE_INTEGER));
    video.duration = 12;
    video.ondurationchange?.();
    await expect(reading).resolves.toBe(12);
  });

  it('fails when the browser cannot read the file, or takes too long', async () => {
    fakeVideo('broken');
    await expect(readVideoDuration('blob:x')).rejects.toThrow('could not read');
    vi.restoreAllMocks();

    vi.useFakeTimers();
    const video = fakeVideo('streaming');
    const reading = readVideoDuration('blob:x', 1000);
    const failed = expect(reading).rejects.toThrow('timed out');
    await vi.advanceTimersByTimeAsync(1001);
    await failed;
    expect(video.onloadedmetadata).toBeNull();
  });
});
