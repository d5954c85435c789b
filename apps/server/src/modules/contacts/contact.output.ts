import { GROUP_RELATIONSHIP_TYPES, RELATIONSHIP_TYPES } from '@capsule/domain';
import { z } from 'zod';

// What the contact and group procedures answer, checked on the way out (.output()): the REST
// mapper (contacts.mapper.ts) and the web client rely on these shapes; zod strips any field not
// listed.
export const contactOutputSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  relationshipType: z.enum(RELATIONSHIP_TYPES).nullable(),
  relationshipDetails: z.string().nullable(),
  birthday: z.iso.date().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Contact = z.infer<typeof contactOutputSchema>;

/** A group with its members' contact ids, in the order they were added. */
export const contactGroupOutputSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  relationshipType: z.enum(GROUP_RELATIONSHIP_TYPES),
  memberIds: z.array(z.uuid()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactGroup = z.infer<typeof contactGroupOutputSchema>;

/** A delete's answer: the id of what is gone. */
export const deletedOutputSchema = z.object({ id: z.uuid() });
