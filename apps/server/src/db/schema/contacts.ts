import type { GroupRelationshipType, RelationshipType } from '@capsule/domain';
import type { Generated } from 'kysely';
import type { Computed, DefaultedTimestamp } from './columns.js';

// The contacts module's tables (modules/contacts/README.md).

interface ContactsTable {
  id: Generated<string>;
  userId: string;
  firstName: string;
  lastName: string;
  /** first_name || ' ' || last_name, computed by the database. */
  fullName: Computed<string>;
  email: string;
  phone: string | null;
  /** Family, Friend, Colleague or Other (CHECK). */
  relationshipType: RelationshipType | null;
  relationshipDetails: string | null;
  /** 'YYYY-MM-DD', not before 1900-01-01. */
  birthday: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

interface ContactGroupsTable {
  id: Generated<string>;
  userId: string;
  name: string;
  /** Family or Friend (CHECK). */
  relationshipType: GroupRelationshipType;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

interface ContactGroupMembersTable {
  groupId: string;
  contactId: string;
  addedAt: DefaultedTimestamp;
}

export interface ContactsTables {
  contacts: ContactsTable;
  contactGroups: ContactGroupsTable;
  contactGroupMembers: ContactGroupMembersTable;
}
