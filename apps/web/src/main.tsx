// The entry. On the menu route the server's HTML already holds the static app shell
// (apps/server/src/http/spa.ts) and, instead of this module's script tag, a modulepreload of it
// and public/start-after-paint.js, which adds the script tag once that shell has painted: React
// alone is ~0.2 s of main thread on a mid-range phone, and the page is on screen without waiting
// for it. Elsewhere index.html loads this module as usual.
import './shared/lib/zod-jitless.ts';
import './app/mantine-styles.ts';
import './app/global.css';
import { MSG } from '@rango/domain';
import { notifications } from '@mantine/notifications';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { checkStorageVersion } from './app/storage-version.ts';

// Spec section 4: before the first render, so no screen reads data of an older shape (the
// session store follows what the check cleared).
if (checkStorageVersion() === 'updated') {
  // The notifications store is global; <Notifications> shows it once mounted. The id keeps a
  // second call from stacking a duplicate.
  notifications.show({
    id: 'site-atualizado',
    message: MSG.siteAtualizado,
    color: 'yellow',
    autoClose: 8000,
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A transition: React renders the app in time slices (it yields to the browser every few ms)
// instead of one task of ~0.2–0.5 s on a mid-range phone, during which a tap on the static
// shell would wait (Lighthouse's TBT, issue 14). The static shell stays on screen until the
// commit replaces it, so nothing flashes in between.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Installable and offline (issue 14): the service worker, registered once the page has loaded
// and gone quiet (its precache downloads the app in the background; nothing of it competes with
// the menu's first load).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const registrar = () =>
    setTimeout(() => void import('./app/pwa.tsx').then((m) => m.registrarServiceWorker()), 2000);
  if (document.readyState === 'complete') registrar();
  else addEventListener('load', registrar);
}
