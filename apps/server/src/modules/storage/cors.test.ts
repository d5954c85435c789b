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

  it('replaces an older version of our rule where it stands', () => {
    const older = { ...corsRule([app]), allowedHeaders: 'x-ms-blob-type' };
    expect(mergeCors([older, operators], [app])).toEqual([corsRule([app]), operators]);
    expect(mergeCors([operators, older], [app])).toEqual([operators, corsRule([app])]);
  });

  it('knows our rule by its origins whatever their order and spacing', () => {
    const origins = ['http://localhost:3000', 'http://127.0.0.1:3000'];
    const written = { ...corsRule(origins), allowedOrigins: 'http://localhost:3000, http://127.0.0.1:3000' };
    expect(mergeCors([written], origins)).toEqual([corsRule(origins)]);
  });

  it('keeps one copy of our rule when storage holds it twice', () => {
    expect(mergeCors([corsRule([app]), operators, corsRule([app])], [app])).toEqual([
      corsRule([app]),
      operators,
    ]);
  });

  it("keeps another portal's rule that shares an origin with ours (two portals on one emulator)", () => {
    const shared = 'http://localhost:5173';
    const first = corsRule(['http://localhost:3000', shared]);
    const second = ['http://localhost:3100', shared];
    const merged = mergeCors([first], second);
    expect(merged).toEqual([first, corsRule(second)]);
    // And the first portal, starting again, leaves the second's rule alone.
    expect(mergeCors(merged ?? [], ['http://localhost:3000', shared])).toBeNull();
  });

  it('refuses to push out another rule when the account has five, but replaces ours among them', () => {
    const full = Array.from({ length: 5 }, (_, i) => corsRule([`https://other${i}.example`]));
    expect(() => mergeCors(full, [app])).toThrow(/5 CORS rules/);
    const withOlderOurs = [...full.slice(0, 4), { ...corsRule([app]), maxAgeInSeconds: 60 }];
    expect(mergeCors(withOlderOurs, [app])).toEqual([...full.slice(0, 4), corsRule([app])]);
  });
});
