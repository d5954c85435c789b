import { describe, expect, it } from 'vitest';
import { hubLabelFit, labelGrowth } from './RelationshipMap';

describe('labelGrowth', () => {
  it('keeps a label at 12 px on screen when the map is zoomed out, within its limit', () => {
    expect(labelGrowth(12, 1, 2)).toBe(1);
    expect(labelGrowth(12, 1.5, 2)).toBe(1);
    expect(12 * labelGrowth(12, 0.6, 2) * 0.6).toBeCloseTo(12);
    expect(labelGrowth(12, 0.2, 2)).toBe(2);
    expect(labelGrowth(14, 0, 2)).toBe(1);
  });
});

describe('hubLabelFit', () => {
  it('lets a short label grow more than a long one, breaking after hyphens', () => {
    expect(hubLabelFit('Parent', 14, 112)).toBeGreaterThan(hubLabelFit('Grandparent', 14, 112));
    expect(hubLabelFit('Niece-Nephew', 14, 112)).toBe(hubLabelFit('Nephew', 14, 112));
    // Never below the size the layout drew the hub for.
    expect(hubLabelFit('Other-connection', 40, 112)).toBe(1);
  });
});
