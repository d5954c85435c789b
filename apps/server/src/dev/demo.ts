import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { deliverToNewAccount } from '../modules/capsules/index.js';
import { recordPurchase } from '../modules/commerce/index.js';
import { createUser, findUserIdByEmail } from '../modules/users/index.js';

// Development only: one known account so a newcomer can sign in right after `npm start`.
export const DEMO_USER = {
  email: 'demo@legacycapsule.local',
  password: 'demo-capsule-2026',
  fullName: 'Dana Demo',
  phoneNumber: '+1 613 555 0142',
} as const;

const DEMO_PACKAGE = '5 Legacy Capsules';

/**
 * Creates the demo user once, with one purchase so the dashboard is not empty; answers
 * whether it was created now.
 */
export async function ensureDemoUser(db: Db, clock: Clock): Promise<boolean> {
  if (await findUserIdByEmail(db, DEMO_USER.email)) return false;
  const user = await createUser(db, DEMO_USER);
  // As every path that creates an account: what was already due for this e-mail is delivered.
  await deliverToNewAccount({ db, clock }, user.id);
  await recordPurchase({ db, clock }, { email: DEMO_USER.email, packageName: DEMO_PACKAGE, quantity: 1 });
  return true;
}
