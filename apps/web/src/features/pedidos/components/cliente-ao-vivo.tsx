// Lazily loaded with the pending-orders query (logged-in customers only): never in a visitor's JS.
import { CLIENTE_EVENTOS_PATH, EVENTO, isFinalizado, type DadosEvento } from '@rango/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setAoVivo } from '../../../api/ao-vivo.ts';
import { PEDIDOS_KEY, getPedidosPendentes } from '../../../api/pedidos.ts';
import { API_BASE } from '../../../config/paths.ts';
import { openEventStream, type StreamEvent } from '../../../shared/lib/event-stream.ts';
import { getSession } from '../../../stores/session.ts';

const idDoPedido = (dados: unknown): number | null => {
  const id = (dados as DadosEvento | null)?.idpedido;
  return typeof id === 'number' ? id : null;
};

/** One order changed: its tracking page, its status poll, and the lists and badge. */
export function aplicarEvento(queryClient: QueryClient, evento: StreamEvent): void {
  const id = idDoPedido(evento.data);
  if (id === null) return;
  for (const parte of ['detalhe', 'status'] as const) {
    void queryClient.invalidateQueries({ queryKey: [...PEDIDOS_KEY, parte, id], exact: true });
  }
  void queryClient.invalidateQueries({ queryKey: [...PEDIDOS_KEY, 'pendentes'], exact: true });
  const para = (evento.data as DadosEvento).para;
  if (evento.event === EVENTO.pedidoStatus && typeof para === 'number' && isFinalizado(para)) {
    void queryClient.invalidateQueries({ queryKey: [...PEDIDOS_KEY, 'concluidos'] });
  }
}

/**
 * Issue 11, part 4: one stream per tab with every order of the logged-in customer
 * (GET /controle/eventos/). Each event makes the affected order's queries read it again, so the
 * tracking page, the orders badge and the pending-payment notice move within a second of the
 * restaurant's action. The token goes in a header; a 401 is answered by a call that refreshes
 * the session through the API client's one shared refresh.
 */
export function ClienteAoVivo() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let enviado: string | null = null;
    let estavaAberto = false;
    const stream = openEventStream({
      url: `${API_BASE}${CLIENTE_EVENTOS_PATH}`,
      getToken: () => (enviado = getSession().access),
      onUnauthorized: async () => {
        await getPedidosPendentes().catch(() => undefined);
        const agora = getSession().access;
        return agora !== null && agora !== enviado;
      },
      onEvent: (evento) => aplicarEvento(queryClient, evento),
      onReset: () => void queryClient.invalidateQueries({ queryKey: PEDIDOS_KEY }),
      onState: (estado) => {
        const aberto = estado === 'aberto';
        setAoVivo(aberto);
        // The stream went away: read now what may have changed, and polling takes over.
        if (estavaAberto && !aberto) void queryClient.invalidateQueries({ queryKey: PEDIDOS_KEY });
        estavaAberto = aberto;
      },
    });
    return () => {
      stream.close();
      setAoVivo(false);
    };
  }, [queryClient]);
  return null;
}
