import { readTrail } from '../modules/audit/index.js';
import type { Command } from './commands.js';
import { printable } from './printable.js';

// The capsule record (docs/server-rules.md, 'Capsule record') as operators read it: all of it,
// the operator's names included. commands.ts lists these with the others.
export const auditCommands: Record<string, Command> = {
  'audit:show': {
    usage:
      "--id CAPSULE_ID  prints the capsule's whole record, oldest first (append-only; operators see all of it)",
    options: { id: { type: 'string' } },
    required: ['id'],
    async run(db, v, print) {
      const lines = await readTrail(db, v.id ?? '', 'operator');
      if (lines.length === 0) return print(`Nothing is recorded for capsule ${v.id}.`);
      for (const line of lines)
        print(`${line.at}  ${line.event.padEnd(18)}  ${line.actor.padEnd(9)}  ${printable(line.text)}`);
    },
  },
};
