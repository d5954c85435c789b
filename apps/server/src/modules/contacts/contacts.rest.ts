import { contactInputSchema, renameContactPayload } from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../errors.js';
import { latestToday } from '../../lib/today.js';
import { bodyFields } from '../../rest/body.js';
import { memberRequired, sessionOf } from '../../rest/guards.js';
import { toContactServerForm } from './contacts.mapper.js';
import { createContact, editContact, listMyContacts, removeContact } from './contacts.service.js';

export const DELETE_WITHOUT_ID = 'Choose the contact to delete: the request must carry its id.';

// The old client sent DELETE /api/delete-user-contact without the id (spec section 7); ours
// sends it in the body ({ id } or { contactId }) or the query (?id=). No id is a 400.
const deleteTarget = z.object({
  id: z.string().trim().min(1).optional(),
  contactId: z.string().trim().min(1).optional(),
});

export function registerContactsRest(app: FastifyInstance, deps: AppDeps) {
  const member = { preHandler: memberRequired };
  const contactInput = contactInputSchema(latestToday(deps.clock));
  // The spec's contact form payload (section 3) renamed onto the one input schema tRPC parses.
  const fromLegacy = (body: unknown) => contactInput.parse(renameContactPayload(bodyFields(body)));

  app.get<{ Querystring: { search?: string } }>('/api/contacts', member, async (request) => {
    const search = typeof request.query.search === 'string' ? request.query.search : undefined;
    return (await listMyContacts(deps, sessionOf(request).user.id, { search })).map(toContactServerForm);
  });

  app.post('/api/contacts', member, async (request, reply) => {
    const input = fromLegacy(request.body);
    const contact = await createContact(deps, sessionOf(request).user.id, input);
    return reply.code(201).send(toContactServerForm(contact));
  });

  app.patch<{ Params: { id: string } }>('/api/contacts/:id', member, async (request) => {
    const input = fromLegacy(request.body);
    return toContactServerForm(await editContact(deps, sessionOf(request).user.id, request.params.id, input));
  });

  app.delete('/api/delete-user-contact', member, async (request) => {
    const fromBody = deleteTarget.safeParse(request.body ?? {});
    const fromQuery = deleteTarget.safeParse(request.query ?? {});
    const body = fromBody.success ? fromBody.data : {};
    const query = fromQuery.success ? fromQuery.data : {};
    const id = body.id ?? body.contactId ?? query.id ?? query.contactId;
    if (!id) throw badInput(DELETE_WITHOUT_ID);
    return removeContact(deps, sessionOf(request).user.id, id);
  });
}
