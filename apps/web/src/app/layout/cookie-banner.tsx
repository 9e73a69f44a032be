import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { hasCookieConsent, setCookieConsent } from '../../storage/index.ts';
import classes from './layout.module.css';

// The policy text (and Mantine's Modal) is read by few visitors: its own chunk, loaded on the
// first press, keeps it out of every page's entry.
const CookiePolicyModal = lazy(() =>
  import('./cookie-policy-modal.tsx').then((m) => ({ default: m.CookiePolicyModal })),
);

/**
 * Spec section 2: the notice is checked again on every route change, so clearing the cookie in
 * another tab brings it back on the next navigation. `consent` stands in for the cookie where
 * there is none to read: the static shell rendered at build time (src/shell-prerender.tsx).
 */
export function CookieBanner({ consent }: { consent?: boolean }) {
  const location = useLocation();
  const [visible, setVisible] = useState(() => !(consent ?? hasCookieConsent()));
  const [policyOpened, policy] = useDisclosure(false);
  const [policyUsed, setPolicyUsed] = useState(false);
  if (policyOpened && !policyUsed) setPolicyUsed(true);

  useEffect(() => {
    setVisible(!hasCookieConsent());
  }, [location]);

  const accept = () => {
    setCookieConsent();
    setVisible(false);
  };

  return (
    <>
      {visible && (
        <Paper
          component="section"
          aria-label="Aviso de cookies"
          className={classes.cookieBanner}
          shadow="lg"
          withBorder
          p="md"
          radius="md"
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 280px' }}>
              Usamos cookies e o armazenamento do navegador somente para o site funcionar: manter sua sessão,
              seu carrinho e seu endereço. Eles são necessários e precisam ser aceitos para continuar.
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button variant="default" onClick={policy.open}>
                Mais informações
              </Button>
              <Button onClick={accept}>Ok</Button>
            </Group>
          </Group>
        </Paper>
      )}
      {(policyUsed || policyOpened) && (
        <Suspense fallback={null}>
          <CookiePolicyModal opened={policyOpened} onClose={policy.close} />
        </Suspense>
      )}
    </>
  );
}
