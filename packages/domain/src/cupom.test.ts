import { describe, expect, it } from 'vitest';
import {
  CUPOM_RECUSA_CODIGO,
  checkCupom,
  cupomValidarInputSchema,
  normalizeCupomCodigo,
  presentCupom,
} from './cupom.ts';
import type { CupomRegras } from './cupom.ts';
import { MSG_PEDIDO } from './messages-pedido.ts';
import { couponDiscount } from './order-totals.ts';
import { cupomSchema } from './cupom-schema.ts';

const base: CupomRegras = {
  codigo: 'PIZZA5',
  ehpercentual: false,
  desconto: 500,
  limitedesconto: 0,
  subtotalminimo: 4000,
  valido_de: '2025-01-01T00:00:00.000Z',
  valido_ate: '2025-12-31T23:59:59.999Z',
  limite_total: 10,
  limite_por_cliente: 1,
  ativo: true,
};
const ctx = { agora: new Date('2025-06-01T12:00:00Z'), usosTotal: 0, usosCliente: 0 };

describe('checkCupom', () => {
  it('accepts a usable coupon, with or without the subtotal', () => {
    expect(checkCupom(base, ctx)).toEqual({ ok: true });
    expect(checkCupom(base, { ...ctx, subtotalCents: 4000 })).toEqual({ ok: true });
    const aberto = {
      ...base,
      valido_de: null,
      valido_ate: null,
      limite_total: null,
      limite_por_cliente: null,
    };
    expect(checkCupom(aberto, { ...ctx, usosTotal: 1e6, usosCliente: 1e6 })).toEqual({ ok: true });
  });

  it.each([
    ['inativo', { ativo: false }, {}, MSG_PEDIDO.cupomInativo, 103],
    ['nao_iniciado', {}, { agora: new Date('2024-12-31T23:59:59Z') }, MSG_PEDIDO.cupomNaoIniciado, 103],
    ['expirado', {}, { agora: new Date('2026-01-01T00:00:00Z') }, MSG_PEDIDO.cupomExpirado, 103],
    ['esgotado', {}, { usosTotal: 10 }, MSG_PEDIDO.cupomEsgotado, 104],
    ['limite_cliente', {}, { usosCliente: 1 }, MSG_PEDIDO.cupomLimiteCliente, 104],
    [
      'subtotal_minimo',
      {},
      { subtotalCents: 3999 },
      'Este cupom vale para pedidos a partir de R$ 40,00.',
      104,
    ],
  ] as const)('refuses %s', (motivo, regras, extra, mensagem, codigo) => {
    expect(checkCupom({ ...base, ...regras }, { ...ctx, ...extra })).toEqual({
      ok: false,
      motivo,
      codigo,
      mensagem,
    });
  });

  it('validity ends are inclusive; the first refusal wins', () => {
    expect(checkCupom(base, { ...ctx, agora: new Date(base.valido_de ?? '') }).ok).toBe(true);
    expect(checkCupom(base, { ...ctx, agora: new Date(base.valido_ate ?? '') }).ok).toBe(true);
    const r = checkCupom({ ...base, ativo: false }, { ...ctx, usosTotal: 99, subtotalCents: 1 });
    expect(r.ok || r.motivo).toBe('inativo');
    expect(CUPOM_RECUSA_CODIGO.desconhecido).toBe(103);
  });
});

describe('presentCupom and the coupon schemas', () => {
  it('answers reais for fixed amounts and the percentage for percent; couponDiscount agrees', () => {
    const fixo = presentCupom(base);
    expect(fixo).toEqual({ codigo: 'PIZZA5', ehpercentual: false, desconto: 5, limitedesconto: 0 });
    expect(cupomSchema.parse(fixo)).toEqual(fixo);
    expect(couponDiscount(fixo, 4500)).toBe(500);
    const pct = presentCupom({
      ...base,
      codigo: 'BEMVINDO10',
      ehpercentual: true,
      desconto: 10,
      limitedesconto: 1500,
    });
    expect(pct).toEqual({ codigo: 'BEMVINDO10', ehpercentual: true, desconto: 10, limitedesconto: 15 });
    expect(couponDiscount(pct, 9990)).toBe(999);
    expect(couponDiscount(pct, 50000)).toBe(1500);
  });

  it('normalizes codes', () => {
    expect(normalizeCupomCodigo('  bemVindo10 ')).toBe('BEMVINDO10');
  });

  it('cupomValidarInputSchema: blank code is "Insira um código.", bad values refused', () => {
    expect(cupomValidarInputSchema.parse({ cupom: ' x ', deliveryestabelecimento: 1 })).toEqual({
      cupom: ' x ',
      deliveryestabelecimento: 1,
    });
    const msg = (input: unknown) => {
      const r = cupomValidarInputSchema.safeParse(input);
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    expect(msg({ cupom: '   ', deliveryestabelecimento: 1 })).toEqual([MSG_PEDIDO.insiraCodigo]);
    expect(msg({ deliveryestabelecimento: 1 })).toEqual([MSG_PEDIDO.insiraCodigo]);
    expect(msg({ cupom: 'A'.repeat(33), deliveryestabelecimento: 1 })).toEqual([
      MSG_PEDIDO.cupomNaoEncontrado,
    ]);
    expect(msg({ cupom: 'A\u0000B', deliveryestabelecimento: 1 })).toEqual([MSG_PEDIDO.cupomNaoEncontrado]);
    for (const d of ['1', 0, -1, 1.5, 2 ** 31, null]) {
      expect(msg({ cupom: 'X', deliveryestabelecimento: d })).toEqual([MSG_PEDIDO.estabelecimentoInvalido]);
    }
  });
});
