import { listWaitingDocuments, reviewDocument } from '../modules/capsules/index.js';
import type { Command } from './commands.js';

// The operators' document review; commands.ts lists these with the others.

// A document is named by its capsule's id (ID below): the id the recipient's page and the
// sender's show, and a capsule has one recipient.
export const verificationCommands: Record<string, Command> = {
  'verification:list': {
    usage: 'lists the documents waiting for review (by capsule ID), each with a read link valid 15 minutes',
    options: {},
    required: [],
    async run(db, _v, print, services) {
      const waiting = await listWaitingDocuments({ db, storage: services.storage() });
      if (waiting.length === 0) return print('No documents are waiting for review.');
      print(
        `${waiting.length} document(s) waiting for review. ID is the capsule id (--id for approve and reject).`,
      );
      for (const d of waiting) {
        print(
          `${d.capsuleId}  "${d.title}" (${d.criteria})  recipient ${d.recipient.name} <${d.recipient.email}>  submitted ${d.submittedAt}  file ${d.fileName}`,
        );
        if (d.link) {
          print(`    ${d.link}`);
          print(`    (link valid until ${d.linkExpiresAt})`);
        } else {
          print(`    no link: ${d.problem}`);
        }
      }
    },
  },
  'verification:approve': {
    usage:
      '--id CAPSULE_ID  marks the waiting document Verified (the capsule opens); the recipient is e-mailed',
    options: { id: { type: 'string' } },
    required: ['id'],
    async run(db, v, print, services) {
      const done = await reviewDocument(
        { db, clock: services.clock, jobs: await services.jobs() },
        v.id ?? '',
        { status: 'Verified' },
      );
      print(`Verified the document of capsule ${done.capsuleId}; the recipient will be e-mailed.`);
    },
  },
  'verification:reject': {
    usage:
      '--id CAPSULE_ID --reason "..."  marks it Rejected (they may submit again); the recipient is e-mailed the reason',
    options: { id: { type: 'string' }, reason: { type: 'string' } },
    required: ['id', 'reason'],
    async run(db, v, print, services) {
      const done = await reviewDocument(
        { db, clock: services.clock, jobs: await services.jobs() },
        v.id ?? '',
        { status: 'Rejected', reason: v.reason ?? '' },
      );
      print(`Rejected the document of capsule ${done.capsuleId}; the recipient will be e-mailed the reason.`);
    },
  },
};
