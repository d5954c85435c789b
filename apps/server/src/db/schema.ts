import type { Insertable, Updateable } from 'kysely';
import type { AffiliatesTables } from './schema/affiliates.js';
import type { AuditTables } from './schema/audit.js';
import type { AuthTables } from './schema/auth.js';
import type { CapsulesTable, CapsulesTables, VideoUploadsTable } from './schema/capsules.js';
import type { CapsulePackagesTable, CommerceTables } from './schema/commerce.js';
import type { ContactsTables } from './schema/contacts.js';
import type { OtpTables } from './schema/otp.js';
import type { StorageTables } from './schema/storage.js';
import type { SyncTables } from './schema/sync.js';
import type { TermsTables } from './schema/terms.js';
import type { UsersTables } from './schema/users.js';

// The tables of migrations/src, as Kysely sees them through the CamelCasePlugin (created_at in
// SQL is createdAt here). Keep schema/ in step with the migrations: a new column is a new
// migration AND a line in its module's file there.
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
// One file per owning module in schema/ (schema/capsules.ts holds the capsules module's tables):
// a table belongs to the module whose file declares it, and only that module's repositories
// name it (docs/decisions/008-modules-own-their-tables.md; the architecture test reads these
// files). columns.ts holds the column shapes they share. This file assembles them for Kysely.

export type * from './schema/affiliates.js';
export type * from './schema/audit.js';
export type * from './schema/auth.js';
export type * from './schema/capsules.js';
export type * from './schema/commerce.js';
export type * from './schema/contacts.js';
export type * from './schema/otp.js';
export type * from './schema/storage.js';
export type * from './schema/sync.js';
export type * from './schema/terms.js';
export type * from './schema/users.js';

export interface Database
  extends AffiliatesTables,
    AuditTables,
    AuthTables,
    CapsulesTables,
    CommerceTables,
    ContactsTables,
    OtpTables,
    StorageTables,
    SyncTables,
    TermsTables,
    UsersTables {}

// Row types for inserts and updates that services build before handing them to a repository.
export type NewCapsulePackage = Insertable<CapsulePackagesTable>;
export type NewCapsule = Insertable<CapsulesTable>;
export type CapsuleUpdate = Updateable<CapsulesTable>;
export type NewVideoUpload = Insertable<VideoUploadsTable>;
export type VideoUploadUpdate = Updateable<VideoUploadsTable>;
