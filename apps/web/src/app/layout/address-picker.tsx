import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { enderecoCurto, useEnderecoEscolhido } from '../../stores/endereco.ts';
import { closeEnderecoSelector, useEnderecoSelectorPedido } from '../../stores/endereco-selector.ts';
import { useIsLoggedIn } from '../../stores/session.ts';

const TITULO = 'Escolha o endereço de entrega';

// The selector (Mantine's Modal, the wizard, the form) loads on the first press, not with the page.
const EnderecoSelectorModal = lazy(() =>
  import('../../features/cliente/components/endereco-selector-modal.tsx').then((m) => ({
    default: m.EnderecoSelectorModal,
  })),
);

/**
 * Spec section 7: after login, a locally held address (no id yet) is saved to the account once.
 * The saving code is its own chunk, loaded only when there is such an address to carry over.
 */
function EnderecoCarryOver() {
  const loggedIn = useIsLoggedIn();
  const endereco = useEnderecoEscolhido();
  const queryClient = useQueryClient();
  const pending = loggedIn && endereco !== null && endereco.id === undefined;
  useEffect(() => {
    if (!pending) return;
    void import('../../features/cliente/lib/carry-over.ts').then((m) => m.carryOverEndereco(queryClient));
  }, [pending, queryClient]);
  return null;
}

/**
 * The address picker in the header: shows the chosen delivery address ('Rua Haddock Lobo, 595')
 * or the selector's title, and opens the selector. A visitor without an address sees the title,
 * as in the prerendered shell.
 */
export function AddressPicker({ compact = false }: { compact?: boolean }) {
  const [aberto, { open, close: fechar }] = useDisclosure(false);
  // A page's request (checkout's 'Escolher endereço') opens the full picker's selector: both
  // pickers are mounted (one hidden by CSS), and one dialog must answer.
  const pedido = useEnderecoSelectorPedido() && !compact;
  const opened = aberto || pedido;
  const close = () => {
    fechar();
    if (pedido) closeEnderecoSelector();
  };
  const [used, setUsed] = useState(false);
  const endereco = useEnderecoEscolhido();
  if (opened && !used) setUsed(true);
  const texto = endereco ? enderecoCurto(endereco) : TITULO;
  return (
    <>
      {compact ? (
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          onClick={open}
          aria-label={endereco ? `Endereço de entrega: ${texto}. Alterar` : TITULO}
        >
          <IconMapPin size={22} aria-hidden="true" />
        </Button>
      ) : (
        <Button
          variant="subtle"
          color="gray"
          maw={320}
          leftSection={<IconMapPin size={18} aria-hidden="true" />}
          onClick={open}
          aria-label={endereco ? `Endereço de entrega: ${texto}. Alterar` : undefined}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{texto}</span>
        </Button>
      )}
      {/* The two pickers (mobile and desktop headers) are both mounted: one carries over. */}
      {!compact && <EnderecoCarryOver />}
      {(used || opened) && (
        <Suspense fallback={null}>
          <EnderecoSelectorModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
