import { describe, expect, it } from 'vitest';
import { capsulesOutsideTilesText } from './capsule-list.js';

const none = { inProgress: 0, needsReview: 0, markedForDeletion: 0, other: 0 };

describe('capsulesOutsideTilesText', () => {
  it('says nothing when the status tiles show every capsule', () => {
    expect(capsulesOutsideTilesText(none)).toBeNull();
  });
  it('names each group the tiles leave out, in one sentence', () => {
    expect(capsulesOutsideTilesText({ ...none, inProgress: 1 })).toBe(
      'Total includes 1 capsule being uploaded or reviewed.',
    );
    expect(capsulesOutsideTilesText({ ...none, inProgress: 2, markedForDeletion: 1 })).toBe(
      'Total includes 2 capsules being uploaded or reviewed and 1 capsule marked for deletion.',
    );
    expect(capsulesOutsideTilesText({ inProgress: 1, needsReview: 1, markedForDeletion: 3, other: 1 })).toBe(
      'Total includes 1 capsule being uploaded or reviewed, 1 capsule whose video needs a new upload, 3 capsules marked for deletion and 1 capsule processed.',
    );
  });
});
