import { describe, expect, it } from 'vitest';
import { groupNameSchema } from './group.schema.js';

describe('groupNameSchema', () => {
  it('trims and accepts 1 to 100 characters', () => {
    expect(groupNameSchema.parse('  Book club ')).toBe('Book club');
    expect(groupNameSchema.parse('x')).toBe('x');
    expect(groupNameSchema.parse('g'.repeat(100))).toHaveLength(100);
  });
  it('rejects a blank name and a 101-character name with clear messages', () => {
    expect(groupNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Group name is required');
    expect(groupNameSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Group name is required');
    expect(groupNameSchema.safeParse('g'.repeat(101)).error?.issues[0]?.message).toBe(
      'Group name must be at most 100 characters',
    );
  });
});
