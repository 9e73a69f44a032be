import { describe, expect, it } from 'vitest';
import { STATUS } from '../pedido-status.ts';
import {
  PREVISAO_MAX,
  PREVISAO_MIN,
  acoesDoPedido,
  aguardaAceite,
  agruparFila,
  alertaDoPedido,
  colunaDoPedido,
  formatarDuracao,
  previsaoSugerida,
  type PedidoNaFila,
} from './fila.ts';

const AGORA = Date.parse('2025-03-10T15:00:00Z');
const haMin = (min: number) => new Date(AGORA - min * 60_000).toISOString();
const emMin = (min: number) => new Date(AGORA + min * 60_000).toISOString();
const config = { alerta_amarelo_min: 10, alerta_vermelho_min: 20, aceite_limite_min: 8 };

function pedido(over: Partial<PedidoNaFila> & { id?: number } = {}): PedidoNaFila & { id: number } {
  return {
    id: 1,
    status: STATUS.Realizado,
    tipo: 'DELIVERY',
    dthrpedido: haMin(1),
    entregue_as: null,
    ...over,
  };
}

describe('colunaDoPedido', () => {
  it.each([
    [STATUS.Realizado, 'novos'],
    [STATUS.PgtoPendente, 'novos'],
    [STATUS.PgtoConfirmado, 'novos'],
    [STATUS.Sincronizado, 'novos'],
    [STATUS.Confirmado, 'preparo'],
    [STATUS.Pronto, 'prontos'],
    [STATUS.Entregue, 'entrega'],
    [STATUS.Concluido, 'concluidos'],
    [STATUS.Cancelado, 'cancelados'],
    [STATUS.CancelamentoSincronizado, 'cancelados'],
  ])('status %i sits in %s', (status, coluna) => {
    expect(colunaDoPedido(pedido({ status }), AGORA)).toBe(coluna);
  });

  it('keeps a scheduled order in Agendados until its preparation time (max estimate, at least 30 min)', () => {
    expect(colunaDoPedido(pedido({ entregue_as: emMin(31) }), AGORA, 0)).toBe('agendados');
    expect(colunaDoPedido(pedido({ entregue_as: emMin(30) }), AGORA, 0)).toBe('novos');
    expect(colunaDoPedido(pedido({ entregue_as: emMin(50) }), AGORA, 60)).toBe('novos');
    // Once accepted it follows its status like any other.
    expect(colunaDoPedido(pedido({ entregue_as: emMin(300), status: STATUS.Confirmado }), AGORA)).toBe(
      'preparo',
    );
  });
});

describe('alertaDoPedido', () => {
  it('turns amber then red past the thresholds', () => {
    const emPreparo = (min: number) =>
      alertaDoPedido(pedido({ status: STATUS.Confirmado, dthrpedido: haMin(min) }), config, AGORA);
    expect(emPreparo(9)).toBe('normal');
    expect(emPreparo(10)).toBe('amarelo');
    expect(emPreparo(19)).toBe('amarelo');
    expect(emPreparo(20)).toBe('vermelho');
  });

  it('flags a new order red past the acceptance limit, before the red threshold', () => {
    expect(alertaDoPedido(pedido({ dthrpedido: haMin(7) }), config, AGORA)).toBe('normal');
    expect(alertaDoPedido(pedido({ dthrpedido: haMin(8) }), config, AGORA)).toBe('vermelho');
  });

  it('never flags finished orders, scheduled ones not yet due, or one waiting for the payment', () => {
    for (const status of [STATUS.Concluido, STATUS.Cancelado, STATUS.PgtoPendente]) {
      expect(alertaDoPedido(pedido({ status, dthrpedido: haMin(90) }), config, AGORA)).toBe('normal');
    }
    expect(alertaDoPedido(pedido({ dthrpedido: haMin(90), entregue_as: emMin(120) }), config, AGORA)).toBe(
      'normal',
    );
  });

  it('counts a scheduled order from its preparation time, not from when it was placed', () => {
    // Placed a day ago for 20 min from now: preparation started 10 min ago (30 min before).
    const p = pedido({ dthrpedido: haMin(24 * 60), entregue_as: emMin(20), status: STATUS.Confirmado });
    expect(alertaDoPedido(p, config, AGORA)).toBe('amarelo');
  });
});

describe('acoesDoPedido', () => {
  it('offers accept (with an estimate) and cancel (with a reason) on a new order', () => {
    expect(acoesDoPedido(STATUS.Realizado, 'DELIVERY')).toEqual([
      { para: STATUS.Confirmado, rotulo: 'Aceitar', pede: 'previsao', atalho: 'a' },
      { para: STATUS.Cancelado, rotulo: 'Cancelar', pede: 'motivo', atalho: 'x' },
    ]);
  });

  it('follows delivery and pickup', () => {
    expect(acoesDoPedido(STATUS.Pronto, 'DELIVERY').map((a) => a.rotulo)).toEqual([
      'Saiu para entrega',
      'Cancelar',
    ]);
    expect(acoesDoPedido(STATUS.Pronto, 'TOGO').map((a) => a.rotulo)).toEqual(['Concluído', 'Cancelar']);
    expect(acoesDoPedido(STATUS.Entregue, 'DELIVERY').map((a) => a.rotulo)).toEqual(['Entregue', 'Cancelar']);
  });

  it('offers nothing on finished orders, and only cancel while the payment is pending', () => {
    expect(acoesDoPedido(STATUS.Concluido, 'DELIVERY')).toEqual([]);
    expect(acoesDoPedido(STATUS.Cancelado, 'DELIVERY')).toEqual([]);
    expect(acoesDoPedido(STATUS.PgtoPendente, 'DELIVERY').map((a) => a.rotulo)).toEqual(['Cancelar']);
  });

  it('gives each action of one order its own shortcut', () => {
    for (const status of [0, 10, 11, 20, 21, 30, 41]) {
      for (const tipo of ['DELIVERY', 'TOGO'] as const) {
        const atalhos = acoesDoPedido(status, tipo).map((a) => a.atalho);
        expect(new Set(atalhos).size).toBe(atalhos.length);
      }
    }
  });
});

describe('aguardaAceite', () => {
  it('is true only for orders the restaurant can accept', () => {
    expect(aguardaAceite(STATUS.Realizado, 'TOGO')).toBe(true);
    expect(aguardaAceite(STATUS.PgtoConfirmado, 'TOGO')).toBe(true);
    expect(aguardaAceite(STATUS.Sincronizado, 'DELIVERY')).toBe(true);
    expect(aguardaAceite(STATUS.PgtoPendente, 'DELIVERY')).toBe(false);
    expect(aguardaAceite(STATUS.Confirmado, 'DELIVERY')).toBe(false);
    expect(aguardaAceite(STATUS.Cancelado, 'DELIVERY')).toBe(false);
  });
});

describe('previsaoSugerida', () => {
  it('offers the default estimate for an order as soon as possible', () => {
    expect(previsaoSugerida(null, AGORA, 35)).toBe(35);
  });

  it('offers the time left until a scheduled order, within the allowed range', () => {
    expect(previsaoSugerida(emMin(44.5), AGORA, 30)).toBe(45);
    expect(previsaoSugerida(emMin(1), AGORA, 30)).toBe(PREVISAO_MIN);
    expect(previsaoSugerida(haMin(10), AGORA, 30)).toBe(PREVISAO_MIN);
    expect(previsaoSugerida(emMin(600), AGORA, 30)).toBe(PREVISAO_MAX);
    expect(previsaoSugerida('não é data', AGORA, 30)).toBe(30);
  });
});

describe('formatarDuracao', () => {
  it.each([
    [0, '0 min'],
    [-3, '0 min'],
    [7.9, '7 min'],
    [59, '59 min'],
    [60, '1 h'],
    [65, '1 h 05 min'],
    [135, '2 h 15 min'],
  ])('%d → %s', (min, texto) => {
    expect(formatarDuracao(min)).toBe(texto);
  });
});

describe('agruparFila', () => {
  it('puts every order in exactly one column, in the order the staff reads it', () => {
    const pedidos = [
      pedido({ id: 1, dthrpedido: haMin(5) }),
      pedido({ id: 2, dthrpedido: haMin(1) }),
      pedido({ id: 3, status: STATUS.Confirmado, dthrpedido: haMin(2) }),
      pedido({ id: 4, status: STATUS.Confirmado, dthrpedido: haMin(9) }),
      pedido({ id: 5, status: STATUS.Pronto }),
      pedido({ id: 6, status: STATUS.Entregue }),
      pedido({ id: 7, entregue_as: emMin(300) }),
      pedido({ id: 8, entregue_as: emMin(90) }),
      pedido({ id: 9, status: STATUS.Concluido, dthrpedido: haMin(60) }),
      pedido({ id: 10, status: STATUS.Concluido, dthrpedido: haMin(30) }),
      pedido({ id: 11, status: STATUS.Cancelado }),
    ];
    const g = agruparFila(pedidos, AGORA);
    const ids = (c: keyof typeof g) => g[c].map((p) => p.id);
    expect(ids('novos')).toEqual([2, 1]);
    expect(ids('preparo')).toEqual([4, 3]);
    expect(ids('prontos')).toEqual([5]);
    expect(ids('entrega')).toEqual([6]);
    expect(ids('agendados')).toEqual([8, 7]);
    expect(ids('concluidos')).toEqual([10, 9]);
    expect(ids('cancelados')).toEqual([11]);
    expect(Object.values(g).flat()).toHaveLength(pedidos.length);
  });

  it('uses each order’s own maximum estimate for its preparation time', () => {
    const p = pedido({ entregue_as: emMin(50) });
    expect(agruparFila([p], AGORA).agendados).toHaveLength(1);
    expect(agruparFila([p], AGORA, () => 60).novos).toHaveLength(1);
  });
});
