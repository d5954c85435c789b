import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer } from './answer-check.js';

const schema = z.object({
  id: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.string()).optional(),
});
const route = { schema, method: 'GET', url: '/api/things', httpStatus: '200' };

describe('the REST answer serializer', () => {
  const checked = answerSerializer(true)(route);
  const unchecked = answerSerializer(false)(route);

  it("sends JSON.stringify's bytes, whatever the schema would make of them", () => {
    const answer = { note: null, id: 'a', tags: ['x'] };
    expect(checked(answer)).toBe(JSON.stringify(answer));
    expect(unchecked({ id: 'a', extra: 1 })).toBe('{"id":"a","extra":1}');
  });

  it('fails an answer with a field its schema does not name', () => {
    expect(() => checked({ id: 'a', note: null, extra: 1 })).toThrow(/fields its schema does not name/);
  });

  it('fails an answer that lacks a field or has another type', () => {
    expect(() => checked({ id: 'a' })).toThrow(/breaks its schema/);
    expect(() => checked({ id: 1, note: null })).toThrow(/breaks its schema/);
  });

  it('reads the answer as the client does: a Date is its ISO text, an undefined field is absent', () => {
    const dated = answerSerializer(true)({
      ...route,
      schema: z.object({ at: z.iso.datetime(), gone: z.string().optional() }),
    });
    expect(dated({ at: new Date('2031-06-01T09:30:00Z'), gone: undefined })).toBe(
      '{"at":"2031-06-01T09:30:00.000Z"}',
    );
  });
});
