/** @jsxRuntime automatic */
import { deliveryCriteriaLabel, formatDate } from '@capsule/domain';
import { renderToStaticMarkup } from 'react-dom/server';

// The export's index.html (docs/server-rules.md, 'A copy to keep'): one page, no script, no
// network, that plays each opened video from the folder beside it in any browser, with what was
// said about it; and what the owner sent, as words only. React escapes every user's value.

export interface ExportedReceived {
  id: string;
  title: string;
  sender: { name: string; email: string };
  category: string | null;
  criteria: string;
  deliveryDate: string | null;
  receivedAt: string;
  message: string | null;
  /** The video's path in the archive; null when it is not included (`note` says why). */
  file: string | null;
  contentType: string | null;
  sha256: string | null;
  note: string | null;
}

export interface ExportedSent {
  id: string;
  title: string;
  status: string;
  category: string | null;
  criteria: string;
  recipientName: string | null;
  recipientEmail: string | null;
  deliveryDate: string | null;
  message: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface ExportManifest {
  format: 'capsule-export/1';
  exportedAt: string;
  account: { name: string; email: string };
  received: ExportedReceived[];
  sent: ExportedSent[];
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
h1{font-size:1.6rem}h2{margin-top:2.5rem;font-size:1.25rem}article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}
video{width:100%;max-height:480px;background:#000;border-radius:6px}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.75rem 0}
dt{color:#868e96}.message{white-space:pre-wrap;background:#f8f9fa;border-radius:6px;padding:.75rem}.note{color:#868e96;font-style:italic}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dee2e6;padding:.4rem;text-align:left;vertical-align:top}`;

function Received({ capsule }: { capsule: ExportedReceived }) {
  return (
    <article id={capsule.id}>
      <h3>{capsule.title}</h3>
      {capsule.file ? (
        // biome-ignore lint/a11y/useMediaCaption: a personal recording; it comes with no captions
        <video controls preload="metadata">
          {/* #t=0.1: the first frame shows before play (a media fragment every browser reads). */}
          <source src={`${capsule.file}#t=0.1`} type={capsule.contentType ?? undefined} />
        </video>
      ) : (
        <p className="note">{capsule.note}</p>
      )}
      <dl>
        <dt>From</dt>
        <dd>
          {capsule.sender.name} &lt;{capsule.sender.email}&gt;
        </dd>
        <dt>Received</dt>
        <dd>{formatDate(capsule.receivedAt)}</dd>
        <dt>Condition</dt>
        <dd>{deliveryCriteriaLabel(capsule.criteria)}</dd>
        {capsule.deliveryDate && (
          <>
            <dt>Delivery date</dt>
            <dd>{formatDate(capsule.deliveryDate)}</dd>
          </>
        )}
        {capsule.category && (
          <>
            <dt>Category</dt>
            <dd>{capsule.category}</dd>
          </>
        )}
        {capsule.sha256 && (
          <>
            <dt>SHA-256</dt>
            <dd>
              <code>{capsule.sha256}</code>
            </dd>
          </>
        )}
      </dl>
      {capsule.message && <p className="message">{capsule.message}</p>}
    </article>
  );
}

function IndexPage({ manifest }: { manifest: ExportManifest }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Capsules of ${manifest.account.name}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <h1>{`Capsules of ${manifest.account.name}`}</h1>
        <p>
          Exported on {formatDate(manifest.exportedAt)}. This folder plays without the service and without a
          network: keep it, copy it, open this page in any browser. manifest.json holds the same in a form
          other programs can read.
        </p>
        <h2>Received</h2>
        {manifest.received.length === 0 ? (
          <p className="note">No capsule received.</p>
        ) : (
          manifest.received.map((c) => <Received key={c.id} capsule={c} />)
        )}
        <h2>Sent</h2>
        {manifest.sent.length === 0 ? (
          <p className="note">No capsule sent.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Title</th>
                <th>Recipient</th>
                <th>Opens</th>
                <th>Status</th>
                <th>Message</th>
              </tr>
            </thead>
            <tbody>
              {manifest.sent.map((c) => (
                <tr key={c.id}>
                  <td>{c.title}</td>
                  <td>{c.recipientName ?? '—'}</td>
                  <td>
                    {deliveryCriteriaLabel(c.criteria)}
                    {c.deliveryDate ? `, ${formatDate(c.deliveryDate)}` : ''}
                  </td>
                  <td>
                    {c.deliveredAt ? `Delivered ${formatDate(c.deliveredAt)}` : c.status.replaceAll('_', ' ')}
                  </td>
                  <td className="message">{c.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </body>
    </html>
  );
}

export function exportIndexHtml(manifest: ExportManifest): string {
  return `<!doctype html>\n${renderToStaticMarkup(<IndexPage manifest={manifest} />)}\n`;
}
