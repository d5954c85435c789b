import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../../deps.js';
import { notFound } from '../../../errors.js';
import { readExportLink, signExportLink } from '../../../lib/tokens.js';
import { exportReadyMail } from '../../../mail/export-ready.js';
import { exportBlob } from '../../storage/index.js';
import { findPublicUser } from '../../users/index.js';
import { exportMyCapsules } from './export.service.js';

// A large archive, prepared (docs/server-rules.md, 'A copy to keep'): instead of a download that
// must run in one go, a job writes the same archive into the member's storage container and
// e-mails a link valid PREPARED_EXPORT_DAYS days. The link is ours, signed (jose): each use
// answers a redirect to a read SAS of a few minutes (storage grants no SAS longer than a day,
// and a short one is worth less if it leaks). Storage serves ranges, so a download cut short
// resumes where it stopped (the browser asks the link again and follows the new redirect);
// when the link expires, the archive is deleted.

export const PREPARED_EXPORT_DAYS = 7;

export const PREPARED_EXPORT_TEXTS = {
  requested: 'We are preparing your archive. A link to download it will arrive by e-mail.',
  expired:
    'This download link has expired or does not exist. Ask for a new one in Account Settings, under Download my capsules.',
} as const;

/** 'E-mail me a link': one preparation pending per member (asking twice changes nothing). */
export async function requestPreparedExport(deps: Pick<AppDeps, 'db' | 'jobs'>, userId: string) {
  await deps.db
    .transaction()
    .execute((trx) => deps.jobs.send(trx, 'export.prepare', { userId }, { singletonKey: userId }));
  return { message: PREPARED_EXPORT_TEXTS.requested };
}

/** The export.prepare job: the archive into storage, its expiry scheduled, the member mailed. */
export async function prepareExport(deps: AppDeps, job: { userId: string }): Promise<void> {
  const user = await findPublicUser(deps.db, job.userId);
  if (!user) return; // the account went away meanwhile: nothing to send
  const exportId = randomUUID();
  const ref = exportBlob(job.userId, exportId);
  const archive = await exportMyCapsules(deps, job.userId);
  try {
    await deps.storage.uploadStream(ref, archive.stream, 'application/zip');
  } catch (error) {
    archive.abort();
    throw error;
  }
  const expiresAt = new Date(deps.clock.now().getTime() + PREPARED_EXPORT_DAYS * 86_400_000);
  // Scheduled before the mail: a mail that fails retries the job, and every archive it wrote
  // still goes when its link expires.
  await deps.db
    .transaction()
    .execute((trx) =>
      deps.jobs.send(trx, 'export.expire', { userId: job.userId, exportId }, { startAfter: expiresAt }),
    );
  const token = await signExportLink(deps.keys, {
    userId: job.userId,
    exportId,
    issuedAt: deps.clock.now(),
    expiresAt,
  });
  const stored = await deps.storage.blobProperties(ref);
  const mail = await exportReadyMail({
    fullName: user.fullName,
    link: `${deps.config.publicUrl}${PREPARED_EXPORT_PATH}/${token}`,
    expiresAt: expiresAt.toISOString(),
    size: stored.exists ? stored.size : (archive.size ?? 0),
  });
  await deps.mailer.send({ to: user.email, ...mail });
}

/** Where a prepared export's link points (export.rest.ts; a page address, not the API); the token follows. */
export const PREPARED_EXPORT_PATH = '/downloads/export';

/** Minutes the redirect's read SAS lives: enough to start (or resume) the download. */
const LINK_SAS_MINUTES = 15;

/**
 * A use of the mailed link: a read SAS of the archive, to redirect to. An expired, altered or
 * unknown link, or an archive already deleted, is a 404 with what to do.
 */
export async function preparedExportDownload(
  deps: Pick<AppDeps, 'keys' | 'clock' | 'storage'>,
  token: string,
) {
  const link = await readExportLink(deps.keys, token, deps.clock.now());
  const ref = link ? exportBlob(link.userId, link.exportId) : null;
  const stored = ref ? await deps.storage.blobProperties(ref) : null;
  if (!ref || !stored?.exists) throw notFound(PREPARED_EXPORT_TEXTS.expired);
  const day = deps.clock.now().toISOString().slice(0, 10);
  const sas = await deps.storage.readSas(ref, {
    minutes: LINK_SAS_MINUTES,
    contentType: 'application/zip',
    contentDisposition: `attachment; filename="capsules-${day}.zip"`,
  });
  return sas.url;
}

/** The export.expire job: the archive goes with its link. */
export async function expirePreparedExport(
  deps: Pick<AppDeps, 'storage'>,
  job: { userId: string; exportId: string },
) {
  await deps.storage.deleteBlob(exportBlob(job.userId, job.exportId));
}
