import './lib/zod-jitless'; // first: before any zod schema runs (CSP without eval)
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-service-worker';
import { preloadPageFor } from './app/routes/lazy-pages';
import './index.css';

preloadPageFor(window.location.pathname);

// A transition: React renders the first screen in small slices, so the page keeps answering input
// while it builds (Total Blocking Time on slow phones).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
