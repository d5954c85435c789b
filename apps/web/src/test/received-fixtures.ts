// Test data for the Received Capsules web-unit tests (not imported by the app).

import type { ReceivedCapsule, ReceivedCounts } from '../features/received/received-display';
import type { Handlers } from './trpc-mock';

const DAY = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
/** A calendar day `days` from today, as the server sends delivery dates. */
export const dayFromNow = (days: number) => daysFromNow(days).slice(0, 10);

let next = 0;

/** A delivered View_Any_Time capsule with a stored video: 'View Capsule' is offered. */
export function makeReceived(overrides: Partial<ReceivedCapsule> = {}): ReceivedCapsule {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    title: `Legacy Capsule #${next}`,
    status: 'Sent',
    category: 'Graduation',
    criteria: 'View_Any_Time',
    recipientName: 'Ada King Lovelace',
    recipientEmail: 'ada.lovelace@example.com',
    message: null,
    deliveryDate: null,
    documentStatus: null,
    documentRejectionReason: null,
    documentSubmittedAt: null,
    hasVideo: true,
    uploadDate: daysFromNow(-40),
    createdAt: daysFromNow(-60),
    receivedAt: daysFromNow(-2),
    openedAt: null,
    playedAt: null,
    sender: { id: '00000000-0000-4000-9000-00000000000a', name: 'Grace Hopper', email: 'grace@example.com' },
    thumbnailUrl: null,
    canView: true,
    lockedReason: null,
    opensAt: null,
    canSubmitDocuments: false,
    ...overrides,
  };
}

export const RECEIVED_COUNTS: ReceivedCounts = {
  total: 9,
  viewAnyTime: 4,
  milestoneDate: 3,
  documentValidation: 2,
};

/** The list call answering one page of `items` (12 a page) with the counts. */
export function receivedListOf(items: ReceivedCapsule[], counts: ReceivedCounts = RECEIVED_COUNTS) {
  return (input: unknown) => {
    const { page = 1, limit = 12 } = (input ?? {}) as { page?: number; limit?: number };
    return {
      items: items.slice((page - 1) * limit, page * limit),
      total: items.length,
      page,
      limit,
      counts,
    };
  };
}

/** Everything Received Capsules calls, answered. */
export function receivedHandlers(items: ReceivedCapsule[], overrides: Handlers = {}): Handlers {
  return {
    'receivedCapsules.list': receivedListOf(items),
    'receivedCapsules.byId': (input) => items.find((c) => c.id === (input as { id: string }).id),
    'receivedCapsules.secureUrl': () => ({
      url: 'https://storage.test/video.mp4?sig=read',
      expiresAt: daysFromNow(0.01),
    }),
    'receivedCapsules.played': () => ({ playedAt: new Date().toISOString() }),
    ...overrides,
  };
}

/** The signed-in chunk loads lazily: the first render of a page may take a moment. */
export const PAGE_LOAD = { timeout: 5000 };
