import { describe, expect, it } from 'vitest';
import { redact } from './redact.js';

describe('redact', () => {
  it('keeps no URL of the tool message', () => {
    const message = redact('https://acct.blob.core.windows.net/c/v?sv=1&sig=abc%3D: Invalid data\n');
    expect(message).toBe('<url> Invalid data');
  });
});
