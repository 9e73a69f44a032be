/**
 * The service worker's registration and the new-version prompt (issue 14, installable and
 * offline). Loaded after the first render (main.tsx), so the menu paints without it.
 *
 * A deploy builds a new worker: the browser installs it beside the running one and it waits.
 * The customer is asked ('Nova versão do Rango'); 'Atualizar' lets it take over and reloads the
 * page once, and the spec's storage version check (app/storage-version.ts) then runs on the new
 * version's first load as it always did. Nothing reloads by itself in the middle of an order.
 */
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const AVISO_ID = 'nova-versao';

function avisar(worker: ServiceWorker, sw: ServiceWorkerContainer): void {
  const atualizar = () => {
    sw.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage({ tipo: 'atualizar' });
    notifications.hide(AVISO_ID);
  };
  notifications.show({
    id: AVISO_ID,
    title: 'Nova versão do Rango',
    message: (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Atualize para usar a versão mais recente.</Text>
        <Button size="xs" onClick={atualizar}>
          Atualizar
        </Button>
      </Stack>
    ),
    autoClose: false,
  });
}

export async function registrarServiceWorker(): Promise<void> {
  const sw = navigator.serviceWorker;
  // Refused (a browser or policy that blocks workers, private modes): the app works as a site.
  const reg = (await sw.register('/sw.js', { scope: '/' }).catch(() => undefined)) as
    ServiceWorkerRegistration | undefined;
  if (!reg) return;
  // A worker waits only when another one controls this page: that is a new version.
  if (reg.waiting && sw.controller) avisar(reg.waiting, sw);
  reg.addEventListener('updatefound', () => {
    const novo = reg.installing;
    novo?.addEventListener('statechange', () => {
      if (novo.state === 'installed' && sw.controller) avisar(novo, sw);
    });
  });
  // A tab left open for hours still hears of a deploy when the customer comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void reg.update().catch(() => undefined);
  });
}
