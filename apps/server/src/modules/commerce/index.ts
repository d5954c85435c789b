// The commerce module's public face: packages, purchases and subscriptions
// (docs/decisions/008-modules-own-their-tables.md). The admin CLI, the dev seed and the test
// and e2e harnesses record purchases through recordPurchase; its capsules are made by the
// capsules module, inside the purchase's transaction.
export { addMissingPackages, listPackages } from './packages.service.js';
export { type RecordPurchaseInput, recordPurchase, recordPurchaseSchema } from './purchases.service.js';
export { currentSubscription, type SubscriptionSummary } from './subscriptions.service.js';
