import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { protectedPageReady, startVisit } from './app/boot';
import { isPublicPath } from './app/routes';
import { captureReferral } from './features/affiliates/referral-cookie';
import { makeTrpcClient } from './lib/trpc-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// An affiliate's link (/?ref=CODE) is kept before anything redirects the address away.
captureReferral(window.location.search);

const trpcClient = makeTrpcClient();
const initialStatus = startVisit(trpcClient, window.location);
// A protected page opened directly (a bookmark, a reload) renders once, with its code and its
// data, which load together (app/boot.ts).
const ready = isPublicPath(window.location.pathname) ? Promise.resolve() : protectedPageReady(initialStatus);

void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App trpcClient={trpcClient} initialStatus={initialStatus} />
    </StrictMode>,
  ),
);
