import { RELATIONSHIP_DETAILS, RELATIONSHIP_TYPES } from '@capsule/domain';
import { describe, expect, it } from 'vitest';
import { colorHex, detailColor, typeColor } from './relationship-colors';

// Red, orange and yellow mean an error or a pending step elsewhere in the portal.
const ALARMING = /^(red|orange|yellow|pink)(\.|$)/;

describe('relationship colours', () => {
  it('gives each relationship type its own calm colour', () => {
    const colours = RELATIONSHIP_TYPES.map((type) => typeColor(type));
    expect(new Set(colours).size).toBe(RELATIONSHIP_TYPES.length);
    for (const colour of colours) expect(colour).not.toMatch(ALARMING);
    expect(typeColor('family')).toBe(typeColor('Family'));
    expect(typeColor(null)).toBe('gray');
  });

  it('tells every detail of a type apart, never in an alarming colour', () => {
    for (const type of RELATIONSHIP_TYPES) {
      const colours = RELATIONSHIP_DETAILS[type].map((detail) => detailColor(type, detail));
      expect(new Set(colours).size).toBe(colours.length);
      for (const colour of colours) expect(colour).not.toMatch(ALARMING);
      expect(new Set(colours.map((colour) => colorHex(colour))).size).toBe(colours.length);
    }
    expect(detailColor('Family', 'Best-Friend')).toBe('gray');
  });

  it('reads a colour with or without its shade', () => {
    expect(colorHex('teal.7')).toBe(colorHex('teal', 7));
    expect(colorHex('teal')).toBe(colorHex('teal', 6));
    expect(colorHex('no-such-colour')).toBe(colorHex('gray'));
  });
});
