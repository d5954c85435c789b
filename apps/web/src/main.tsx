import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startVisit } from './app/boot';
import { preloadSignedIn } from './app/router';
import { isPublicPath } from './app/routes';
import { captureReferral } from './features/affiliates/referral-cookie';
import { makeTrpcClient } from './lib/trpc-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// An affiliate's link (/?ref=CODE) is kept before anything redirects the address away.
captureReferral(window.location.search);

const trpcClient = makeTrpcClient();
const initialStatus = startVisit(trpcClient, window.location);
// A protected page opened directly (a bookmark, a reload) needs the signed-in app: fetch it
// now, beside the sign-in state and the page's data, rather than after them, and render once
// it is here. Rendering earlier would only paint the loading screen React draws (index.html
// already shows one) and, by committing a Suspense fallback, make React hold the page back
// when it arrives (issue #10: the dashboard's content time).
const codeReady = isPublicPath(window.location.pathname) ? Promise.resolve() : preloadSignedIn();

void codeReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App trpcClient={trpcClient} initialStatus={initialStatus} />
    </StrictMode>,
  ),
);
