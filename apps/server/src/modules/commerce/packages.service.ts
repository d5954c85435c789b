import type { Db } from '../../db/database.js';
import type { NewCapsulePackage } from '../../db/schema.js';
import { insertPackagesIfAbsent, listPackages as listPackageRows } from './packages.repository.js';

/** Every package, active or not, in catalogue order (kind, capsule count, name). */
export function listPackages(db: Db) {
  return listPackageRows(db);
}

/** Adds the packages whose name is not taken yet; the development seed relies on it. */
export function addMissingPackages(db: Db, packages: NewCapsulePackage[]): Promise<void> {
  return insertPackagesIfAbsent(db, packages);
}
