// The users module's public face: other modules, the CLI and the dev seed import from here,
// never from users.repository.ts (docs/decisions/008-modules-own-their-tables.md).
export {
  createUser,
  findPublicUser,
  findPublicUsers,
  findUserIdByEmail,
  findUserIdsByEmails,
  listUsers,
  type PublicUser,
  updateUserProfile,
  verifyCredentials,
} from './users.service.js';
