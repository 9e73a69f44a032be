/** The app itself, started by main.tsx once the static shell has painted. */
import './lib/zod-jitless.ts';
import { MSG } from '@rango/domain';
import { notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { runVersionCheck } from './storage/index.ts';

// Spec section 4: before the first render, so no screen reads data of an older shape.
if (runVersionCheck() === 'updated') {
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
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
