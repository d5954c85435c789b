import { RELATIONSHIP_TYPES } from '@capsule/domain';
import { z } from 'zod';

// What the contact procedures answer, checked on the way out (.output()): the REST mapper
// (contacts.mapper.ts) and the web client rely on this shape.
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
