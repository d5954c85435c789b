/** @jsxRuntime automatic */
import { formatDate } from '@capsule/domain';
import { Action, MailLayout, Paragraph, PRODUCT_NAME } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// A prepared export (modules/capsules/export/prepared-export.service.ts): the archive is in
// storage, and this link downloads it until it expires; a download cut short resumes.

interface ExportReadyFacts {
  fullName: string;
  link: string;
  /** ISO instant the link stops working and the archive is deleted. */
  expiresAt: string;
  /** The archive's size in bytes. */
  size: number;
}

const sizeWords = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;

export function exportReadyMail(facts: ExportReadyFacts): Promise<RenderedMail> {
  const until = formatDate(facts.expiresAt);
  return renderMail(
    `${PRODUCT_NAME}: your capsules are ready to download`,
    <MailLayout preview={`Your archive (${sizeWords(facts.size)}) can be downloaded until ${until}.`}>
      <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
      <Paragraph>
        The copy of your capsules you asked for is ready: {sizeWords(facts.size)}, with the videos you
        received that are open, their messages and an index.html that plays them in any browser.
      </Paragraph>
      <Paragraph>
        The link works until {until}; then the archive is deleted (you can ask for a new one at any time). If
        the download stops, start it again: it continues where it stopped.
      </Paragraph>
      <Action href={facts.link}>Download my capsules</Action>
    </MailLayout>,
  );
}
