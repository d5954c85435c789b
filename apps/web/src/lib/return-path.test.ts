import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query string and fragment', () => {
    expect(safeReturnPath('/received-capsules')).toBe('/received-capsules');
    expect(safeReturnPath('/received-capsules?x_status=Sent&type=Wedding')).toBe(
      '/received-capsules?x_status=Sent&type=Wedding',
    );
    expect(safeReturnPath('/settings?tab=password#top')).toBe('/settings?tab=password#top');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('normalises the path as a browser would', () => {
    expect(safeReturnPath('/contacts/../dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it.each([
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/received-capsules'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a backslash further on', '/received-capsules\\..\\..\\evil'],
    ['an absolute address', 'https://evil.example/received-capsules'],
    ['an absolute address of another scheme', 'http://evil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a script address behind spaces', ' javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'received-capsules'],
    ['a dot path', './received-capsules'],
    ['a tab the parser would drop', '/\t/evil.example'],
    ['a line break the parser would drop', '/\n/evil.example'],
    ['a leading space', ' /dashboard'],
    ['dot segments that fold into a double slash', '/a/..//evil.example'],
    ['an empty string', ''],
    ['a very long address', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_case, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
