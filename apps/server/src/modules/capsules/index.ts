// The capsules module's public face (docs/decisions/008-modules-own-their-tables.md): commerce
// creates a purchase's capsules through here, inside its own transaction; nothing outside this
// folder writes the capsules table.
export {
  CAPSULE_NOT_FOUND,
  type Capsule,
  createPurchasedCapsules,
  listMyCapsules,
  type PurchasedCapsules,
} from './capsules.service.js';
