import type { RouterOutputs } from '@capsule/server/app-router';

/** A contact as `contacts.list` and `contacts.byId` answer it (clean camelCase). */
export type Contact = RouterOutputs['contacts']['list'][number];

/** A contact group as `contacts.groups.list` answers it. */
export type ContactGroup = RouterOutputs['contacts']['groups']['list'][number];
