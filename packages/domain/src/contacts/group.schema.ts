import { z } from 'zod';
import type { RelationshipType } from './relationships.js';

// Contact groups (the Groups view and the Create New Group dialog of spec section 2). The
// spec gives no rule for the name; 100 characters fits a heading and a tab.
const GROUP_NAME_MAX = 100;

export const GROUP_TEXTS = {
  nameRequired: 'Group name is required',
  nameTooLong: 'Group name must be at most 100 characters',
  createDialogTitle: 'Create New Group',
} as const;

export const groupNameSchema = z
  .string({ error: GROUP_TEXTS.nameRequired })
  .trim()
  .min(1, GROUP_TEXTS.nameRequired)
  .max(GROUP_NAME_MAX, GROUP_TEXTS.nameTooLong);

/** Groups exist for Family and Friend contacts only (the two network pages with a Groups view). */
export const GROUP_RELATIONSHIP_TYPES = ['Family', 'Friend'] as const satisfies readonly RelationshipType[];
export type GroupRelationshipType = (typeof GROUP_RELATIONSHIP_TYPES)[number];
export const groupRelationshipTypeSchema = z.enum(GROUP_RELATIONSHIP_TYPES, {
  error: 'Groups exist for Family and Friend contacts only.',
});
