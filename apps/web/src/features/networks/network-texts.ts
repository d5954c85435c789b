import type { RelationshipType } from '@capsule/domain';

// Texts of the network pages that the spec does not word; the quoted ones (page titles, add
// buttons, view names, 'Create New Group') come from @capsule/domain.
export const NETWORK_TEXTS = {
  allTab: 'All',
  viewSwitchLabel: 'View',
  detailTabsLabel: 'Relationship details',
  summaryTitle: 'Network summary',
  summaryNone: 'No contacts yet',
  emptyDetail: (detail: string) => `No contacts with the relationship ${detail} yet.`,
  emptyType: (type: RelationshipType) =>
    `No ${TYPE_NOUNS[type]} yet. Add your first one to see your network grow.`,
  mapLoading: 'Drawing your relationship map...',
  mapEmpty: 'Nobody to draw yet: add a contact to start your map.',
} as const;

/** How a type's contacts are called in a sentence. */
export const TYPE_NOUNS: Record<RelationshipType, string> = {
  Family: 'family members',
  Friend: 'friends',
  Colleague: 'colleagues',
  Other: 'other contacts',
};

export const GROUP_SCREEN_TEXTS = {
  empty: 'No groups yet.',
  emptyHint: (type: RelationshipType) =>
    `Gather ${TYPE_NOUNS[type]} you often think of together, such as one side of the family or a circle of friends.`,
  nameLabel: 'Group name',
  namePlaceholder: 'e.g. Grandparents',
  membersLabel: 'Members',
  membersPlaceholder: 'Choose contacts',
  noCandidates: (type: RelationshipType) => `Add ${TYPE_NOUNS[type]} first to put them in a group.`,
  allMembersAlready: 'Everyone of this type is already in this group.',
  nothingFound: 'Nobody by that name',
  create: 'Create Group',
  creating: 'Creating...',
  created: 'Group created',
  createFailed: 'Failed to create group',
  renameTitle: 'Rename Group',
  rename: 'Rename',
  renamed: 'Group renamed',
  renameFailed: 'Failed to rename group',
  addMembersTitle: 'Add Members',
  addMembers: 'Add members',
  membersAdded: 'Members added',
  addMembersFailed: 'Failed to add members',
  memberRemoved: 'Member removed',
  removeMemberFailed: 'Failed to remove member',
  deleteTitle: 'Delete Group',
  delete: 'Delete group',
  deleted: 'Group deleted',
  deleteFailed: 'Failed to delete group',
  deleteBody: 'Its members stay in your contacts; only the group goes.',
  noMembers: 'No members yet.',
  memberCount: (n: number) => (n === 1 ? '1 member' : `${n} members`),
  saving: 'Saving...',
  cancel: 'Cancel',
  unknownError: 'An unknown error occurred',
} as const;
