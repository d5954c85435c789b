import { describe, expect, it } from 'vitest';
import { MAIL_POOL_CONNECTIONS, pooledSmtpUrl } from './mailer.js';

// The outbox sends a burst over a few kept connections, not one connection per mail; an
// operator's SMTP_URL that says otherwise wins.
describe('pooledSmtpUrl', () => {
  it('turns the pool on with a few connections', () => {
    const url = new URL(pooledSmtpUrl('smtp://user:secret@mail.example.test:2525'));
    expect(url.searchParams.get('pool')).toBe('true');
    expect(url.searchParams.get('maxConnections')).toBe(String(MAIL_POOL_CONNECTIONS));
    expect([url.hostname, url.port, url.username, url.password]).toEqual([
      'mail.example.test',
      '2525',
      'user',
      'secret',
    ]);
  });

  it("keeps the operator's own pool settings and other options", () => {
    const url = new URL(pooledSmtpUrl('smtps://mail.example.test/?pool=false&maxConnections=2&secure=true'));
    expect(url.searchParams.get('pool')).toBe('false');
    expect(url.searchParams.get('maxConnections')).toBe('2');
    expect(url.searchParams.get('secure')).toBe('true');
  });
});
