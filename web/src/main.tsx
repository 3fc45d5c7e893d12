import './lib/zod-jitless'; // first: before any zod schema runs (CSP without eval)
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstScreenReady } from './app/first-screen-ready';
import { registerServiceWorker } from './app/register-service-worker';
import { dropEarlyAnswers } from './lib/api-client';
import { afterFirstScreen } from './lib/first-screen';
import { listenForInstallPrompt } from './lib/pwa/install-prompt';
import './index.css';

const root = createRoot(document.getElementById('root')!);

void firstScreenReady(window.location.pathname).then(() => {
  // A transition: React renders the first screen in small slices, so the page keeps answering input
  // while it builds (Total Blocking Time on slow phones).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // What index.html asked for and nothing read by now is old: later reads ask the server.
  void afterFirstScreen().then(dropEarlyAnswers);
});

registerServiceWorker();
// Kept from the start: browsers offer installation once, early (the profile shows the button).
listenForInstallPrompt();
