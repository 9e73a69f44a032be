import { Center, Loader, Stack, Text } from '@mantine/core';
import { MSG } from '@rango/domain';
import { useEffect } from 'react';
import { CALLBACK_PAGAMENTO } from '../../../config/pagamento.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/**
 * The card issuer's 3-D Secure page redirects here inside the payment iframe. Telling the parent
 * window (same origin only) lets the checkout re-check the order's status at once.
 */
export default function AguardandoPagamentoPage() {
  useDocumentTitle(MSG.aguarde);
  useEffect(() => {
    if (window.parent !== window) window.parent.postMessage(CALLBACK_PAGAMENTO, window.location.origin);
  }, []);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader size="lg" aria-hidden="true" />
        <Text component="h1" fz="xl" fw={600}>
          {MSG.aguarde}
        </Text>
      </Stack>
    </Center>
  );
}
