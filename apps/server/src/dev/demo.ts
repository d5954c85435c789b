import type { Db } from '../db/database.js';
import { createUser, findUserIdByEmail } from '../modules/users/users.service.js';

// Development only: one known account so a newcomer can sign in right after `npm start`.
export const DEMO_USER = {
  email: 'demo@legacycapsule.local',
  password: 'demo-capsule-2026',
  fullName: 'Dana Demo',
  phoneNumber: '+1 613 555 0142',
} as const;

/** Creates the demo user once; answers whether it was created now. */
export async function ensureDemoUser(db: Db): Promise<boolean> {
  if (await findUserIdByEmail(db, DEMO_USER.email)) return false;
  await createUser(db, DEMO_USER);
  return true;
}
