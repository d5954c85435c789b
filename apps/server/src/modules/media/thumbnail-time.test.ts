import { describe, expect, it } from 'vitest';
import { thumbnailTime } from './thumbnail-time.js';

describe('thumbnailTime', () => {
  it('is 10% in, at least 1 s, never past the middle; 1 s when the length is unknown', () => {
    expect(thumbnailTime(300)).toBe(30);
    expect(thumbnailTime(3)).toBe(1);
    expect(thumbnailTime(1)).toBe(0.5);
    expect(thumbnailTime(null)).toBe(1);
  });
});
