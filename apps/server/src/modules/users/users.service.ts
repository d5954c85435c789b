import { PHONE_PATTERN } from '@capsule/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';

// Accounts come from the main site (behaviour.md): operators create them with the admin CLI,
// later the business-system sync does. There is no sign-up.
export const newUserSchema = z.object({
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
export type NewUserInput = z.input<typeof newUserSchema>;

export async function createUser(db: Db, input: NewUserInput) {
  const user = newUserSchema.parse(input);
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), '=', user.email),
        eb('username', '=', user.username ?? user.email),
      ]),
    )
    .executeTakeFirst();
  if (existing) throw new AppError('CONFLICT', `A user with the e-mail ${user.email} already exists.`);
  return db
    .insertInto('users')
    .values({
      email: user.email,
      username: user.username ?? user.email,
      passwordHash: await hashPassword(user.password),
      fullName: user.fullName,
      phoneNumber: user.phoneNumber ?? null,
    })
    .returning(['id', 'email', 'username', 'fullName', 'phoneNumber', 'createdAt'])
    .executeTakeFirstOrThrow();
}

export function listUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'fullName', 'phoneNumber', 'createdAt'])
    .orderBy('createdAt')
    .execute();
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}
