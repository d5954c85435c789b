import { describe, expect, it } from 'vitest';
import {
  type CapsuleFacts,
  canAssignRecipient,
  canAutoLock,
  canDeleteVideo,
  canLock,
  canPreview,
  canRecover,
  canReuploadVideo,
  canSetCapsuleInfo,
  canStartUpload,
  canUploadVideo,
  CAPSULE_REFUSALS as R,
} from './capsule-guards.js';
import { CAPSULE_STATUSES } from './capsule-status.js';

const NOW = '2026-11-10T12:00:00Z';
const UPLOADED = '2026-11-01T12:00:00Z'; // day 9 at NOW
const OLD_UPLOAD = '2026-10-30T12:00:00Z'; // day 11 at NOW

const capsule = (facts: Partial<CapsuleFacts> = {}): CapsuleFacts => ({
  status: 'Sent',
  uploadDate: UPLOADED,
  locked: false,
  previewViewed: false,
  deliveredAt: null,
  ...facts,
});
const refused = (reason: string) => ({ ok: false, reason });
const OK = { ok: true };

describe('canAssignRecipient', () => {
  it('allows a Pending_Recipient capsule, in any spelling', () => {
    expect(canAssignRecipient(capsule({ status: 'Pending_Recipient', uploadDate: null }))).toEqual(OK);
    expect(canAssignRecipient(capsule({ status: 'pending_recipient' }))).toEqual(OK);
  });
  it.each(CAPSULE_STATUSES.filter((s) => s !== 'Pending_Recipient' && s !== 'To_Delete'))(
    'refuses %s: it already has a recipient',
    (status) => {
      expect(canAssignRecipient(capsule({ status }))).toEqual(
        refused('This capsule already has a recipient.'),
      );
    },
  );
  it('refuses a capsule marked for deletion or in an unknown state', () => {
    expect(canAssignRecipient(capsule({ status: 'To_Delete' }))).toEqual(refused(R.markedForDeletion));
    expect(canAssignRecipient(capsule({ status: 'Lost' }))).toEqual(refused(R.unknownStatus));
  });
});

describe('canSetCapsuleInfo', () => {
  it.each(['Pending_Upload', 'Upload_In_Progress', 'Reviewing', 'Needs_Review', 'Processed', 'Sent'])(
    'allows %s while unlocked',
    (status) => {
      expect(canSetCapsuleInfo(capsule({ status }))).toEqual(OK);
    },
  );
  it('refuses a locked capsule: its info is final', () => {
    expect(canSetCapsuleInfo(capsule({ locked: true }))).toEqual(refused(R.infoFinal));
    expect(
      canSetCapsuleInfo(
        capsule({ locked: true, deliveryCriteria: 'Milestone_Date', deliveryDate: '2030-05-04' }),
        {
          deliveryDate: '2031-01-01',
        },
      ),
    ).toEqual(refused(R.infoFinal));
  });
  it('lets a milestone capsule locked without a date get that date, and nothing else', () => {
    const undated = capsule({ locked: true, deliveryCriteria: 'Milestone_Date', deliveryDate: null });
    expect(canSetCapsuleInfo(undated)).toEqual(OK);
    expect(canSetCapsuleInfo(undated, { deliveryDate: '2030-05-04' })).toEqual(OK);
    expect(canSetCapsuleInfo({ ...undated, deliveredAt: NOW }, { deliveryDate: '2030-05-04' })).toEqual(OK);
    expect(canSetCapsuleInfo(undated, { deliveryDate: '2030-05-04', message: 'Hi' })).toEqual(
      refused(R.onlyMissingDate),
    );
    expect(canSetCapsuleInfo(undated, { category: 'Wedding' })).toEqual(refused(R.onlyMissingDate));
    expect(canSetCapsuleInfo(undated, { deliveryDate: '2030-05-04', category: ' ' })).toEqual(OK);
  });
  it('refuses before a recipient, once delivered and when marked for deletion', () => {
    expect(canSetCapsuleInfo(capsule({ status: 'Pending_Recipient' }))).toEqual(refused(R.needsRecipient));
    expect(canSetCapsuleInfo(capsule({ deliveredAt: NOW }))).toEqual(refused(R.infoFinal));
    expect(canSetCapsuleInfo(capsule({ status: 'To_Delete' }))).toEqual(refused(R.markedForDeletion));
  });
});

describe('canUploadVideo', () => {
  it('allows the first upload from Pending_Upload', () => {
    expect(canUploadVideo(capsule({ status: 'Pending_Upload', uploadDate: null }))).toEqual(OK);
  });
  it('refuses every other state with its reason', () => {
    expect(canUploadVideo(capsule({ status: 'Pending_Recipient' }))).toEqual(refused(R.needsRecipient));
    expect(canUploadVideo(capsule({ status: 'Upload_In_Progress' }))).toEqual(refused(R.busy));
    expect(canUploadVideo(capsule({ status: 'Reviewing' }))).toEqual(refused(R.busy));
    expect(canUploadVideo(capsule({ status: 'Sent' }))).toEqual(refused(R.hasVideo));
    expect(canUploadVideo(capsule({ status: 'Pending_Upload', locked: true }))).toEqual(refused(R.locked));
    expect(canUploadVideo(capsule({ status: 'To_Delete' }))).toEqual(refused(R.markedForDeletion));
  });
});

describe('canReuploadVideo', () => {
  it.each(['Pending_Upload', 'Needs_Review', 'Processed', 'Sent'])(
    'allows %s within the window',
    (status) => {
      expect(canReuploadVideo(capsule({ status }), NOW)).toEqual(OK);
    },
  );
  it('refuses on day 11, locked, busy, without a video, delivered or marked for deletion', () => {
    expect(canReuploadVideo(capsule({ uploadDate: OLD_UPLOAD }), NOW)).toEqual(
      refused('The 10-day edit window for this capsule has closed.'),
    );
    expect(canReuploadVideo(capsule({ locked: true }), NOW)).toEqual(refused(R.locked));
    expect(canReuploadVideo(capsule({ status: 'Reviewing' }), NOW)).toEqual(refused(R.busy));
    expect(canReuploadVideo(capsule({ status: 'Upload_In_Progress' }), NOW)).toEqual(refused(R.busy));
    expect(canReuploadVideo(capsule({ uploadDate: null }), NOW)).toEqual(refused(R.noVideo));
    expect(canReuploadVideo(capsule({ deliveredAt: '2026-11-05' }), NOW)).toEqual(refused(R.delivered));
    expect(canReuploadVideo(capsule({ status: 'To_Delete' }), NOW)).toEqual(refused(R.markedForDeletion));
  });
});

describe('canLock', () => {
  it.each(['Needs_Review', 'Processed', 'Sent'])('allows %s with a video inside the window', (status) => {
    expect(canLock(capsule({ status }), NOW)).toEqual(OK);
  });
  it('allows exactly 10 days after the upload and refuses a millisecond later', () => {
    expect(canLock(capsule(), '2026-11-11T12:00:00Z')).toEqual(OK);
    expect(canLock(capsule(), '2026-11-11T12:00:00.001Z')).toEqual(refused(R.windowClosed));
  });
  it('refuses an already locked capsule', () => {
    expect(canLock(capsule({ locked: true }), NOW)).toEqual(refused('This capsule is already locked.'));
  });
  it('refuses without a video, even with a stale upload date', () => {
    expect(canLock(capsule({ uploadDate: null }), NOW)).toEqual(refused(R.noVideo));
    expect(canLock(capsule({ status: 'Pending_Upload' }), NOW)).toEqual(refused(R.noVideo));
    expect(canLock(capsule({ status: 'Pending_Recipient', uploadDate: null }), NOW)).toEqual(
      refused(R.noVideo),
    );
  });
  it('refuses a capsule whose only video failed review, and allows one that kept a reviewed video', () => {
    expect(canLock(capsule({ status: 'Needs_Review', hasVideo: false }), NOW)).toEqual(
      refused(R.noReviewedVideo),
    );
    expect(canLock(capsule({ status: 'Needs_Review', hasVideo: true }), NOW)).toEqual(OK);
  });
  it('refuses a milestone capsule without its date, and allows it with one', () => {
    const milestone = capsule({ deliveryCriteria: 'Milestone_Date', deliveryDate: null });
    expect(canLock(milestone, NOW)).toEqual(refused(R.needsDeliveryDate));
    expect(canLock({ ...milestone, deliveryDate: ' ' }, NOW)).toEqual(refused(R.needsDeliveryDate));
    expect(canLock({ ...milestone, deliveryDate: '2030-05-04' }, NOW)).toEqual(OK);
    for (const deliveryCriteria of ['View_Any_Time', 'Document_Validation', 'Premium_Verification']) {
      expect(canLock(capsule({ deliveryCriteria, deliveryDate: null }), NOW)).toEqual(OK);
    }
  });
  it('refuses while busy, after the window and when marked for deletion', () => {
    expect(canLock(capsule({ status: 'Reviewing' }), NOW)).toEqual(refused(R.busy));
    expect(canLock(capsule({ uploadDate: OLD_UPLOAD }), NOW)).toEqual(refused(R.windowClosed));
    expect(canLock(capsule({ status: 'To_Delete' }), NOW)).toEqual(refused(R.markedForDeletion));
  });
});

describe('canDeleteVideo', () => {
  it.each(['Needs_Review', 'Processed', 'Sent'])('allows %s inside the window', (status) => {
    expect(canDeleteVideo(capsule({ status }), NOW)).toEqual(OK);
  });
  it('refuses locked, delivered, busy, without a video, after the window, marked for deletion', () => {
    expect(canDeleteVideo(capsule({ locked: true }), NOW)).toEqual(refused(R.locked));
    expect(canDeleteVideo(capsule({ deliveredAt: '2026-11-05T00:00:00Z' }), NOW)).toEqual(
      refused(R.delivered),
    );
    expect(canDeleteVideo(capsule({ status: 'Reviewing' }), NOW)).toEqual(refused(R.busy));
    expect(canDeleteVideo(capsule({ status: 'Upload_In_Progress' }), NOW)).toEqual(refused(R.busy));
    expect(canDeleteVideo(capsule({ status: 'Pending_Upload' }), NOW)).toEqual(refused(R.noVideo));
    expect(canDeleteVideo(capsule({ uploadDate: '' }), NOW)).toEqual(refused(R.noVideo));
    expect(canDeleteVideo(capsule({ uploadDate: OLD_UPLOAD }), NOW)).toEqual(refused(R.windowClosed));
    expect(canDeleteVideo(capsule({ status: 'To_Delete' }), NOW)).toEqual(refused(R.markedForDeletion));
  });
});

describe('canPreview', () => {
  it('allows a Sent capsule not yet previewed', () => {
    expect(canPreview(capsule())).toEqual(OK);
    expect(canPreview(capsule({ status: 'sent', previewViewed: null }))).toEqual(OK);
  });
  it('refuses a second preview and any other status', () => {
    expect(canPreview(capsule({ previewViewed: true }))).toEqual(refused(R.previewUsed));
    expect(canPreview(capsule({ status: 'Reviewing' }))).toEqual(refused(R.notStored));
  });
});

describe('canRecover', () => {
  it('restores the remembered status', () => {
    expect(canRecover(capsule({ status: 'To_Delete', previousStatus: 'sent' }))).toEqual({
      ok: true,
      restoreTo: 'Sent',
    });
  });
  it('refuses a capsule not marked for deletion', () => {
    expect(canRecover(capsule({ status: 'Sent', previousStatus: 'Sent' }))).toEqual(
      refused(R.notMarkedForDeletion),
    );
  });
  it('refuses without a usable previous status', () => {
    expect(canRecover(capsule({ status: 'To_Delete' }))).toEqual(refused(R.cannotRecover));
    expect(canRecover(capsule({ status: 'To_Delete', previousStatus: 'To_Delete' }))).toEqual(
      refused(R.cannotRecover),
    );
    expect(canRecover(capsule({ status: 'To_Delete', previousStatus: 'Lost' }))).toEqual(
      refused(R.cannotRecover),
    );
  });
});

describe('canStartUpload', () => {
  it('is the first upload from Pending_Upload and a re-upload otherwise, with their reasons', () => {
    const pending = capsule({ status: 'Pending_Upload', uploadDate: null });
    expect(canStartUpload(pending, NOW)).toEqual(OK);
    expect(canStartUpload({ ...pending, locked: true }, NOW)).toEqual(refused(R.locked));
    expect(canStartUpload(capsule(), NOW)).toEqual(OK);
    expect(canStartUpload(capsule({ status: 'Needs_Review' }), NOW)).toEqual(OK);
    expect(canStartUpload(capsule({ uploadDate: OLD_UPLOAD }), NOW)).toEqual(refused(R.windowClosed));
    expect(canStartUpload(capsule({ status: 'Upload_In_Progress' }), NOW)).toEqual(refused(R.busy));
    expect(canStartUpload(capsule({ status: 'Reviewing' }), NOW)).toEqual(refused(R.busy));
    expect(canStartUpload(capsule({ status: 'Pending_Recipient', uploadDate: null }), NOW)).toEqual(
      refused(R.needsRecipient),
    );
    expect(canStartUpload(capsule({ status: 'To_Delete' }), NOW)).toEqual(refused(R.markedForDeletion));
  });
});

describe('canAutoLock', () => {
  it('locks a stored video once its window has closed, exactly after 10 x 24 hours', () => {
    expect(canAutoLock(capsule({ uploadDate: OLD_UPLOAD }), NOW)).toEqual(OK);
    expect(canAutoLock(capsule({ status: 'Processed', uploadDate: OLD_UPLOAD }), NOW)).toEqual(OK);
    expect(canAutoLock(capsule(), NOW)).toEqual(refused(R.windowOpen));
    expect(canAutoLock(capsule({ uploadDate: '2026-10-31T12:00:00Z' }), NOW)).toEqual(refused(R.windowOpen));
    expect(canAutoLock(capsule({ uploadDate: '2026-10-31T11:59:59.999Z' }), NOW)).toEqual(OK);
  });
  it('leaves alone what is locked, not stored (a failed review, a busy or empty capsule) or marked', () => {
    expect(canAutoLock(capsule({ uploadDate: OLD_UPLOAD, locked: true }), NOW)).toEqual(
      refused(R.alreadyLocked),
    );
    for (const status of ['Needs_Review', 'Reviewing', 'Upload_In_Progress', 'Pending_Upload']) {
      expect(canAutoLock(capsule({ status, uploadDate: OLD_UPLOAD }), NOW)).toEqual(refused(R.noVideo));
    }
    expect(canAutoLock(capsule({ uploadDate: null }), NOW)).toEqual(refused(R.noVideo));
    expect(canAutoLock(capsule({ status: 'To_Delete', uploadDate: OLD_UPLOAD }), NOW)).toEqual(
      refused(R.markedForDeletion),
    );
  });
  it('leaves a milestone capsule without its date unlocked, and locks it once it has one', () => {
    const undated = capsule({
      uploadDate: OLD_UPLOAD,
      deliveryCriteria: 'Milestone_Date',
      deliveryDate: null,
    });
    expect(canAutoLock(undated, NOW)).toEqual(refused(R.needsDeliveryDate));
    expect(canAutoLock({ ...undated, deliveryDate: '2030-05-04' }, NOW)).toEqual(OK);
  });
});
