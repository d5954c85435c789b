import { listFixityFailures } from '../modules/storage/index.js';
import type { Command } from './commands.js';

// The operators' view of fixity (docs/decisions/027-reviewed-bytes-fixity-backups.md): the kept
// videos and documents the hourly sweep found missing or changed. Each is refused to every
// viewer until its bytes match again; the sweep re-reads failed blobs every hour.
export const fixityCommands: Record<string, Command> = {
  'fixity:failures': {
    usage: 'lists the stored videos and documents found missing or changed (not served until restored)',
    options: {},
    required: [],
    async run(db, _v, print) {
      const failures = await listFixityFailures(db);
      if (failures.length === 0)
        return print('No fixity failures: every kept file matched its hash when last read.');
      print(
        `${failures.length} kept file(s) missing or changed. Restore each (version, soft delete or backup);`,
      );
      print('the next hourly sweep reads it again and serves it once its SHA-256 matches.');
      for (const f of failures) {
        print(
          `${f.failure?.toUpperCase()}  ${f.kind}  capsule ${f.capsuleId ?? '-'}  ${f.container}/${f.blobName}  since ${f.failedAt?.toISOString()}  last read ${f.checkedAt.toISOString()}  sha256 ${f.sha256}`,
        );
      }
    },
  },
};
