import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from './columns.js';
import type { SyncStatus } from './sync.js';

// The users module's table (modules/users/README.md).

interface UsersTable {
  id: Generated<string>;
  username: string;
  /** Unique whatever its case (unique index on lower(email)). */
  email: string;
  passwordHash: string;
  fullName: string;
  phoneNumber: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  /** The card payment provider's customer id. */
  paymentCustomerId: string | null;
  /** The cloud storage container of the user's blobs. */
  storageContainerId: string | null;
  /** The business-management system's customer id. */
  businessCustomerId: string | null;
  partnerRef: string | null;
  lastSyncAt: NullableTimestamp;
  syncStatus: ColumnType<SyncStatus, SyncStatus | undefined, SyncStatus>;
}

/** A role a user holds (migration 0024); 'operator' is the only one. */
export type UserRole = 'operator';

interface UserRolesTable {
  userId: string;
  role: UserRole;
  grantedAt: ColumnType<Date, Date, never>;
  /** Who granted it: the admin CLI's --operator, else the system account running it. */
  grantedBy: string;
}

export interface UsersTables {
  users: UsersTable;
  userRoles: UserRolesTable;
}
