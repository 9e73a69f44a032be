import { Group, Text } from '@mantine/core';
import { MSG_PEDIDO, formatBRL } from '@rango/domain';
import { IconReceiptRefund } from '@tabler/icons-react';
import type { PedidoDetalhe } from '../lib/pedido-json.ts';
import { estornoDoPedido, type Estorno } from '../lib/transacao.ts';

const texto = (e: Estorno): string =>
  e.estado === 'estornado'
    ? MSG_PEDIDO.valorEstornado(formatBRL(e.valor))
    : e.estado === 'estorno_pendente'
      ? MSG_PEDIDO.estornoPendente
      : MSG_PEDIDO.nadaCobrado;

/**
 * Under the timeline of a cancelled order paid online (its message says refunds are automatic):
 * where that refund stands, from the transaction. The tracking poll moves 'Estorno em andamento.'
 * to 'estornado', read out politely. Nothing for an order without an online payment.
 */
export function EstornoAviso({ pedido }: { pedido: Pick<PedidoDetalhe, 'historico' | 'transacoes'> }) {
  const estorno = estornoDoPedido(pedido);
  return (
    <div aria-live="polite" hidden={!estorno}>
      {estorno ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconReceiptRefund size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{texto(estorno)}</Text>
        </Group>
      ) : null}
    </div>
  );
}
