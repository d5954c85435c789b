import { PHONE_PATTERN } from '@capsule/domain';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobSender } from '../../deps.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { recordChange } from '../sync/index.js';
import {
  findUserByEmail,
  findUserByEmailOrUsername,
  findUserById,
  findUsersByIds,
  findUsersByLowerEmails,
  insertUser,
  listUsers as listUserRows,
  searchUsersByEmail,
  updateUserProfile as updateUserProfileRow,
} from './users.repository.js';

// Accounts come from the main site (docs/server-rules.md, 'Accounts'): operators create them with the admin CLI,
// later the business-system sync does. There is no sign-up.
const newUserSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Invalid email address' })),
  password: z.string().min(8, 'The password must have at least 8 characters').max(1024),
  fullName: z.string().trim().min(1, 'Full name is required').max(200),
  phoneNumber: z.string().trim().regex(PHONE_PATTERN, 'Invalid phone number').optional(),
  username: z.string().trim().min(1).max(200).optional(),
});
type NewUserInput = z.input<typeof newUserSchema>;

/** What other modules may know of a user: never the password hash. */
export interface PublicUser {
  id: string;
  username: string;
  email: string;
  fullName: string;
  phoneNumber: string | null;
}

export async function createUser(db: Db, input: NewUserInput) {
  const user = newUserSchema.parse(input);
  const username = user.username ?? user.email;
  if (await findUserByEmailOrUsername(db, user.email, username)) {
    throw new AppError('CONFLICT', `A user with the e-mail ${user.email} already exists.`);
  }
  const passwordHash = await hashPassword(user.password);
  // The account and its record for the business system commit together (modules/sync, the outbox).
  return inTransaction(db, async (trx) => {
    const row = await insertUser(trx, {
      email: user.email,
      username,
      passwordHash,
      fullName: user.fullName,
      phoneNumber: user.phoneNumber ?? null,
    });
    await recordChange(trx, { entityType: 'user', entityId: row.id, data: customerData(row) });
    return row;
  });
}

/** What the business system keeps of a customer (modules/sync). */
const customerData = (u: { email: string; fullName: string; phoneNumber: string | null }) => ({
  email: u.email,
  fullName: u.fullName,
  phoneNumber: u.phoneNumber,
});

/** The caller's transaction when it is one, else a new one. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

export function listUsers(db: Db) {
  return listUserRows(db);
}

/** The operators' console's "find by e-mail": accounts whose e-mail contains the text. */
export function findUsersByEmailText(db: Db, text: string, page: { offset: number; limit: number }) {
  return searchUsersByEmail(db, text, page);
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  return (await findUserByEmail(db, email))?.id;
}

/**
 * The accounts of many e-mails in one query, keyed by the e-mail trimmed and lowered (the same
 * match as findUserByEmail): an e-mail without an account is absent from the map.
 */
export async function findUserIdsByEmails(db: Db, emails: string[]): Promise<Map<string, string>> {
  const lowered = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await findUsersByLowerEmails(db, lowered);
  return new Map(rows.map((r) => [r.email.trim().toLowerCase(), r.id]));
}

/** A user by id, without the password hash; undefined when there is none. */
export function findPublicUser(db: Db, id: string): Promise<PublicUser | undefined> {
  return findUserById(db, id);
}

/** Users by id, in one query, keyed by id; ids with no user are simply absent. */
export async function findPublicUsers(db: Db, ids: readonly string[]): Promise<Map<string, PublicUser>> {
  const rows = await findUsersByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The password check of sign-in; the hash never leaves this module. An unknown e-mail still
 * runs a hash comparison (verifyPassword with null), so both failures take about the same time.
 */
export async function verifyCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: string } | null> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  return user && ok ? { id: user.id } : null;
}

export function updateUserProfile(
  db: Db,
  id: string,
  values: { fullName: string; phoneNumber?: string | undefined },
  at: Date,
  /** Sends the push of the changed customer for the commit (modules/sync), where the caller has the queue. */
  jobs?: JobSender,
): Promise<PublicUser> {
  return inTransaction(db, async (trx) => {
    const user = await updateUserProfileRow(trx, id, values, at);
    await recordChange(trx, { entityType: 'user', entityId: id, data: customerData(user), at }, { jobs });
    return user;
  });
}
