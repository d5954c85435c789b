import { describe, expect, it } from 'vitest';
import {
  CAPSULE_PAGE_SIZE,
  CAPSULE_SORTBY_TEXTS,
  capsuleListQuerySchema,
  capsuleSortbySchema,
  STATUS_SORT_OPTIONS,
  TYPE_FILTER_OPTIONS,
} from './capsule-list.js';
import {
  CAPSULE_STATUSES,
  capsuleStatusSchema,
  deliveryCriteriaLabel,
  kindColor,
  normaliseDeliveryCriteria,
  normaliseKind,
  normaliseStatus,
  statusColor,
  statusLabel,
} from './capsule-status.js';

describe('normaliseStatus', () => {
  it.each(CAPSULE_STATUSES)('keeps the canonical %s', (status) => {
    expect(normaliseStatus(status)).toBe(status);
  });
  it('reads lower-case and spaced variants', () => {
    expect(normaliseStatus('sent')).toBe('Sent');
    expect(normaliseStatus('pending_upload')).toBe('Pending_Upload');
    expect(normaliseStatus(' PENDING RECIPIENT ')).toBe('Pending_Recipient');
    expect(normaliseStatus('to-delete')).toBe('To_Delete');
  });
  it('gives null for unknown or empty values', () => {
    expect(normaliseStatus('Delivered')).toBeNull();
    expect(normaliseStatus('')).toBeNull();
    expect(normaliseStatus(null)).toBeNull();
  });
  it('parses through the schema, refusing unknown values', () => {
    expect(capsuleStatusSchema.parse('reviewing')).toBe('Reviewing');
    expect(capsuleStatusSchema.safeParse('Lost').error?.issues[0]?.message).toBe('Unknown capsule status');
  });
});

describe('statusLabel', () => {
  it.each([
    ['Pending_Recipient', 'Pending Recipient'],
    ['Pending_Upload', 'Pending Upload'],
    ['Upload_In_Progress', 'Upload In Progress'],
    ['Reviewing', 'Reviewing'],
    ['Needs_Review', 'Under Review'],
    ['Processed', 'Processed'],
    ['Sent', 'Stored'],
    ['To_Delete', 'Marked For Deletion'],
  ])('labels %s as %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
  it("reads To_Delete as 'To Be Deleted' on the sender list only", () => {
    expect(statusLabel('To_Delete', { senderList: true })).toBe('To Be Deleted');
    expect(statusLabel('Sent', { senderList: true })).toBe('Stored');
  });
  it('labels lower-case variants like the canonical ones', () => {
    expect(statusLabel('sent')).toBe('Stored');
    expect(statusLabel('pending_upload')).toBe('Pending Upload');
    expect(statusLabel('needs_review')).toBe('Under Review');
  });
  it('shows an unknown value with underscores as spaces', () => {
    expect(statusLabel('On_Hold')).toBe('On Hold');
    expect(statusLabel(null)).toBe('');
  });
});

describe('colours', () => {
  it.each([
    ['Pending_Recipient', 'orange'],
    ['Pending_Upload', 'yellow'],
    ['Reviewing', 'indigo'],
    ['Sent', 'green'],
    ['sent', 'green'],
    ['To_Delete', 'red'],
    ['Upload_In_Progress', 'gray'],
    ['Needs_Review', 'gray'],
    ['Processed', 'gray'],
    ['whatever', 'gray'],
  ])('colours the status %s %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });
  it('colours kinds: legacy primary, journey accent, others gray', () => {
    expect(kindColor('legacy')).toBe('primary');
    expect(kindColor('Journey')).toBe('accent');
    expect(kindColor('other')).toBe('gray');
    expect(kindColor(null)).toBe('gray');
    expect(normaliseKind('LEGACY')).toBe('legacy');
  });
});

describe('delivery criteria', () => {
  it('reads exact values and keywords', () => {
    expect(normaliseDeliveryCriteria('Milestone_Date')).toBe('Milestone_Date');
    expect(normaliseDeliveryCriteria('milestone')).toBe('Milestone_Date');
    expect(normaliseDeliveryCriteria('Requires Document Validation')).toBe('Document_Validation');
    expect(normaliseDeliveryCriteria('view_anytime')).toBe('View_Any_Time');
    expect(normaliseDeliveryCriteria('Premium Document Verification')).toBe('Premium_Verification');
    expect(normaliseDeliveryCriteria('never')).toBeNull();
    expect(normaliseDeliveryCriteria(null)).toBeNull();
  });
  it('labels criteria with spaces', () => {
    expect(deliveryCriteriaLabel('View_Any_Time')).toBe('View Any Time');
    expect(deliveryCriteriaLabel('Odd_Value')).toBe('Odd Value');
    expect(deliveryCriteriaLabel(undefined)).toBe('');
  });
});

describe('list filters', () => {
  it('offers the status sort with Sent labelled Processed', () => {
    expect(STATUS_SORT_OPTIONS).toEqual([
      { value: '', label: 'All Statuses' },
      { value: 'Pending_Recipient', label: 'Pending Recipient' },
      { value: 'Pending_Upload', label: 'Pending Upload' },
      { value: 'Reviewing', label: 'Reviewing' },
      { value: 'Sent', label: 'Processed' },
      { value: 'To_Delete', label: 'To Be Deleted' },
    ]);
  });
  it('offers the type filter', () => {
    expect(TYPE_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All Types',
      'Graduation',
      'Wedding',
      'First Born',
      'Wake',
      'Honeymoon',
    ]);
    expect(CAPSULE_PAGE_SIZE).toBe(12);
  });
  it('parses the list query', () => {
    expect(capsuleListQuerySchema.parse({})).toEqual({ status: null, types: [], page: 1 });
    expect(capsuleListQuerySchema.parse({ status: 'sent', types: 'Wake', page: '3' })).toEqual({
      status: 'Sent',
      types: ['Wake'],
      page: 3,
    });
    expect(capsuleListQuerySchema.parse({ status: '', types: ['Wake', 'First Born'] }).types).toEqual([
      'Wake',
      'First Born',
    ]);
  });
  it("reads the legacy forms: 'default' and 'all' statuses, blank and any-case types", () => {
    expect(capsuleListQuerySchema.parse({ status: 'default' }).status).toBeNull();
    expect(capsuleListQuerySchema.parse({ status: 'ALL' }).status).toBeNull();
    expect(capsuleListQuerySchema.parse({ types: ['', 'first born', 'WAKE'] }).types).toEqual([
      'First Born',
      'Wake',
    ]);
  });
  it('reads sortby as the spec does: a status, default, or one of our orders', () => {
    expect(capsuleSortbySchema.parse(undefined)).toEqual({ status: null, sort: 'newest' });
    expect(capsuleSortbySchema.parse('default')).toEqual({ status: null, sort: 'newest' });
    for (const status of ['Pending_Recipient', 'Pending_Upload', 'Reviewing', 'Sent', 'To_Delete']) {
      expect(capsuleSortbySchema.parse(status)).toEqual({ status, sort: 'newest' });
    }
    expect(capsuleSortbySchema.parse('oldest')).toEqual({ status: null, sort: 'oldest' });
    expect(capsuleSortbySchema.parse('delivery')).toEqual({ status: null, sort: 'delivery' });
    expect(capsuleSortbySchema.safeParse('sideways').error?.issues[0]?.message).toBe(
      CAPSULE_SORTBY_TEXTS.invalid,
    );
  });
  it('refuses unknown statuses, types and bad pages', () => {
    expect(capsuleListQuerySchema.safeParse({ status: 'Lost' }).success).toBe(false);
    expect(capsuleListQuerySchema.safeParse({ types: ['Family'] }).success).toBe(false);
    expect(capsuleListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(capsuleListQuerySchema.safeParse({ page: 'x' }).success).toBe(false);
  });
});
