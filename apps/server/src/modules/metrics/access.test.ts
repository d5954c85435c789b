import { describe, expect, it } from 'vitest';
import { MetricsAllowError, metricsAccess } from './access.js';

describe('metricsAccess', () => {
  const token = 'a-token-long-enough-for-the-config';
  const mayRead = metricsAccess(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', '::1'], token);

  it('lets in the addresses and ranges named, IPv4 seen through IPv6 too', () => {
    for (const ip of ['10.0.0.1', '10.255.255.255', '192.0.2.7', '::ffff:10.2.3.4', 'fd12::9', '::1'])
      expect(mayRead(ip, undefined), ip).toBe(true);
  });

  it('keeps out every other address', () => {
    for (const ip of ['11.0.0.1', '192.0.2.8', '127.0.0.1', '::ffff:127.0.0.1', 'fe80::1', '', 'not-an-ip'])
      expect(mayRead(ip, undefined), ip).toBe(false);
  });

  it('lets in the bearer token from anywhere, and nothing like it', () => {
    expect(mayRead('203.0.113.9', `Bearer ${token}`)).toBe(true);
    expect(mayRead('203.0.113.9', `bearer ${token}`)).toBe(true);
    for (const header of [
      token,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Basic ${token}`,
      'Bearer ',
      '',
    ])
      expect(mayRead('203.0.113.9', header), header).toBe(false);
  });

  it('with neither setting, lets in nobody', () => {
    const closed = metricsAccess([], undefined);
    expect(closed('127.0.0.1', undefined)).toBe(false);
    expect(closed('127.0.0.1', 'Bearer ')).toBe(false);
    expect(closed('127.0.0.1', 'Bearer undefined')).toBe(false);
  });

  it('refuses to start on an entry that is no address or range', () => {
    for (const entry of [
      '10.0.0.0/33',
      'fd00::/129',
      'example.org',
      '10.0.0.0/8/8',
      '10.0.0/8',
      '10.0.0.0/x',
    ])
      expect(() => metricsAccess([entry], undefined), entry).toThrow(MetricsAllowError);
  });
});
