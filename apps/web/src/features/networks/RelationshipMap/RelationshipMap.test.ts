import { describe, expect, it } from 'vitest';
import { circleLabelFit, labelGrowth } from './RelationshipMap';

describe('labelGrowth', () => {
  it('keeps a label at 12 px on screen when the map is zoomed out, within its limit', () => {
    expect(labelGrowth(12, 1, 2)).toBe(1);
    expect(labelGrowth(12, 1.5, 2)).toBe(1);
    expect(12 * labelGrowth(12, 0.6, 2) * 0.6).toBeCloseTo(12);
    expect(labelGrowth(12, 0.2, 2)).toBe(2);
    expect(labelGrowth(14, 0, 2)).toBe(1);
  });
});

describe('circleLabelFit', () => {
  it('lets a short label grow more than a long one, breaking after hyphens and at spaces', () => {
    expect(circleLabelFit('Parent', 14, 104)).toBeGreaterThan(circleLabelFit('Grandparent', 14, 104));
    expect(circleLabelFit('Niece-Nephew', 14, 104)).toBe(circleLabelFit('Nephew', 14, 104));
    expect(circleLabelFit('Ada Lovelace', 12, 104)).toBe(circleLabelFit('Lovelace', 12, 104));
    expect(circleLabelFit('Parent', 14, 104)).toBeCloseTo(104 / (0.64 * 14 * 6));
    // Never below the size the layout drew the circle for.
    expect(circleLabelFit('Other-connection', 40, 104)).toBe(1);
  });
});
