import { Button } from '@mantine/core';
import { currentStatus, isFinalizado, type PedidoFetched } from '@rango/domain';
import { IconRepeat } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The dialog, the reorder diff and the cart's add flow load on the first click, never with the list.
const PedirDeNovoDialog = lazy(() => import('./pedir-de-novo-dialog.tsx'));

/** 'Pedir de novo' on a finished order (Concluído or Cancelado): opens the reorder dialog. */
export function PedirDeNovoBotao({
  pedido,
  fullWidth = false,
}: {
  pedido: PedidoFetched;
  fullWidth?: boolean;
}) {
  const [aberto, setAberto] = useState(false);
  const [vezes, setVezes] = useState(0);
  if (!isFinalizado(currentStatus(pedido.historico))) return null;
  return (
    <>
      <Button
        variant="light"
        fullWidth={fullWidth}
        leftSection={<IconRepeat size={18} aria-hidden />}
        aria-haspopup="dialog"
        aria-label={`Pedir de novo o pedido #${pedido.referencia}`}
        onClick={() => {
          setVezes((n) => n + 1);
          setAberto(true);
        }}
      >
        Pedir de novo
      </Button>
      {vezes > 0 ? (
        <Suspense fallback={null}>
          <PedirDeNovoDialog key={vezes} pedido={pedido} opened={aberto} onClose={() => setAberto(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
