import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { AppError } from '../../../errors.js';
import { memberOnly, sessionOf } from '../../../rest/guards.js';
import { SESSION_SECURITY } from '../../../rest/openapi.js';
import { memberErrors } from '../../../rest/responses.js';
import type { RestApp } from '../../../rest/rest-app.js';
import { exportMyCapsules } from './export.service.js';
import {
  PREPARED_EXPORT_PATH,
  PREPARED_EXPORT_TEXTS,
  preparedExportDownload,
} from './prepared-export.service.js';

// GET /api/export: 'Download my capsules' in Account Settings (docs/server-rules.md, 'A copy to
// keep'). Ours, not the spec's: a ZIP streamed to the signed-in member; refusals are the usual
// {"error"} JSON. The OpenAPI document cannot name the ZIP's media type (docs/api/rest-shims.md).
export const EXPORT_PATH = '/api/export';

export function registerExportRest(app: RestApp, deps: AppDeps) {
  // The mailed link of a prepared export: a page address, not an API call (it is opened from a
  // mail, maybe on another device, so no session). The signed token is the right to download;
  // the answer is a redirect to a short read SAS, so storage serves the bytes and their ranges.
  // Refused, it answers a short page saying what to do, as a browser shows it.
  app.get(`${PREPARED_EXPORT_PATH}/:token`, { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    reply.header('cache-control', 'no-store');
    try {
      return reply.redirect(await preparedExportDownload(deps, token), 302);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
      return reply.code(404).type('text/html; charset=utf-8').send(expiredLinkPage(deps.config.publicUrl));
    }
  });

  app.get(
    EXPORT_PATH,
    {
      ...memberOnly,
      schema: {
        tags: ['export'],
        security: SESSION_SECURITY,
        response: {
          200: z.unknown().describe('The archive itself: Content-Type application/zip, streamed.'),
          ...memberErrors(409),
        },
        description:
          'A ZIP of the capsules one received (opened ones with their videos) and sent (words only).',
      },
    },
    async (request, reply) => {
      const archive = await exportMyCapsules(deps, sessionOf(request).user.id);
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('cache-control', 'no-store');
      if (archive.size !== null) reply.header('content-length', archive.size);
      // The member went away before the end: stop reading their videos from storage.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) archive.abort();
      });
      return reply.send(archive.stream);
    },
  );
}

/** What a browser shows for a link that leads nowhere any more: the words, and the way back. */
const expiredLinkPage = (publicUrl: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Download link expired</title>` +
  `<body style="font-family:sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
  `<p>${PREPARED_EXPORT_TEXTS.expired}</p><p><a href="${publicUrl}/settings?tab=account">Account Settings</a></p></body></html>`;
