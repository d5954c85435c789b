import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { protectedPageReady, startVisit } from './app/boot';
import { readFirstPage } from './app/first-page';
import { preloadSignedIn } from './app/router';
import { isPublicPath } from './app/routes';
import { captureReferral } from './features/affiliates/referral-cookie';
import { answered } from './lib/settled';
import { makeTrpcClient } from './lib/trpc-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// An affiliate's link (/?ref=CODE) is kept before anything redirects the address away.
captureReferral(window.location.search);

const trpcClient = makeTrpcClient();
const firstPage = readFirstPage(document);

if (firstPage) {
  // The server rendered this page with these answers (apps/server/src/first-page): the browser
  // takes the same markup over at once, drawing with the same answers and clock. The signed-in
  // app's code hydrates where it is drawn as soon as it is here; no request is made for data
  // the page already has.
  const now = Date.now();
  void preloadSignedIn();
  hydrateRoot(
    root,
    <StrictMode>
      <App
        trpcClient={trpcClient}
        initialStatus={answered(firstPage.status, now)}
        renderClock={firstPage.at}
        firstData={{ state: firstPage.state }}
      />
    </StrictMode>,
  );
} else {
  const visit = startVisit(trpcClient, window.location);
  // A protected page opened directly (a bookmark, a reload) renders once, with its code and
  // its data, which load together (app/boot.ts).
  const ready = isPublicPath(window.location.pathname) ? Promise.resolve() : protectedPageReady(visit);

  void Promise.all([visit.firstData, ready]).then(([firstData]) =>
    createRoot(root).render(
      <StrictMode>
        <App trpcClient={trpcClient} initialStatus={visit.status} firstData={firstData} />
      </StrictMode>,
    ),
  );
}
