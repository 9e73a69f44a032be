import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STATUS,
  STATUS_TAG,
  TIMELINE_MSG,
  canTransition,
  currentStatus,
  isCancelado,
  isFinalizado,
  isPagamentoPendente,
  isPendente,
  isStatusPedido,
  nextStatuses,
  statusTag,
  temRecibo,
  timeline,
} from './pedido-status.ts';
import type { HistoricoEntry, TipoEntrega } from './pedido-status.ts';

const at = (minuto: number) => new Date(Date.UTC(2030, 0, 1, 12, minuto)).toISOString();
/** A history reaching the given statuses one minute apart. */
const hist = (...statuses: number[]): HistoricoEntry[] =>
  statuses.map((status, i) => ({ status, datahora: at(i) }));

describe('status numbers and predicates', () => {
  it('are the spec’s numbers', () => {
    expect(STATUS).toEqual({
      Realizado: 0,
      PgtoPendente: 10,
      PgtoConfirmado: 11,
      Sincronizado: 20,
      Confirmado: 21,
      Pronto: 30,
      Entregue: 41,
      Cancelado: 50,
      CancelamentoSincronizado: 51,
      Concluido: 100,
    });
    expect(isStatusPedido(30)).toBe(true);
    expect(isStatusPedido(31)).toBe(false);
    expect(isStatusPedido('30')).toBe(false);
  });

  it.each([
    [0, true, false, false, false],
    [10, true, false, false, true],
    [21, true, false, false, false],
    [41, true, false, false, false],
    [50, false, true, true, false],
    [51, false, true, true, false],
    [100, false, true, false, false],
  ])('%i: pendente %s, finalizado %s, cancelado %s, pagamento pendente %s', (s, pend, fin, canc, pgto) => {
    expect([isPendente(s), isFinalizado(s), isCancelado(s), isPagamentoPendente(s)]).toEqual([
      pend,
      fin,
      canc,
      pgto,
    ]);
  });

  it('no status is neither pending nor finished; null is neither', () => {
    expect(isPendente(null)).toBe(false);
    expect(isFinalizado(null)).toBe(false);
    for (const s of Object.values(STATUS)) expect(isPendente(s)).toBe(!isFinalizado(s));
  });
});

describe('currentStatus', () => {
  it('is the latest entry by datahora, whatever the list order', () => {
    expect(currentStatus([])).toBeNull();
    expect(currentStatus(hist(0, 21, 30))).toBe(30);
    expect(currentStatus([...hist(0, 21, 30)].reverse())).toBe(30);
  });

  it('on the same instant the later entry of the list wins', () => {
    const t = at(5);
    expect(
      currentStatus([
        { status: 0, datahora: at(1) },
        { status: 21, datahora: t },
        { status: 30, datahora: t },
      ]),
    ).toBe(30);
  });

  it('compares instants, not text (offsets differ)', () => {
    expect(
      currentStatus([
        { status: 30, datahora: '2030-01-01T10:00:00-03:00' },
        { status: 21, datahora: '2030-01-01T12:30:00Z' },
      ]),
    ).toBe(30);
  });

  it('an unreadable datahora never beats a readable one', () => {
    expect(
      currentStatus([
        { status: 21, datahora: at(1) },
        { status: 50, datahora: 'ontem' },
      ]),
    ).toBe(21);
  });
});

describe('statusTag', () => {
  it.each([
    [[0], 'realizado', 'Realizado'],
    [[10], 'pagamentoPendente', 'Pagamento pendente'],
    [[10, 11], 'realizado', 'Realizado'],
    [[10, 11, 20], 'realizado', 'Realizado'],
    [[0, 21], 'confirmado', 'Confirmado'],
    [[0, 21, 30], 'pronto', 'Pronto'],
    [[0, 21, 30, 41], 'entregue', 'Entregue'],
    [[0, 21, 30, 41, 100], 'concluido', 'Concluído'],
    [[0, 21, 50], 'cancelado', 'Cancelado'],
    [[10, 51], 'cancelado', 'Cancelado'],
  ])('%j → %s', (statuses, tag, texto) => {
    const t = statusTag(hist(...statuses));
    expect(t).toBe(tag);
    expect(STATUS_TAG[t]).toBe(texto);
  });

  it('Cancelado when any entry is a cancellation, even if a later one is not', () => {
    expect(statusTag(hist(0, 50, 100))).toBe('cancelado');
  });
});

describe('timeline', () => {
  const estados = (t: ReturnType<typeof timeline>) => t.etapas.map((e) => `${e.id}:${e.estado}`);

  it('delivery: four steps, the current one and the message follow the history', () => {
    expect(estados(timeline(hist(0), 'DELIVERY'))).toEqual([
      'realizado:atual',
      'confirmado:pendente',
      'pronto:pendente',
      'entregue:pendente',
    ]);
    expect(timeline(hist(0), 'DELIVERY').mensagem).toBe(TIMELINE_MSG.aguardandoConfirmacao);
    expect(estados(timeline(hist(0, 21), 'DELIVERY'))).toEqual([
      'realizado:feito',
      'confirmado:atual',
      'pronto:pendente',
      'entregue:pendente',
    ]);
    expect(timeline(hist(0, 21), 'DELIVERY').mensagem).toBe(TIMELINE_MSG.preparando);
    expect(timeline(hist(0, 21, 30), 'DELIVERY').mensagem).toBe(TIMELINE_MSG.prontoEntrega);
    const entregue = timeline(hist(0, 21, 30, 41), 'DELIVERY');
    expect(estados(entregue)).toEqual([
      'realizado:feito',
      'confirmado:feito',
      'pronto:feito',
      'entregue:feito',
    ]);
    expect(entregue.mensagem).toBe(TIMELINE_MSG.aproveite);
    expect(entregue.etapas.map((e) => e.datahora)).toEqual([at(0), at(1), at(2), at(3)]);
    expect(entregue.cancelado).toBeNull();
  });

  it('pickup: three steps (no Entregue); Pronto is the last and done', () => {
    const pronto = timeline(hist(0, 21, 30), 'TOGO');
    expect(estados(pronto)).toEqual(['realizado:feito', 'confirmado:feito', 'pronto:feito']);
    expect(pronto.mensagem).toBe(TIMELINE_MSG.prontoRetirada);
    expect(estados(timeline(hist(0, 21, 30, 100), 'TOGO'))).toEqual([
      'realizado:feito',
      'confirmado:feito',
      'pronto:feito',
    ]);
  });

  it('Concluído marks every step done, with a time for the skipped ones', () => {
    const t = timeline(hist(0, 100), 'DELIVERY');
    expect(estados(t)).toEqual(['realizado:feito', 'confirmado:feito', 'pronto:feito', 'entregue:feito']);
    expect(t.etapas.every((e) => e.datahora !== null)).toBe(true);
    expect(t.mensagem).toBe(TIMELINE_MSG.aproveite);
  });

  it('cancelled: the steps reached stay, later ones are replaced by the refund message', () => {
    const t = timeline(
      [...hist(0, 21), { status: 50, datahora: at(2), motivo: 'Sem entregador' }],
      'DELIVERY',
    );
    expect(estados(t)).toEqual(['realizado:feito', 'confirmado:feito']);
    expect(t.mensagem).toBeNull();
    expect(t.cancelado).toEqual({ datahora: at(2), motivo: 'Sem entregador' });
    expect(TIMELINE_MSG.cancelado).toContain('estornados automaticamente');
    const logo = timeline(hist(0, 50), 'TOGO');
    expect(estados(logo)).toEqual(['realizado:feito']);
    expect(logo.cancelado).toEqual({ datahora: at(1), motivo: null });
  });

  it('payment pending: nothing reached yet, waiting for the payment', () => {
    const t = timeline(hist(10), 'DELIVERY');
    expect(t.etapas.every((e) => e.estado === 'pendente' && e.datahora === null)).toBe(true);
    expect(t.mensagem).toBe(TIMELINE_MSG.aguardandoPagamento);
    expect(estados(timeline(hist(10, 11, 20), 'DELIVERY'))[0]).toBe('realizado:atual');
  });

  it('reads the history in datahora order, not list order', () => {
    expect(timeline([...hist(0, 21, 30)].reverse(), 'DELIVERY')).toEqual(
      timeline(hist(0, 21, 30), 'DELIVERY'),
    );
  });
});

describe('temRecibo', () => {
  it.each([
    [[0], false],
    [[0, 21], false],
    [[0, 21, 30], true],
    [[0, 21, 30, 41], true],
    [[0, 100], true],
    // Spec section 4: 'once a status of 30 or higher exists' — a cancellation (50) included.
    [[0, 21, 50], true],
    [[0, 21, 30, 50], true],
  ])('%j → %s', (statuses, ok) => expect(temRecibo(hist(...statuses))).toBe(ok));
});

describe('transitions', () => {
  it.each<[number | null, TipoEntrega, number[]]>([
    [0, 'DELIVERY', [21, 50]],
    [11, 'DELIVERY', [21, 50]],
    [20, 'TOGO', [21, 50]],
    [10, 'DELIVERY', [50]],
    [21, 'TOGO', [30, 50]],
    [30, 'DELIVERY', [41, 50]],
    [30, 'TOGO', [100, 50]],
    [41, 'DELIVERY', [100, 50]],
    [100, 'DELIVERY', []],
    [50, 'DELIVERY', []],
    [51, 'TOGO', []],
    [null, 'TOGO', []],
  ])('from %s (%s): %j', (de, tipo, para) => {
    expect(nextStatuses(de, tipo)).toEqual(para);
    for (const s of Object.values(STATUS)) expect(canTransition(de, s, tipo)).toBe(para.includes(s));
  });

  it('any walk along the allowed moves ends at Concluído or Cancelado, and the views agree along it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<TipoEntrega>('DELIVERY', 'TOGO'),
        fc.array(fc.nat(), { maxLength: 8 }),
        (tipo, escolhas) => {
          const h: HistoricoEntry[] = [{ status: STATUS.Realizado, datahora: at(0) }];
          let feitos = 1;
          for (const [i, e] of escolhas.entries()) {
            const atual = currentStatus(h);
            const opcoes = nextStatuses(atual, tipo);
            if (opcoes.length === 0) break;
            const para = opcoes[e % opcoes.length]!;
            h.push({ status: para, datahora: at(i + 1) });
            expect(currentStatus(h)).toBe(para);
            const t = timeline(h, tipo);
            const agora = t.etapas.filter((x) => x.estado === 'feito').length;
            // Steps done never go back, and only what was reached is listed after a cancellation.
            expect(agora).toBeGreaterThanOrEqual(feitos - (isCancelado(para) ? 1 : 0));
            feitos = agora;
            expect(statusTag(h) === 'cancelado').toBe(isCancelado(para));
            expect(isFinalizado(para)).toBe(nextStatuses(para, tipo).length === 0);
          }
          const fim = currentStatus(h)!;
          if (isFinalizado(fim)) expect([STATUS.Concluido, STATUS.Cancelado]).toContain(fim);
          if (tipo === 'TOGO') expect(h.some((x) => x.status === STATUS.Entregue)).toBe(false);
        },
      ),
    );
  });
});
