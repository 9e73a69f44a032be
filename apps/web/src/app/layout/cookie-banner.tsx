import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { hasCookieConsent, setCookieConsent } from '../../storage/index.ts';
import classes from './layout.module.css';

// The policy text is read by few visitors: its own chunk keeps it out of every page's entry.
const CookiePolicy = lazy(() =>
  import('../../components/cookie-policy.tsx').then((m) => ({ default: m.CookiePolicy })),
);

/**
 * Spec section 2: the notice is checked again on every route change, so clearing the cookie in
 * another tab brings it back on the next navigation.
 */
export function CookieBanner() {
  const location = useLocation();
  const [visible, setVisible] = useState(() => !hasCookieConsent());
  const [policyOpened, policy] = useDisclosure(false);

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
      <Modal
        opened={policyOpened}
        onClose={policy.close}
        title="Política de cookies"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Suspense fallback={<PageLoader />}>
          <CookiePolicy />
        </Suspense>
      </Modal>
    </>
  );
}
