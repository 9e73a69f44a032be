/**
 * What staff do to an order from the panel: move it (the server applies the rules; a refused
 * move is read again so the screen shows what really happened), print its receipt, mark an item
 * 'Em falta'. A move's answer goes straight into the queue, ordered against other reads.
 */
import { notifications } from '@mantine/notifications';
import type { PainelStatusInput, PainelStatusResposta, PedidoPainel } from '@rango/domain/painel';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { PainelApiError } from '../../../api/client.ts';
import {
  getDisponibilidadeQueryOptions,
  putDisponibilidade,
  type TipoItem,
} from '../../../api/disponibilidade.ts';
import { getCupomPainel, moverPedidoPainel } from '../../../api/pedidos.ts';
import { imprimirHtml } from '../lib/imprimir.ts';

/** A product or an option of an order, to mark 'Em falta'. */
export interface AlvoEmFalta {
  tipo: TipoItem;
  id: number;
}

interface Fila {
  novaLeitura: () => number;
  aplicarPedido: (p: PedidoPainel, seq: number) => void;
  carregarPedido: (id: number) => void;
}

export function useAcoes(idest: number, fila: Fila) {
  const qc = useQueryClient();
  const [imprimindo, setImprimindo] = useState<number | null>(null);
  const { novaLeitura, aplicarPedido, carregarPedido } = fila;

  const mover = useCallback(
    async (p: PedidoPainel, input: PainelStatusInput): Promise<PainelStatusResposta> => {
      const s = novaLeitura();
      try {
        const r = await moverPedidoPainel(idest, p.id, input);
        aplicarPedido(r.pedido, s);
        return r;
      } catch (e) {
        // Refused because it changed meanwhile (another tablet, the customer's payment): show it as it is.
        if (e instanceof PainelApiError && e.status === 409) carregarPedido(p.id);
        throw e;
      }
    },
    [idest, novaLeitura, aplicarPedido, carregarPedido],
  );

  const imprimir = useCallback(
    async (p: PedidoPainel) => {
      setImprimindo(p.id);
      try {
        await imprimirHtml(await getCupomPainel(idest, p.id));
      } catch (e) {
        notifications.show({
          color: 'red',
          title: `Não foi possível imprimir o pedido #${p.referencia}`,
          message: e instanceof Error ? e.message : '',
        });
      } finally {
        setImprimindo(null);
      }
    },
    [idest],
  );

  const emFalta = useCallback(
    async (alvo: AlvoEmFalta, nome: string, falta = true) => {
      try {
        await putDisponibilidade(idest, { ...alvo, stindisponivel: falta ? 1 : 0 });
        void qc.invalidateQueries({ queryKey: getDisponibilidadeQueryOptions(idest).queryKey });
        notifications.show({
          color: falta ? 'yellow' : 'green',
          title: falta ? `${nome}: em falta` : `${nome}: disponível`,
          message: falta ? 'Não aparece mais como disponível no cardápio.' : 'Voltou ao cardápio.',
        });
      } catch (e) {
        notifications.show({
          color: 'red',
          title: `Não foi possível marcar ${nome}`,
          message: e instanceof Error ? e.message : '',
        });
      }
    },
    [idest, qc],
  );

  return { mover, imprimir, imprimindo, emFalta };
}
