/** @jsxRuntime automatic */
import { FinePrint, MailLayout, Paragraph, PRODUCT_NAME } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// The operators' mail when the fixity sweep finds kept bytes missing or changed
// (modules/storage/fixity.service.ts). Operators only: it names blobs and capsule ids.

export interface FixityFailureLine {
  kind: 'video' | 'rendition' | 'document';
  failure: 'missing' | 'mismatch';
  container: string;
  blobName: string;
  capsuleId: string | null;
  failedAt: Date;
}

const KIND: Record<FixityFailureLine['kind'], string> = {
  video: 'video',
  rendition: 'playback copy of the video',
  document: 'document',
};

const WHAT: Record<FixityFailureLine['failure'], string> = {
  missing: 'is missing from storage',
  mismatch: 'no longer matches the SHA-256 recorded at review',
};

export function fixityFailureMail(lines: readonly FixityFailureLine[]): Promise<RenderedMail> {
  const n = lines.length;
  return renderMail(
    `${PRODUCT_NAME} fixity check: ${n} stored ${n === 1 ? 'file' : 'files'} missing or changed`,
    <MailLayout preview="Nothing damaged is served; each needs restoring from a version, soft delete or backup.">
      <Paragraph>The fixity sweep re-read what the service keeps and found:</Paragraph>
      {lines.map((line) => (
        <Paragraph key={`${line.container}/${line.blobName}`}>
          {`The ${KIND[line.kind]} of capsule ${line.capsuleId ?? '(none)'} ${WHAT[line.failure]}: `}
          <strong>{`${line.container}/${line.blobName}`}</strong>
          {` (found ${line.failedAt.toISOString()}).`}
        </Paragraph>
      ))}
      <Paragraph>
        Until it is restored, the portal refuses to play or show it. Restore the blob from its previous
        version, its soft-deleted copy or the latest backup; the next hourly sweep checks it again and clears
        the failure when its bytes match.
      </Paragraph>
      <FinePrint>Listed by: admin fixity:failures</FinePrint>
    </MailLayout>,
  );
}
