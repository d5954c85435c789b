import type { Db } from '../../db/database.js';
import type { NewCapsulePackage } from '../../db/schema.js';
import { badInput, conflict, notFound } from '../../errors.js';
import {
  findPackageByName,
  findPackageByPriceId,
  insertPackagesIfAbsent,
  listPackages as listPackageRows,
  setPackagePriceId,
} from './packages.repository.js';

/** Every package, active or not, in catalogue order (kind, capsule count, name). */
export function listPackages(db: Db) {
  return listPackageRows(db);
}

/** Adds the packages whose name is not taken yet; the development seed relies on it. */
export function addMissingPackages(db: Db, packages: NewCapsulePackage[]): Promise<void> {
  return insertPackagesIfAbsent(db, packages);
}

const PRICE_ID = /^price_[A-Za-z0-9_]{1,200}$/;

/**
 * Links a package to the card provider's price (`package:set-price`): a checkout naming that
 * price buys this package (docs/decisions/011). One package per price: a price already linked
 * elsewhere is refused (409), so no checkout can be ambiguous.
 */
export async function linkPackagePrice(db: Db, name: string, priceId: string) {
  const price = priceId.trim();
  if (!PRICE_ID.test(price)) throw badInput(`Not a provider price id: ${price} (expected price_...)`);
  return db.transaction().execute(async (trx) => {
    const pkg = await findPackageByName(trx, name);
    if (!pkg) throw notFound(`No package named "${name}"`);
    const holder = await findPackageByPriceId(trx, price);
    if (holder && holder.id !== pkg.id) throw conflict(`${price} is already the price of "${holder.name}"`);
    await setPackagePriceId(trx, pkg.id, price);
    return { name: pkg.name, priceId: price, previous: pkg.paymentPriceId };
  });
}
