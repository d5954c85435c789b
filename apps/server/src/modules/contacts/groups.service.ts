import type { GroupRelationshipType } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { ContactGroup } from './contact.output.js';
import { CONTACT_NOT_FOUND } from './contacts.service.js';
import {
  addMembers,
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  ownedContacts,
  removeMember,
  renameGroup,
} from './groups.repository.js';

type GroupType = GroupRelationshipType;

const GROUP_ERRORS = {
  notFound: 'Group not found',
  duplicate: 'You already have a group with this name.',
  wrongType: (type: string) => `Only contacts of type ${type} can join this group.`,
} as const;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function ownGroup(deps: AppDeps, ownerId: string, id: string) {
  const group = isUuid(id) ? await findGroup(deps.db, ownerId, id) : undefined;
  if (!group) throw notFound(GROUP_ERRORS.notFound);
  return group;
}

/** The contacts must be the owner's (else 404, like a missing one) and of the group's type. */
async function checkMembers(deps: AppDeps, ownerId: string, type: string, contactIds: string[]) {
  const unique = [...new Set(contactIds)];
  if (!unique.every(isUuid)) throw notFound(CONTACT_NOT_FOUND);
  const found = await ownedContacts(deps.db, ownerId, unique);
  if (found.length !== unique.length) throw notFound(CONTACT_NOT_FOUND);
  if (found.some((c) => c.relationshipType !== type))
    throw new AppError('BAD_INPUT', GROUP_ERRORS.wrongType(type));
  return unique;
}

export async function listMyGroups(
  deps: AppDeps,
  ownerId: string,
  type?: GroupType,
): Promise<ContactGroup[]> {
  return (await listGroups(deps.db, ownerId, type ? { relationshipType: type } : {})).map(toGroup);
}

function toGroup(row: Awaited<ReturnType<typeof listGroups>>[number]): ContactGroup {
  return { ...row, memberIds: row.memberIds ?? [], createdAt: row.createdAt.toISOString() };
}

async function groupById(deps: AppDeps, ownerId: string, id: string): Promise<ContactGroup> {
  const [found] = await listGroups(deps.db, ownerId, { id });
  if (!found) throw notFound(GROUP_ERRORS.notFound);
  return toGroup(found);
}

export async function createGroup(
  deps: AppDeps,
  ownerId: string,
  input: { name: string; relationshipType: GroupType; contactIds: string[] },
): Promise<ContactGroup> {
  const members = await checkMembers(deps, ownerId, input.relationshipType, input.contactIds);
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const group = await insertGroup(trx, ownerId, input.name, input.relationshipType);
      await addMembers(trx, group.id, members);
      return group.id;
    });
    return groupById(deps, ownerId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GROUP_ERRORS.duplicate);
    throw error;
  }
}

export async function renameMyGroup(deps: AppDeps, ownerId: string, id: string, name: string) {
  if (!isUuid(id)) throw notFound(GROUP_ERRORS.notFound);
  try {
    const renamed = await renameGroup(deps.db, ownerId, id, name, deps.clock.now());
    if (!renamed) throw notFound(GROUP_ERRORS.notFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GROUP_ERRORS.duplicate);
    throw error;
  }
  return groupById(deps, ownerId, id);
}

export async function deleteMyGroup(deps: AppDeps, ownerId: string, id: string) {
  const deleted = isUuid(id) ? await deleteGroup(deps.db, ownerId, id) : undefined;
  if (!deleted) throw notFound(GROUP_ERRORS.notFound);
  return { id: deleted.id };
}

export async function addGroupMembers(deps: AppDeps, ownerId: string, groupId: string, contactIds: string[]) {
  const group = await ownGroup(deps, ownerId, groupId);
  await addMembers(deps.db, group.id, await checkMembers(deps, ownerId, group.relationshipType, contactIds));
  return groupById(deps, ownerId, groupId);
}

export async function removeGroupMember(deps: AppDeps, ownerId: string, groupId: string, contactId: string) {
  const group = await ownGroup(deps, ownerId, groupId);
  const removed = isUuid(contactId) ? await removeMember(deps.db, group.id, contactId) : undefined;
  if (!removed) throw notFound(CONTACT_NOT_FOUND);
  return groupById(deps, ownerId, groupId);
}
