// The ops module's public face: the console reaches it through its router (trpc/app-router.ts
// mounts it); the admin CLI's retries go through the same recorded services.
export { operatorOf, retryDeliveryMails, retrySync } from './ops.service.js';
