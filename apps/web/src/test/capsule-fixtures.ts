// Test data for the capsule screens' web-unit tests (not imported by the app).

import type { Capsule, CapsuleCounts } from '../features/capsules/capsule-display';
import type { Handlers } from './trpc-mock';

const DAY = 24 * 60 * 60 * 1000;

export const daysAgo = (days: number, from = Date.now()) => new Date(from - days * DAY).toISOString();

let next = 0;

export function makeCapsule(overrides: Partial<Capsule> = {}): Capsule {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    title: `Legacy Capsule #${next}`,
    status: 'Pending_Recipient',
    previousStatus: null,
    kind: 'legacy',
    category: null,
    birthdayAge: null,
    notBeforeDate: null,
    recipientBirthday: null,
    deliveryCriteria: 'Milestone_Date',
    capsuleLength: '5_minutes',
    contactId: null,
    recipientUserId: null,
    recipientName: null,
    recipientEmail: null,
    message: null,
    deliveryDate: null,
    uploadDate: null,
    locked: false,
    previewViewed: false,
    retryCount: 0,
    videoUrl: null,
    videoThumbnailUrl: null,
    createdAt: daysAgo(30),
    deliveredAt: null,
    ...overrides,
  };
}

/** A day `days` from now, 'YYYY-MM-DD'. */
export const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/**
 * A stored capsule with a recipient, its delivery date (a Milestone Date capsule needs one to be
 * locked) and a video that passed review, uploaded `uploadedDaysAgo` days ago.
 */
export function storedCapsule(uploadedDaysAgo: number, overrides: Partial<Capsule> = {}): Capsule {
  return makeCapsule({
    status: 'Sent',
    contactId: '00000000-0000-4000-9000-000000000001',
    recipientName: 'Grace Hopper',
    recipientEmail: 'grace@example.com',
    deliveryDate: dayIn(200),
    uploadDate: daysAgo(uploadedDaysAgo),
    hasVideo: true,
    videoUrl: 'capsules/video.mp4',
    ...overrides,
  });
}

export const COUNTS: CapsuleCounts = {
  total: 7,
  needRecipient: 3,
  needUpload: 2,
  sent: 1,
  received: 4,
  outsideTiles: { inProgress: 1, needsReview: 0, markedForDeletion: 0, other: 0 },
};

export const CONTACTS = [
  {
    id: '00000000-0000-4000-9000-000000000001',
    firstName: 'Grace',
    lastName: 'Hopper',
    fullName: 'Grace Hopper',
    email: 'grace@example.com',
    phone: null,
    relationshipType: 'Family',
    relationshipDetails: 'Parent',
    birthday: null,
    createdAt: daysAgo(100),
  },
  {
    id: '00000000-0000-4000-9000-000000000002',
    firstName: 'Alan',
    lastName: 'Turing',
    fullName: 'Alan Turing',
    email: 'alan@example.com',
    phone: null,
    relationshipType: 'Friend',
    relationshipDetails: 'Best-Friend',
    birthday: null,
    createdAt: daysAgo(90),
  },
];

/** The list call answering one page of `capsules`, as the server pages them (12 a page). */
export function listOf(capsules: Capsule[]) {
  return (input: unknown) => {
    const page = (input as { page?: number }).page ?? 1;
    const pageSize = 12;
    return {
      capsules: capsules.slice((page - 1) * pageSize, page * pageSize),
      total: capsules.length,
      page,
      pageSize,
      pageCount: Math.ceil(capsules.length / pageSize),
    };
  };
}

/** Everything the dashboard calls, answered. */
export function dashboardHandlers(capsules: Capsule[], overrides: Handlers = {}): Handlers {
  return {
    'capsules.counts': () => COUNTS,
    'capsules.list': listOf(capsules),
    'capsules.byId': (input) => capsules.find((c) => c.id === (input as { id: string }).id),
    'subscriptions.current': () => ({
      productName: '5 Legacy Capsules',
      allowance: 5,
      subscriptions: [],
    }),
    'contacts.list': () => CONTACTS,
    ...overrides,
  };
}

/** The signed-in chunk loads lazily: the first render of a page may take a moment. */
export const PAGE_LOAD = { timeout: 5000 };
