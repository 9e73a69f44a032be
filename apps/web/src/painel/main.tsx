// The restaurant panel's entry (painel.html, built by vite.painel.config.ts into dist/painel/):
// nothing here is reachable from the customer's entry, so the customer's bundle is unchanged.
import '../shared/lib/zod-jitless.ts';
// All of Mantine's CSS: the panel is a working screen left open on a tablet, not a page a
// visitor lands on, and its queue uses many components; one stylesheet, cached.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PainelApp } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('painel.html has no #root');
createRoot(root).render(
  <StrictMode>
    <PainelApp />
  </StrictMode>,
);
