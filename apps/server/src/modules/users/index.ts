// The users module's public face: other modules, the CLI and the dev seed import from here,
// never from users.repository.ts (docs/decisions/008-modules-own-their-tables.md).

export { grantRole, listRoleHolders, ROLES, revokeRole } from './roles.service.js';
export {
  createUser,
  findPublicUser,
  findPublicUsers,
  findUserIdByEmail,
  findUserIdsByEmails,
  findUsersByEmailText,
  listUsers,
  type PublicUser,
  updateUserProfile,
  verifyCredentials,
} from './users.service.js';
