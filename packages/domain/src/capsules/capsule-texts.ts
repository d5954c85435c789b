// User-facing texts of the sender's capsule screens, verbatim from the spec (sections 2, 5
// and 8). Titles and descriptions of one toast sit side by side.
export const CAPSULE_TEXTS = {
  pageTitle: 'My Capsules',
  empty: 'No capsules found',
  noRecipientSelectedTitle: 'No recipient selected',
  noRecipientSelectedBody: 'Please select a recipient from your contacts.',
  recipientAssigned: 'Recipient assigned',
  assignRecipientFailed: 'Failed to assign recipient',
  deliveryDateSet: 'Delivery Date Set',
  deliveryDateFailed: 'Failed to set update Delivery Date for this capsule.',
  lockedTitle: 'Capsule Locked',
  lockFailedTitle: 'Lock Failed',
  lockFailedBody: 'Failed to lock capsule',
  unknownError: 'Unknown error',
  videoDeleted: 'Video deleted',
  errorTitle: 'Error',
  deleteVideoFailed: 'Failed to delete video',
  recoveredTitle: 'Capsule Recovered',
  recoveryFailedTitle: 'Recovery Failed',
  recoveryFailedBody: 'Could not recover capsule.',
  noRecipientYet: 'No recipient yet',
  noVideoYet: 'No video uploaded yet',
  /** Under the video's fingerprint in Capsule Details (not a spec text). */
  fingerprintNote:
    'Taken from the video as it was reviewed. We check the stored video against it regularly: it stays the same for as long as we keep it.',
  /**
   * A Reviewing card (not spec texts): the review first checks the upload, then makes the copy
   * every browser plays, reporting how far it is.
   */
  checkingVideo: 'Checking your video…',
  preparingVideo: (percent: number) => `Preparing your video… ${percent} %`,
  /** Capsule Details' two lines on what is stored (not spec texts). */
  originalLabel: 'Your original',
  originalNote: 'Kept exactly as you uploaded it.',
  playbackLabel: 'Playback copy',
  playbackNote: 'What your recipient plays: made from your original so that it plays in every browser.',
  noMessage: 'No message content',
  fetchCapsuleFailedTitle: 'Error fetching Capsule',
  fetchCapsuleFailedBody: 'An error fetching your Capsule occurred. Please try again.',
  fetchCapsulesFailed: 'Failed to fetch capsules',
  fetchSubscriptionsFailed: 'Failed to fetch subscriptions',
  allStatuses: 'All Statuses',
  allTypes: 'All Types',
} as const;
