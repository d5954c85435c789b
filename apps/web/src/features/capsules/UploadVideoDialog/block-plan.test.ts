import { UPLOAD_BLOCK_SIZE } from '@capsule/domain';
import { describe, expect, it } from 'vitest';
import { alreadyStaged, blockId, MAX_BLOCKS, missingBlocks, planBlocks } from './block-plan';

const MB = 1024 * 1024;

describe('block ids', () => {
  it('are base64 of a fixed-width index, the same length for every block', () => {
    expect(blockId(0)).toBe(btoa('block-000000'));
    expect(atob(blockId(249))).toBe('block-000249');
    const lengths = new Set([0, 1, 9, 10, 249, 9_999, MAX_BLOCKS - 1].map((i) => blockId(i).length));
    expect([...lengths]).toEqual([16]);
  });

  it('are the same on every computation (a reloaded page finds them again)', () => {
    expect(planBlocks(20 * MB, UPLOAD_BLOCK_SIZE).map((b) => b.id)).toEqual(
      planBlocks(20 * MB, UPLOAD_BLOCK_SIZE).map((b) => b.id),
    );
  });

  it.each([-1, 1.5, MAX_BLOCKS])('refuses the index %s', (index) => {
    expect(() => blockId(index)).toThrow(RangeError);
  });
});

describe('planBlocks', () => {
  it('cuts 20 MiB into two 8 MiB blocks and a 4 MiB remainder', () => {
    const plan = planBlocks(20 * MB, UPLOAD_BLOCK_SIZE);
    expect(plan.map(({ index, start, end, size }) => ({ index, start, end, size }))).toEqual([
      { index: 0, start: 0, end: 8 * MB, size: 8 * MB },
      { index: 1, start: 8 * MB, end: 16 * MB, size: 8 * MB },
      { index: 2, start: 16 * MB, end: 20 * MB, size: 4 * MB },
    ]);
  });

  it('makes one block of a small file and exact blocks of a multiple', () => {
    expect(planBlocks(1, UPLOAD_BLOCK_SIZE)).toHaveLength(1);
    expect(planBlocks(16 * MB, UPLOAD_BLOCK_SIZE).map((b) => b.size)).toEqual([8 * MB, 8 * MB]);
  });

  it('needs 250 blocks for a file just under 2000 MB', () => {
    const plan = planBlocks(2000 * MB - 1, UPLOAD_BLOCK_SIZE);
    expect(plan).toHaveLength(250);
    expect(plan.reduce((sum, b) => sum + b.size, 0)).toBe(2000 * MB - 1);
  });

  it('refuses an empty file', () => {
    expect(() => planBlocks(0, UPLOAD_BLOCK_SIZE)).toThrow(RangeError);
  });
});

describe('skipping what storage holds', () => {
  const plan = planBlocks(20 * MB, UPLOAD_BLOCK_SIZE);

  it('skips staged blocks of the same id and size', () => {
    const staged = [
      { name: blockId(0), size: 8 * MB },
      { name: blockId(2), size: 4 * MB },
    ];
    expect(missingBlocks(plan, staged).map((b) => b.index)).toEqual([1]);
    expect([...alreadyStaged(plan, staged)]).toEqual([blockId(0), blockId(2)]);
  });

  it('sends again a block staged with another size, and ignores names not in the plan', () => {
    const staged = [
      { name: blockId(1), size: 5 * MB },
      { name: blockId(7), size: 8 * MB },
      { name: 'c29tZXRoaW5nLWVsc2U=', size: 8 * MB },
    ];
    expect(missingBlocks(plan, staged).map((b) => b.index)).toEqual([0, 1, 2]);
  });

  it('understands staged names that came back decoded', () => {
    expect(missingBlocks(plan, [{ name: 'block-000001', size: 8 * MB }]).map((b) => b.index)).toEqual([0, 2]);
  });
});
