import type { Db } from '../../db/database.js';
import type { NewCapsulePackage } from '../../db/schema.js';

const PACKAGE_COLUMNS = [
  'id',
  'name',
  'description',
  'price',
  'capsuleCount',
  'kind',
  'capsuleLength',
  'deliveryCriteria',
  'annualStorageFee',
  'isActive',
  'paymentPriceId',
  // The business system's product (modules/sync puts it on the purchase's sale order).
  'businessProductId',
] as const;

export function listPackages(db: Db) {
  return db
    .selectFrom('capsulePackages')
    .select(PACKAGE_COLUMNS)
    .orderBy('kind')
    .orderBy('capsuleCount')
    .orderBy('name')
    .execute();
}

/** Packages are named as the store names them; the match ignores case. */
export function findActivePackageByName(db: Db, name: string) {
  return db
    .selectFrom('capsulePackages')
    .select(PACKAGE_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .where('isActive', '=', true)
    .executeTakeFirst();
}

/**
 * The package a provider price id names (unique when set). Inactive ones too: a customer who
 * paid for a package just withdrawn from sale still gets what they paid for.
 */
export function findPackageByPriceId(db: Db, priceId: string) {
  return db
    .selectFrom('capsulePackages')
    .select(PACKAGE_COLUMNS)
    .where('paymentPriceId', '=', priceId)
    .executeTakeFirst();
}

/** By name whatever its case, active or not (an operator linking a price). */
export function findPackageByName(db: Db, name: string) {
  return db
    .selectFrom('capsulePackages')
    .select(PACKAGE_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .executeTakeFirst();
}

export async function setPackagePriceId(db: Db, id: string, priceId: string): Promise<void> {
  await db.updateTable('capsulePackages').set({ paymentPriceId: priceId }).where('id', '=', id).execute();
}

export function findPackageById(db: Db, id: string) {
  return db.selectFrom('capsulePackages').select(PACKAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Names are unique: a package already there is left as it is (its price, its active flag). */
export async function insertPackagesIfAbsent(db: Db, packages: NewCapsulePackage[]): Promise<void> {
  await db
    .insertInto('capsulePackages')
    .values(packages)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export type PackageRow = Awaited<ReturnType<typeof listPackages>>[number];
