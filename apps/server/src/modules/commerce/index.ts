// The commerce module's public face: packages, purchases, subscriptions, the card provider's
// events and the storage plan's lapse (docs/decisions/008-modules-own-their-tables.md,
// 011-stripe-webhook.md). The admin CLI, the dev seed, the job handlers and the test and e2e
// harnesses call these; a purchase's capsules are made by the capsules module, inside the
// purchase's transaction.
export { addMissingPackages, linkPackagePrice, listPackages } from './packages.service.js';
export { recordPurchase } from './purchases.service.js';
export { plansInGrace, sendLapseMail, sweepLapsedPlans } from './storage-lapse.service.js';
export { attachAllPendingPurchases, attachPendingPurchases } from './stripe-checkout.service.js';
export { receiveStripeEvent, signStripePayload } from './stripe-webhook.service.js';
export { currentSubscription } from './subscriptions.service.js';
