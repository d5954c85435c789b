import { loginInputSchema, profileUpdateSchema } from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { toAppError } from '../../src/errors.js';
import { UNSAFE_INPUT_TEXTS } from '../../src/lib/safe-input.js';
import { coldDeps } from '../support/route-catalogue.js';

// The REST shims' inputs are validated by Fastify through their declared schemas (rest/inputs.ts)
// instead of inside the handlers. The answers must be the ones the handlers' own parse gave: the
// unsafe-text guard first, then the session guard, then the schema, whose refusal is the first
// issue's message with `fields` by path. None of these calls reaches the database.

/** The session guard's refusal (modules/auth/guards.ts). */
const SIGNED_OUT = { error: 'Please sign in.' };

/** What a handler's `schema.parse(input)` answered, through the one error table. */
function refusalOf(schema: z.core.$ZodType, input: unknown) {
  const result = z.safeParse(schema, input);
  if (result.success) throw new Error('the input was expected to be refused');
  const { message, fields } = toAppError(result.error);
  return fields && Object.keys(fields).length > 0 ? { error: message, fields } : { error: message };
}

describe('REST input refusals keep their answers', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    const deps = coldDeps();
    origin = new URL(deps.config.publicUrl).origin;
    app = await buildApp(deps, { serveWeb: false, logger: false });
  });
  afterAll(async () => app?.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload?: string) =>
    app.inject({
      method,
      url,
      headers: { origin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    });

  it('a body the schema refuses: the first message, and the messages by field', async () => {
    const body = { email: 'not an address', password: '' };
    const answer = await send('POST', '/api/login', JSON.stringify(body));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusalOf(loginInputSchema, body));
    expect(Object.keys(answer.json().fields)).toEqual(['email', 'password']);
  });

  it('no body, or an empty one, reads as {}; a body that is not an object is refused as a whole', async () => {
    for (const payload of [undefined, '', 'null']) {
      const answer = await send('POST', '/api/login', payload);
      expect(answer.statusCode, String(payload)).toBe(400);
      expect(answer.json(), String(payload)).toEqual(refusalOf(loginInputSchema, {}));
    }
    const list = await send('POST', '/api/login', '[]');
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual(refusalOf(loginInputSchema, []));
    expect(list.json().fields).toBeUndefined();
  });

  it('text PostgreSQL cannot store is refused before the schema reads it', async () => {
    const answer = await send('POST', '/api/login', JSON.stringify({ email: 'a\u0000', password: 1 }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: UNSAFE_INPUT_TEXTS.nul });
  });

  it('signed out, the guard answers before the schema reads the body', async () => {
    const contact = await send('POST', '/api/contacts', JSON.stringify({ firstName: 42 }));
    expect(contact.statusCode).toBe(401);
    expect(contact.json()).toEqual(SIGNED_OUT);
    const profile = await send('PATCH', '/api/users/', '[]');
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual(SIGNED_OUT);
    // The schema's refusal, for comparison, is another answer altogether.
    expect(refusalOf(profileUpdateSchema, [])).not.toEqual(SIGNED_OUT);
  });
});
