import { describe, expect, it } from 'vitest';
import {
  assignRecipientConfirmationSchema,
  assignRecipientInputSchema,
  CAPSULE_ACTION_TEXTS,
  capsuleRefInputSchema,
  lockConfirmationSchema,
  setCapsuleInfoInputSchema,
} from './capsule-action-inputs.js';
import { CAPSULE_INFO_TEXTS } from './capsule-info.schema.js';

const today = '2026-11-23';
const first = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('one input per capsule action', () => {
  it('assign: a capsule and a contact; the info is optional, and what is given must be valid', () => {
    const schema = assignRecipientInputSchema(today);
    expect(schema.parse({ capsuleId: 'c', contactId: 'k' })).toEqual({
      capsuleId: 'c',
      contactId: 'k',
      info: {},
    });
    expect(
      schema.parse({
        capsuleId: 'c',
        contactId: 'k',
        info: { deliveryDate: '2030-01-01', category: 'Wake' },
      }),
    ).toMatchObject({ info: { deliveryDate: '2030-01-01', category: 'Wake' } });
    expect(first(schema.safeParse({ capsuleId: 'c' }))).toBe(CAPSULE_ACTION_TEXTS.contactIdRequired);
    expect(
      first(schema.safeParse({ capsuleId: 'c', contactId: 'k', info: { deliveryDate: '2020-01-01' } })),
    ).toBe(CAPSULE_INFO_TEXTS.deliveryDateInPast);
  });

  it('set info: at least one of date, category and message', () => {
    const schema = setCapsuleInfoInputSchema(today);
    expect(first(schema.safeParse({ capsuleId: 'c', info: {} }))).toBe(CAPSULE_INFO_TEXTS.nothingGiven);
    expect(schema.parse({ capsuleId: 'c', info: { message: ' Hello ' } }).info.message).toBe('Hello');
  });

  it('lock, delete video, recover: the capsule id is required', () => {
    expect(first(capsuleRefInputSchema.safeParse({}))).toBe(CAPSULE_ACTION_TEXTS.capsuleIdRequired);
    expect(first(capsuleRefInputSchema.safeParse({ capsuleId: '  ' }))).toBe(
      CAPSULE_ACTION_TEXTS.capsuleIdRequired,
    );
  });

  it("the dialogs' own confirmations: ticked boxes only", () => {
    expect(first(assignRecipientConfirmationSchema.safeParse({ permanent: false }))).toBe(
      CAPSULE_ACTION_TEXTS.permanentRequired,
    );
    expect(assignRecipientConfirmationSchema.safeParse({ permanent: true }).success).toBe(true);
    expect(first(lockConfirmationSchema.safeParse({}))).toBe(CAPSULE_ACTION_TEXTS.lockConfirmRequired);
  });
});
