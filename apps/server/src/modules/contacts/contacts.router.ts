import {
  contactInputSchema,
  groupNameSchema,
  groupRelationshipTypeSchema,
  RELATIONSHIP_TYPES,
} from '@capsule/domain';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { idSchema } from '../../lib/ids.js';
import { latestToday } from '../../lib/today.js';
import { parsedOutput, protectedProcedure, router } from '../../trpc/init.js';
import { contactGroupOutputSchema, contactOutputSchema, deletedOutputSchema } from './contact.output.js';
import {
  createContact,
  editContact,
  getMyContact,
  listMyContacts,
  removeContact,
} from './contacts.service.js';
import {
  addGroupMembers,
  createGroup,
  deleteMyGroup,
  listMyGroups,
  removeGroupMember,
  renameMyGroup,
} from './groups.service.js';

const groupType = groupRelationshipTypeSchema;

/** A factory: "not in the future" for a birthday reads the app's injected clock (tests move it). */
export const createContactsRouter = (deps: Pick<AppDeps, 'clock'>) => {
  const contactInput = contactInputSchema(latestToday(deps.clock));
  return router({
    list: protectedProcedure
      .input(
        z
          .object({
            search: z.string().max(200).optional(),
            relationshipType: z.enum(RELATIONSHIP_TYPES).optional(),
          })
          .optional(),
      )
      .output(parsedOutput(z.array(contactOutputSchema)))
      .query(({ ctx, input }) => listMyContacts(ctx.deps, ctx.session.user.id, input ?? {})),

    byId: protectedProcedure
      .input(z.object({ id: idSchema }))
      .output(parsedOutput(contactOutputSchema))
      .query(({ ctx, input }) => getMyContact(ctx.deps, ctx.session.user.id, input.id)),

    create: protectedProcedure
      .input(contactInput)
      .output(parsedOutput(contactOutputSchema))
      .mutation(({ ctx, input }) => createContact(ctx.deps, ctx.session.user.id, input)),

    update: protectedProcedure
      .input(z.object({ id: idSchema, contact: contactInput }))
      .output(parsedOutput(contactOutputSchema))
      .mutation(({ ctx, input }) => editContact(ctx.deps, ctx.session.user.id, input.id, input.contact)),

    delete: protectedProcedure
      .input(z.object({ id: idSchema }))
      .output(parsedOutput(deletedOutputSchema))
      .mutation(({ ctx, input }) => removeContact(ctx.deps, ctx.session.user.id, input.id)),

    groups: router({
      list: protectedProcedure
        .input(z.object({ relationshipType: groupType.optional() }).optional())
        .output(parsedOutput(z.array(contactGroupOutputSchema)))
        .query(({ ctx, input }) => listMyGroups(ctx.deps, ctx.session.user.id, input?.relationshipType)),

      create: protectedProcedure
        .input(
          z.object({
            name: groupNameSchema,
            relationshipType: groupType,
            contactIds: z.array(idSchema).max(1000).default([]),
          }),
        )
        .output(parsedOutput(contactGroupOutputSchema))
        .mutation(({ ctx, input }) => createGroup(ctx.deps, ctx.session.user.id, input)),

      rename: protectedProcedure
        .input(z.object({ id: idSchema, name: groupNameSchema }))
        .output(parsedOutput(contactGroupOutputSchema))
        .mutation(({ ctx, input }) => renameMyGroup(ctx.deps, ctx.session.user.id, input.id, input.name)),

      delete: protectedProcedure
        .input(z.object({ id: idSchema }))
        .output(parsedOutput(deletedOutputSchema))
        .mutation(({ ctx, input }) => deleteMyGroup(ctx.deps, ctx.session.user.id, input.id)),

      addMembers: protectedProcedure
        .input(z.object({ groupId: idSchema, contactIds: z.array(idSchema).min(1).max(1000) }))
        .output(parsedOutput(contactGroupOutputSchema))
        .mutation(({ ctx, input }) =>
          addGroupMembers(ctx.deps, ctx.session.user.id, input.groupId, input.contactIds),
        ),

      removeMember: protectedProcedure
        .input(z.object({ groupId: idSchema, contactId: idSchema }))
        .output(parsedOutput(contactGroupOutputSchema))
        .mutation(({ ctx, input }) =>
          removeGroupMember(ctx.deps, ctx.session.user.id, input.groupId, input.contactId),
        ),
    }),
  });
};
