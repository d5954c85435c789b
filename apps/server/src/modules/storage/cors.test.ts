import { describe, expect, it } from 'vitest';
import { corsRule, mergeCors } from './cors.js';

describe('mergeCors', () => {
  const app = 'https://portal.example';
  const operators = { ...corsRule(['https://ops.example']), allowedMethods: 'GET' };

  it('adds our rule beside an operator rule for another origin, and then writes nothing', () => {
    const merged = mergeCors([operators], [app]);
    expect(merged).toEqual([operators, corsRule([app])]);
    expect(mergeCors(merged ?? [], [app])).toBeNull();
  });

  it('replaces an older rule that names our origin', () => {
    const older = { ...corsRule([app]), allowedHeaders: 'x-ms-blob-type' };
    expect(mergeCors([older, operators], [app])).toEqual([operators, corsRule([app])]);
  });

  it('refuses to push out an operator rule when the account has five', () => {
    const full = Array.from({ length: 5 }, (_, i) => corsRule([`https://other${i}.example`]));
    expect(() => mergeCors(full, [app])).toThrow(/five|5/);
  });
});
