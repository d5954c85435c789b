import { listWaitingDocuments, reviewDocument } from '../modules/capsules/index.js';
import type { Command } from './commands.js';
import { cliOperator } from './operator-name.js';
import { printable } from './printable.js';

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
        if (d.objection)
          print(`    the sender objected on ${d.objection.at}: ${printable(d.objection.reason)}`);
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
      '--id CAPSULE_ID [--operator NAME]  marks the waiting document Verified (the capsule opens); the recipient is e-mailed',
    options: { id: { type: 'string' }, operator: { type: 'string' } },
    required: ['id'],
    async run(db, v, print, services) {
      const done = await reviewDocument(
        { db, clock: services.clock, jobs: await services.jobs() },
        v.id ?? '',
        { status: 'Verified' },
        { operator: cliOperator(v).operator, objectionDays: services.objectionDays },
      );
      print(
        done.opensAt
          ? `Verified the document of capsule ${done.capsuleId}; it opens on ${done.opensAt.toISOString()} unless the sender objects. The recipient and the sender will be e-mailed.`
          : `Verified the document of capsule ${done.capsuleId}; the recipient will be e-mailed.`,
      );
    },
  },
  'verification:reject': {
    usage:
      '--id CAPSULE_ID --reason "..." [--operator NAME]  marks it Rejected (they may submit again); the recipient is e-mailed the reason',
    options: { id: { type: 'string' }, reason: { type: 'string' }, operator: { type: 'string' } },
    required: ['id', 'reason'],
    async run(db, v, print, services) {
      const done = await reviewDocument(
        { db, clock: services.clock, jobs: await services.jobs() },
        v.id ?? '',
        { status: 'Rejected', reason: v.reason ?? '' },
        { operator: cliOperator(v).operator, objectionDays: services.objectionDays },
      );
      print(`Rejected the document of capsule ${done.capsuleId}; the recipient will be e-mailed the reason.`);
    },
  },
};
