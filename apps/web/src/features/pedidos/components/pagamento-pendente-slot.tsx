import { useState } from 'react';
import type { PedidoDetalhe } from '../lib/pedido-json.ts';
import { pagamentoPendente } from '../lib/transacao.ts';
import { DebitoPendente } from './debito-pendente.tsx';
import { PixPendente } from './pix-pendente.tsx';

/**
 * The tracking page's online-payment panels (spec section 4), above the timeline: the pending
 * debit (status 10 with the transaction's bank page: the 3-D Secure modal) or the pending PIX
 * (status 10 and the first payment of type 200: QR code, copy button, 10 s poll). A panel seen
 * pending on this page stays to tell how the payment ended; an order that was never pending here
 * shows nothing (its timeline says it).
 */
export function PagamentoPendenteSlot({ pedido }: { pedido: PedidoDetalhe }) {
  const pendente = pagamentoPendente(pedido);
  const [visto, setVisto] = useState<'debito' | 'pix' | null>(null);
  if (pendente && pendente.tipo !== visto) setVisto(pendente.tipo);
  const tipo = pendente?.tipo ?? visto;
  if (tipo === 'debito') {
    // A credit card's challenge (Mercado Pago) runs in the same panel, with credit's texts.
    const credito = pedido.transacoes[0]?.tipo === 'credito';
    return (
      <DebitoPendente
        pedido={pedido}
        url={pendente?.tipo === 'debito' ? pendente.url : null}
        credito={credito}
      />
    );
  }
  if (tipo === 'pix') return <PixPendente pedido={pedido} pix={pendente?.tipo === 'pix' ? pendente : null} />;
  return null;
}
