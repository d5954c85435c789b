import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGES, defaultImageOf } from './default-image';

describe('default picture of a received capsule', () => {
  it('is chosen by capsule type first, in any spelling', () => {
    expect(defaultImageOf('Graduation', 'View_Any_Time')).toBe('graduation');
    expect(defaultImageOf('wedding', 'Milestone_Date')).toBe('wedding');
    expect(defaultImageOf('Family', 'Document_Validation')).toBe('family');
    expect(defaultImageOf('First Born', 'View_Any_Time')).toBe('firstBorn');
    expect(defaultImageOf('first_born', null)).toBe('firstBorn');
    expect(defaultImageOf('Retirement', 'Premium_Verification')).toBe('retirement');
  });

  it('falls back to the criteria (milestone, document, view), then to the capsule', () => {
    expect(defaultImageOf('Wake', 'Milestone_Date')).toBe('milestone');
    expect(defaultImageOf('Honeymoon', 'Document_Validation')).toBe('document');
    expect(defaultImageOf(null, 'Premium_Verification')).toBe('document');
    expect(defaultImageOf(null, 'View_Any_Time')).toBe('view');
    expect(defaultImageOf(null, 'Something else')).toBe('capsule');
    expect(defaultImageOf(null, null)).toBe('capsule');
  });

  it('ships a different picture for each', () => {
    const urls = Object.values(DEFAULT_IMAGES);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url).toMatch(/svg/);
  });
});
