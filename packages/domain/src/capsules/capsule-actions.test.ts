import { describe, expect, it } from 'vitest';
import { type CapsuleActions, capsuleActions, cardClickAction } from './capsule-actions.js';
import type { CapsuleFacts } from './capsule-guards.js';

const NOW = '2026-11-10T12:00:00Z';
const UPLOADED = '2026-11-01T12:00:00Z'; // day 9 at NOW

const NONE: CapsuleActions = {
  assignRecipient: false,
  uploadVideo: false,
  recoverCapsule: false,
  viewDetails: false,
  oneTimePreview: false,
  reuploadVideo: false,
  optionsMenu: false,
  setCapsuleInfo: false,
  setCapsuleInfoRefusal: null,
  lockCapsule: false,
  lockNeedsDeliveryDate: false,
  deleteCapsule: false,
};
const MENU = { optionsMenu: true, setCapsuleInfo: true };
const EDITS = { reuploadVideo: true, lockCapsule: true, deleteCapsule: true };

const actionsOf = (facts: Partial<CapsuleFacts> & { status: string }, now = NOW) =>
  capsuleActions({ uploadDate: null, locked: false, previewViewed: false, ...facts }, now);

describe('capsuleActions by status', () => {
  it('Pending_Recipient: assign recipient only', () => {
    expect(actionsOf({ status: 'Pending_Recipient' })).toEqual({ ...NONE, assignRecipient: true });
  });
  it('Pending_Upload: upload and the menu with Set Capsule Info', () => {
    expect(actionsOf({ status: 'Pending_Upload' })).toEqual({ ...NONE, ...MENU, uploadVideo: true });
  });
  it('Upload_In_Progress: nothing while the upload runs', () => {
    expect(actionsOf({ status: 'Upload_In_Progress', uploadDate: UPLOADED })).toEqual(NONE);
  });
  it('Reviewing: details only, no re-upload', () => {
    expect(actionsOf({ status: 'Reviewing', uploadDate: UPLOADED })).toEqual({ ...NONE, viewDetails: true });
  });
  it('Needs_Review inside the window: details, menu, re-upload, lock and delete', () => {
    expect(actionsOf({ status: 'Needs_Review', uploadDate: UPLOADED })).toEqual({
      ...NONE,
      ...MENU,
      ...EDITS,
      viewDetails: true,
    });
  });
  it('Processed inside the window: details and re-upload, no menu', () => {
    expect(actionsOf({ status: 'Processed', uploadDate: UPLOADED })).toEqual({
      ...NONE,
      viewDetails: true,
      reuploadVideo: true,
    });
  });
  it('Sent, not previewed, inside the window: everything a stored capsule offers', () => {
    expect(actionsOf({ status: 'Sent', uploadDate: UPLOADED })).toEqual({
      ...NONE,
      ...MENU,
      ...EDITS,
      viewDetails: true,
      oneTimePreview: true,
    });
  });
  it('Sent and previewed: no preview', () => {
    expect(actionsOf({ status: 'sent', uploadDate: UPLOADED, previewViewed: true }).oneTimePreview).toBe(
      false,
    );
  });
  it('To_Delete: recover only', () => {
    expect(actionsOf({ status: 'To_Delete', uploadDate: UPLOADED })).toEqual({
      ...NONE,
      recoverCapsule: true,
    });
  });
  it('an unknown status: nothing', () => {
    expect(actionsOf({ status: 'Lost', uploadDate: UPLOADED })).toEqual(NONE);
  });
});

describe('capsuleActions and the edit window', () => {
  it('keeps re-upload, lock and delete at exactly 10 days', () => {
    expect(actionsOf({ status: 'Sent', uploadDate: UPLOADED }, '2026-11-11T12:00:00Z')).toMatchObject(EDITS);
  });
  it('drops them on day 11 but keeps the menu and Set Capsule Info', () => {
    expect(actionsOf({ status: 'Sent', uploadDate: UPLOADED }, '2026-11-12T12:00:00Z')).toMatchObject({
      ...MENU,
      reuploadVideo: false,
      lockCapsule: false,
      deleteCapsule: false,
      setCapsuleInfoRefusal: null,
    });
  });
  it('a locked capsule keeps Set Capsule Info in the menu, disabled with the reason', () => {
    expect(actionsOf({ status: 'Sent', uploadDate: UPLOADED, locked: true })).toEqual({
      ...NONE,
      ...MENU,
      viewDetails: true,
      oneTimePreview: true,
      setCapsuleInfoRefusal: 'This capsule is locked: its delivery date, category and message are final.',
    });
  });
  it('a delivered capsule offers neither re-upload nor delete, but still lock', () => {
    expect(actionsOf({ status: 'Sent', uploadDate: UPLOADED, deliveredAt: NOW })).toMatchObject({
      reuploadVideo: false,
      deleteCapsule: false,
      lockCapsule: true,
      setCapsuleInfoRefusal: 'This capsule is locked: its delivery date, category and message are final.',
    });
  });
});

describe('capsuleActions and the release condition', () => {
  const milestone = { status: 'Sent', uploadDate: UPLOADED, deliveryCriteria: 'Milestone_Date' };
  it('offers Lock Capsule on a milestone capsule without a date, marked as needing the date', () => {
    expect(actionsOf(milestone)).toMatchObject({ lockCapsule: true, lockNeedsDeliveryDate: true });
    expect(actionsOf({ ...milestone, deliveryDate: '2030-05-04' })).toMatchObject({
      lockCapsule: true,
      lockNeedsDeliveryDate: false,
    });
  });
  it('does not offer the lock for want of a date once the window has closed', () => {
    expect(actionsOf(milestone, '2026-11-12T12:00:00Z')).toMatchObject({
      lockCapsule: false,
      lockNeedsDeliveryDate: false,
    });
  });
  it('keeps Set Capsule Info open on a capsule locked without its date, and only then', () => {
    expect(actionsOf({ ...milestone, locked: true }).setCapsuleInfoRefusal).toBeNull();
    expect(actionsOf({ ...milestone, locked: true, deliveryDate: '2030-05-04' }).setCapsuleInfoRefusal).toBe(
      'This capsule is locked: its delivery date, category and message are final.',
    );
  });
});

describe('cardClickAction', () => {
  it.each([
    ['Pending_Recipient', 'assignRecipient'],
    ['pending_recipient', 'assignRecipient'],
    ['Pending_Upload', 'upload'],
    ['Reviewing', 'details'],
    ['Sent', 'details'],
    ['To_Delete', 'details'],
    ['nonsense', 'details'],
  ])('%s opens %s', (status, action) => {
    expect(cardClickAction(status)).toBe(action);
  });
});
