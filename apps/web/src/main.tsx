import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterBootBatch, startVisit } from './app/boot';
import { routeData } from './app/route-data';
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
// A protected page opened directly (a bookmark, a reload) needs the signed-in app: fetch it now,
// beside the sign-in state and the page's data (right after their request has left, so that the
// request does not queue behind the app's chunks), rather than after them, and render once both
// are here (the data travels in the sign-in state's batch, so it is here too). Rendering earlier
// would only paint the loading screen React draws (index.html already shows one), then render the
// whole page again when the answer comes; by committing a Suspense fallback it would also make
// React hold the page back (issue #10: the dashboard's content time).
const ready = isPublicPath(window.location.pathname)
  ? Promise.resolve()
  : Promise.allSettled([
      afterBootBatch(preloadSignedIn),
      initialStatus,
      ...routeData().map((query) => query.result),
    ]);

void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App trpcClient={trpcClient} initialStatus={initialStatus} />
    </StrictMode>,
  ),
);
