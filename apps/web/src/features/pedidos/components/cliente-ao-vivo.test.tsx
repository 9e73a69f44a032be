import { EVENTO, STATUS } from '@rango/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setAoVivo } from '../../../api/ao-vivo.ts';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { PEDIDO_POLL_AO_VIVO_MS, PEDIDO_POLL_MS, pedidoRefetchInterval } from '../api/get-pedido.ts';
import { aplicarEvento } from './cliente-ao-vivo.tsx';

function comConsultas() {
  const qc = new QueryClient();
  const chaves = [
    [...PEDIDOS_KEY, 'detalhe', 5],
    [...PEDIDOS_KEY, 'status', 5],
    [...PEDIDOS_KEY, 'detalhe', 6],
    [...PEDIDOS_KEY, 'pendentes'],
    [...PEDIDOS_KEY, 'concluidos'],
  ];
  for (const k of chaves) qc.setQueryData(k, { ok: true });
  const invalidadas = () =>
    qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey.slice(1).join(':'))
      .sort();
  return { qc, invalidadas };
}

describe('aplicarEvento', () => {
  it('relê só o pedido do evento, a lista de pendentes e o badge', () => {
    const { qc, invalidadas } = comConsultas();
    aplicarEvento(qc, {
      id: 1,
      event: EVENTO.pedidoStatus,
      data: { idpedido: 5, de: 0, para: STATUS.Confirmado },
    });
    expect(invalidadas()).toEqual(['detalhe:5', 'pendentes', 'status:5']);
  });

  it('um pedido que terminou também atualiza os concluídos', () => {
    const { qc, invalidadas } = comConsultas();
    aplicarEvento(qc, { id: 2, event: EVENTO.pedidoStatus, data: { idpedido: 6, para: STATUS.Concluido } });
    expect(invalidadas()).toEqual(['concluidos', 'detalhe:6', 'pendentes']);
  });

  it('ignora eventos sem pedido', () => {
    const { qc, invalidadas } = comConsultas();
    aplicarEvento(qc, { id: 3, event: EVENTO.pedidoStatus, data: { outra: 1 } });
    expect(invalidadas()).toEqual([]);
  });
});

describe('pedidoRefetchInterval com o stream ao vivo', () => {
  const pendente = {
    state: { data: { historico: [{ status: 0, datahora: '2026-01-01T10:00:00Z' }] }, error: null },
  } as unknown as Parameters<typeof pedidoRefetchInterval>[0];
  it('consulta a cada 15 s sem stream e só como rede de segurança com ele aberto', () => {
    setAoVivo(false);
    expect(pedidoRefetchInterval(pendente)).toBe(PEDIDO_POLL_MS);
    setAoVivo(true);
    expect(pedidoRefetchInterval(pendente)).toBe(PEDIDO_POLL_AO_VIVO_MS);
    setAoVivo(false);
  });
});
