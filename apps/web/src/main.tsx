import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadSignedIn } from './app/router';
import { isPublicPath } from './app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A protected page opened directly (a bookmark, a reload) needs the signed-in app: fetch it
// now, beside the sign-in state and the page's data, rather than after them.
if (!isPublicPath(window.location.pathname)) preloadSignedIn();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
