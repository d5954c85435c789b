import type { Insertable, Updateable } from 'kysely';
import type {
  AffiliatePaymentsTable,
  AffiliatesTable,
  IntegrationSyncRecordsTable,
  ReferralsTable,
} from './schema/affiliates.js';
import type {
  AuthFailuresTable,
  OneTimeCodesTable,
  SessionIdentitiesTable,
  SessionsTable,
  TermsAcceptancesTable,
  UsersTable,
} from './schema/auth.js';
import type {
  CapsuleCountersTable,
  CapsulePackagesTable,
  CapsulesTable,
  PaymentsTable,
  ReceivedCapsulesTable,
  SubscriptionsTable,
} from './schema/commerce.js';
import type { ContactGroupMembersTable, ContactGroupsTable, ContactsTable } from './schema/contacts.js';
import type { DeliveryMailsTable } from './schema/delivery.js';
import type { DocumentUploadsTable } from './schema/documents.js';
import type { StoredBlobsTable } from './schema/stored-blobs.js';
import type { PendingPurchasesTable, StripeEventsTable } from './schema/stripe.js';
import type { VideoUploadsTable } from './schema/uploads.js';

// The tables of migrations/src, as Kysely sees them through the CamelCasePlugin (created_at in
// SQL is createdAt here). Keep this file in step with the migrations: a new column is a new
// migration AND a line here.
//
// How values come back, on PostgreSQL (pg) and PGlite alike (see database.ts):
// - timestamptz: a Date; written as a Date or an ISO string.
// - date: a 'YYYY-MM-DD' string (a calendar day, not an instant: no time-zone shift).
// - numeric: a string such as '199.00' (exact money; convert deliberately, never store floats).
// - jsonb: the parsed value, typed unknown (validate before use). Write it as JSON text
//   (JSON.stringify): pg would send a JS array as a PostgreSQL array, not as JSON.
// - Text columns with a CHECK of fixed values are literal unions where the app's own types
//   agree; contacts' relationship types stay string (the services filter by any string).
//
// One file per migration's tables in schema/; this file assembles them for Kysely.

export type * from './schema/affiliates.js';
export type * from './schema/auth.js';
export type * from './schema/commerce.js';
export type * from './schema/contacts.js';
export type * from './schema/delivery.js';
export type * from './schema/documents.js';
export type * from './schema/stored-blobs.js';
export type * from './schema/stripe.js';
export type * from './schema/uploads.js';
export type * from './schema/values.js';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sessionIdentities: SessionIdentitiesTable;
  oneTimeCodes: OneTimeCodesTable;
  authFailures: AuthFailuresTable;
  termsAcceptances: TermsAcceptancesTable;
  contacts: ContactsTable;
  contactGroups: ContactGroupsTable;
  contactGroupMembers: ContactGroupMembersTable;
  capsulePackages: CapsulePackagesTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  capsules: CapsulesTable;
  capsuleCounters: CapsuleCountersTable;
  receivedCapsules: ReceivedCapsulesTable;
  videoUploads: VideoUploadsTable;
  stripeEvents: StripeEventsTable;
  pendingPurchases: PendingPurchasesTable;
  deliveryMails: DeliveryMailsTable;
  documentUploads: DocumentUploadsTable;
  affiliates: AffiliatesTable;
  referrals: ReferralsTable;
  affiliatePayments: AffiliatePaymentsTable;
  integrationSyncRecords: IntegrationSyncRecordsTable;
  storedBlobs: StoredBlobsTable;
}

// Row types for inserts and updates that services build before handing them to a repository.
export type NewCapsulePackage = Insertable<CapsulePackagesTable>;
export type NewCapsule = Insertable<CapsulesTable>;
export type CapsuleUpdate = Updateable<CapsulesTable>;
export type NewVideoUpload = Insertable<VideoUploadsTable>;
export type VideoUploadUpdate = Updateable<VideoUploadsTable>;
