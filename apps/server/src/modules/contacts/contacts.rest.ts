import { contactFormSchema, contactInputSchema, renameContactPayload } from '@capsule/domain';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../errors.js';
import { latestToday } from '../../lib/today.js';
import { memberOnly, sessionOf } from '../../rest/guards.js';
import { bodyOrEmpty, idParams, readAs } from '../../rest/inputs.js';
import { SESSION_SECURITY } from '../../rest/openapi.js';
import { memberErrors } from '../../rest/responses.js';
import type { RestApp } from '../../rest/rest-app.js';
import { contactOutputSchema, deletedOutputSchema } from './contact.output.js';
import { toContactServerForm } from './contacts.mapper.js';
import { createContact, editContact, listMyContacts, removeContact } from './contacts.service.js';

const DELETE_WITHOUT_ID = 'Choose the contact to delete: the request must carry its id.';

// The old client sent DELETE /api/delete-user-contact without the id (spec section 7); ours
// sends it in the body ({ id } or { contactId }) or the query (?id=). No id is a 400.
const deleteTarget = z.object({
  id: z.string().trim().min(1).optional().describe('The contact to delete.'),
  contactId: z.string().trim().min(1).optional().describe('The same, under its other name.'),
});
// Body and query are each read when they name an id and skipped otherwise; the handler answers
// 400 when neither does.
const deleteTargetOrNone = bodyOrEmpty(deleteTarget).catch({});

const c = contactOutputSchema.shape;
/** The spec's server form of a contact (section 3, 'Contact (server form)'). */
const contactServerFormSchema = z
  .object({
    id: c.id,
    x_name: c.fullName,
    x_studio_email: c.email,
    x_studio_partner_phone: c.phone,
    x_studio_relationship_type: c.relationshipType,
    x_relationship_details: c.relationshipDetails,
    x_studio_birthday: c.birthday,
  })
  .describe("The contact in the spec's server form.");

export function registerContactsRest(app: RestApp, deps: AppDeps) {
  const today = latestToday(deps.clock);
  const contactInput = contactInputSchema(today);
  const input = contactInput.shape;
  // The spec's contact form payload (section 3), and the camelCase names tRPC uses; the spec's
  // name wins when both are sent. Renamed onto the one input schema tRPC parses.
  const contactPayload = readAs(
    z.object({
      ...contactFormSchema(today).shape,
      email: input.email.optional().describe('x_studio_email under the name tRPC uses.'),
      relationshipType: input.relationshipType.describe('x_studio_relationship_type under its tRPC name.'),
      relationshipDetails: input.relationshipDetails.describe('x_relationship_details under its tRPC name.'),
    }),
    renameContactPayload,
    contactInput,
  );
  const tags = ['contacts'];

  app.get(
    '/api/contacts',
    {
      ...memberOnly,
      schema: {
        tags,
        security: SESSION_SECURITY,
        querystring: readAs(
          z.object({
            search: z.string().optional().describe('Over name, first, last and e-mail, in any case.'),
          }),
          // A search given twice is no search.
          (q) => ({ search: typeof q.search === 'string' ? q.search : undefined }),
          z.object({ search: z.string().optional() }),
        ),
        response: { 200: z.array(contactServerFormSchema), ...memberErrors() },
      },
    },
    async (request) =>
      (await listMyContacts(deps, sessionOf(request).user.id, request.query)).map(toContactServerForm),
  );

  app.post(
    '/api/contacts',
    {
      ...memberOnly,
      schema: {
        tags,
        security: SESSION_SECURITY,
        body: contactPayload,
        response: { 201: contactServerFormSchema, ...memberErrors() },
      },
    },
    async (request, reply) => {
      const contact = await createContact(deps, sessionOf(request).user.id, request.body);
      return reply.code(201).send(toContactServerForm(contact));
    },
  );

  app.patch(
    '/api/contacts/:id',
    {
      ...memberOnly,
      schema: {
        tags,
        security: SESSION_SECURITY,
        params: idParams,
        body: contactPayload,
        response: { 200: contactServerFormSchema, ...memberErrors(404) },
      },
    },
    async (request) =>
      toContactServerForm(
        await editContact(deps, sessionOf(request).user.id, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/delete-user-contact',
    {
      ...memberOnly,
      schema: {
        tags,
        security: SESSION_SECURITY,
        description:
          'The id is read from the body (`id`, then `contactId`), else from the query, in that order.',
        body: deleteTargetOrNone,
        querystring: deleteTargetOrNone,
        response: { 200: deletedOutputSchema, ...memberErrors(404) },
      },
    },
    async (request) => {
      const { body, query } = request;
      const id = body.id ?? body.contactId ?? query.id ?? query.contactId;
      if (!id) throw badInput(DELETE_WITHOUT_ID);
      return removeContact(deps, sessionOf(request).user.id, id);
    },
  );
}
