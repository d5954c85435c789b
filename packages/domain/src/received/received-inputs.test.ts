import { describe, expect, it } from 'vitest';
import { DOCUMENT_REFUSALS, MAX_DOCUMENT_BYTES } from './document-upload.js';
import {
  documentStartInputSchema,
  RECEIVED_INPUT_TEXTS,
  receivedListInputSchema,
} from './received-inputs.js';

const parse = (input: unknown) => receivedListInputSchema.safeParse(input);
const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the received list input', () => {
  it('defaults to every capsule, page 1, 12 a page', () => {
    expect(receivedListInputSchema.parse({})).toEqual({
      type: null,
      status: null,
      sort: 'all',
      page: 1,
      limit: 12,
    });
  });

  it("takes the spec's sort labels and the slugs, in any case; default is all", () => {
    const sort = (sortby: string) => receivedListInputSchema.parse({ sort: sortby }).sort;
    expect(sort('All Release Conditions')).toBe('all');
    expect(sort('milestone date')).toBe('milestone');
    expect(sort('Releasable')).toBe('releasable');
    expect(sort('Verification Needed')).toBe('verification');
    expect(sort('verification')).toBe('verification');
    expect(sort('default')).toBe('all');
    expect(message(parse({ sort: 'newest' }))).toBe(RECEIVED_INPUT_TEXTS.unknownSort);
  });

  it('takes any filter type or category in any case; blank and All Types are no filter', () => {
    expect(receivedListInputSchema.parse({ type: 'first born' }).type).toBe('First Born');
    expect(receivedListInputSchema.parse({ type: 'Retirement' }).type).toBe('Retirement');
    expect(receivedListInputSchema.parse({ type: 'Honeymoon' }).type).toBe('Honeymoon');
    expect(receivedListInputSchema.parse({ type: '' }).type).toBeNull();
    expect(receivedListInputSchema.parse({ type: 'All Types' }).type).toBeNull();
    expect(message(parse({ type: 'Bar Mitzvah' }))).toBe(RECEIVED_INPUT_TEXTS.unknownType);
  });

  it('refuses pages below 1 and limits outside 1..48', () => {
    expect(receivedListInputSchema.parse({ page: '3', limit: '48' })).toMatchObject({ page: 3, limit: 48 });
    expect(message(parse({ page: 0 }))).toBe(RECEIVED_INPUT_TEXTS.page);
    expect(message(parse({ limit: 49 }))).toBe(RECEIVED_INPUT_TEXTS.limit);
    expect(message(parse({ limit: 1.5 }))).toBe(RECEIVED_INPUT_TEXTS.limit);
  });
});

describe('the document upload start input', () => {
  const valid = { capsuleId: 'c', fileName: 'passport.png', contentType: 'image/png', size: 1000 };
  it('accepts an image up to 12 MB and refuses the rest with the spec texts', () => {
    expect(documentStartInputSchema.parse({ ...valid, contentType: 'IMAGE/WEBP' }).contentType).toBe(
      'image/webp',
    );
    const refusal = (patch: object) =>
      documentStartInputSchema.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;
    expect(refusal({ contentType: 'application/pdf' })).toBe(DOCUMENT_REFUSALS.invalidType);
    expect(refusal({ size: MAX_DOCUMENT_BYTES + 1 })).toBe(DOCUMENT_REFUSALS.tooLarge);
    expect(refusal({ size: 0 })).toBe(DOCUMENT_REFUSALS.empty);
    expect(refusal({ fileName: ' ' })).toBe(RECEIVED_INPUT_TEXTS.fileNameRequired);
  });
});
