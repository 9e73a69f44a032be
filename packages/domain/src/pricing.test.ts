import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL, formatReais } from './money.ts';
import { priceItem, shareProportionally, type ItemEscolha } from './pricing.ts';
import type { GrupoOpcao, Opcao, StPrecoPraticado } from './schemas.ts';
import { grupo, opcao, produto } from './test/fixtures.ts';

const A = opcao({ descricao: 'A', preco: 500 });
const B = opcao({ descricao: 'B', preco: 800 });
const C = opcao({ descricao: 'C', preco: 1200 });

function withGroup(g: GrupoOpcao, preco = 30) {
  return produto({ preco, grupoopcoes: [g] });
}
function pick(g: GrupoOpcao, qs: [Opcao, number][], quantidade = 1): ItemEscolha {
  return {
    quantidade,
    escolhas: { [g.idgrupoopcao]: Object.fromEntries(qs.map(([o, q]) => [o.idopcao, q])) },
  };
}

describe('priceItem: one row per stprecopraticado mode', () => {
  const rows: {
    modo: StPrecoPraticado;
    nome: string;
    escolha: [Opcao, number][];
    grupoPreco: number;
    unit: number;
    partes: number[];
    extra?: Partial<GrupoOpcao>;
    preco?: number;
  }[] = [
    {
      modo: 0,
      nome: 'Normal sums unit × quantity',
      escolha: [
        [A, 1],
        [B, 2],
      ],
      grupoPreco: 2100,
      unit: 5100,
      partes: [500, 1600],
    },
    {
      modo: 0,
      nome: 'Normal with qtdinclusa 2: the two cheapest units are free',
      escolha: [
        [A, 1],
        [B, 2],
      ],
      extra: { qtdinclusa: 2 },
      grupoPreco: 800,
      unit: 3800,
      partes: [0, 800],
    },
    {
      modo: 1,
      nome: 'MenorOpcao: the lowest, once',
      escolha: [
        [A, 1],
        [C, 1],
      ],
      grupoPreco: 500,
      unit: 3500,
      partes: [250, 250],
    },
    {
      modo: 2,
      nome: 'MediaOpcao: average, truncated, leftover cents to the first largest parts',
      escolha: [
        [A, 1],
        [B, 1],
        [C, 1],
      ],
      grupoPreco: 833,
      unit: 3833,
      partes: [278, 278, 277],
    },
    {
      modo: 2,
      nome: 'MediaOpcao weighted by quantity',
      escolha: [
        [A, 1],
        [C, 3],
      ],
      grupoPreco: 1025,
      unit: 4025,
      partes: [256, 769],
    },
    {
      modo: 3,
      nome: 'MaiorOpcao: the highest, once',
      escolha: [
        [A, 1],
        [C, 1],
      ],
      grupoPreco: 1200,
      unit: 4200,
      partes: [600, 600],
    },
    {
      modo: 4,
      nome: 'DesprezaOpcao: option prices ignored',
      escolha: [
        [A, 1],
        [C, 2],
      ],
      grupoPreco: 0,
      unit: 3000,
      partes: [0, 0],
    },
    {
      modo: 10,
      nome: 'Kit: the product price shared by listed price',
      escolha: [
        [opcao({ preco: 2500 }), 1],
        [opcao({ preco: 1000 }), 1],
        [opcao({ preco: 600 }), 1],
      ],
      preco: 35,
      grupoPreco: 3500,
      unit: 3500,
      partes: [2135, 853, 512],
    },
  ];

  it.each(rows)('mode $modo — $nome', (row) => {
    const g = grupo({
      stprecopraticado: row.modo,
      opcoes: row.escolha.map(([o]) => o),
      ...row.extra,
    });
    const item = priceItem(withGroup(g, row.preco), pick(g, row.escolha));
    const sub = item.subitens[0]!;
    expect(sub.preco).toBe(row.grupoPreco);
    expect(sub.sub_subitens.map((s) => s.preco_total)).toEqual(row.partes);
    expect(item.preco_unit).toBe(row.unit);
    expect(item.preco_total).toBe(row.unit);
  });
});

describe('priceItem: adjustments and rules', () => {
  it('uses the offer price only when 0 < precooferta < preco', () => {
    expect(
      priceItem(produto({ preco: 30, precooferta: 25 }), { quantidade: 1, escolhas: {} }).preco_unit,
    ).toBe(2500);
    expect(
      priceItem(produto({ preco: 30, precooferta: 35 }), { quantidade: 1, escolhas: {} }).preco_unit,
    ).toBe(3000);
    expect(
      priceItem(produto({ preco: 30, precooferta: 0 }), { quantidade: 1, escolhas: {} }).preco_unit,
    ).toBe(3000);
  });

  it('option offers follow the same rule', () => {
    const o = opcao({ preco: 800, precooferta: 600 });
    const g = grupo({ opcoes: [o] });
    expect(priceItem(withGroup(g), pick(g, [[o, 2]])).preco_unit).toBe(3000 + 1200);
  });

  it('product adjustments: money once whatever the quantity, percent of the step-1 base, no compounding', () => {
    const grande = opcao({ valorafetaproduto: 30, stpercentualafetaproduto: 1 });
    const extra = opcao({ valorafetaproduto: 500 });
    const g = grupo({ opcoes: [grande, extra] });
    const item = priceItem(
      withGroup(g),
      pick(
        g,
        [
          [grande, 1],
          [extra, 3],
        ],
        2,
      ),
    );
    // 3000 + 30 % of 3000 + 500 (once), option prices 0
    expect(item.preco_unit).toBe(4400);
    expect(item.ajuste).toBe(1400);
    expect(item.preco_total).toBe(8800);
  });

  it('valorafetaopcao changes every other chosen option, by cents or percent of its own price', () => {
    const borda = opcao({ preco: 700, valorafetaopcao: 20, stpercentualafetaopcao: 1 });
    const g1 = grupo({ opcoes: [A, C] });
    const g2 = grupo({ opcoes: [borda] });
    const p = produto({ grupoopcoes: [g1, g2] });
    const item = priceItem(p, {
      quantidade: 1,
      escolhas: {
        [g1.idgrupoopcao]: { [A.idopcao]: 1, [C.idopcao]: 1 },
        [g2.idgrupoopcao]: { [borda.idopcao]: 1 },
      },
    });
    const [a, c] = item.subitens[0]!.sub_subitens;
    expect(a!.preco_unit).toBe(600);
    expect(a!.ajuste).toBe(100);
    expect(c!.preco_unit).toBe(1440);
    // the borda itself is not changed by its own adjustment
    expect(item.subitens[1]!.sub_subitens[0]!.preco_unit).toBe(700);
    expect(item.preco_unit).toBe(3000 + 600 + 1440 + 700);

    const menos = opcao({ valorafetaopcao: -200 });
    const g3 = grupo({ opcoes: [A, menos] });
    const item2 = priceItem(
      withGroup(g3),
      pick(g3, [
        [A, 1],
        [menos, 1],
      ]),
    );
    expect(item2.subitens[0]!.sub_subitens[0]!.preco_unit).toBe(300);
  });

  it('valorafetatudo adds to the unit price once', () => {
    const o = opcao({ preco: 100, valorafetatudo: 300 });
    const g = grupo({ opcoes: [o] });
    const item = priceItem(withGroup(g), pick(g, [[o, 2]], 3));
    expect(item.preco_unit).toBe(3000 + 200 + 300);
    expect(item.preco_total).toBe(3 * 3500);
    expect(item.ajuste).toBe(300);
  });

  it('leave-out groups cost nothing', () => {
    const semCebola = opcao({ preco: 300 });
    const g = grupo({ stnegagrupoopcao: 1, opcoes: [semCebola] });
    const item = priceItem(withGroup(g), pick(g, [[semCebola, 1]]));
    expect(item.preco_unit).toBe(3000);
    expect(item.subitens[0]!.sub_subitens[0]).toMatchObject({ preco_unit: 0, preco_total: 0 });
  });

  it('Kit shares by quantity when every option is free, and honours product adjustments', () => {
    const x = opcao();
    const y = opcao();
    const grande = opcao({ valorafetaproduto: 1000 });
    const kit = grupo({ stprecopraticado: 10, opcoes: [x, y] });
    const tamanho = grupo({ opcoes: [grande] });
    const p = produto({ preco: 25, grupoopcoes: [kit, tamanho] });
    const item = priceItem(p, {
      quantidade: 1,
      escolhas: {
        [kit.idgrupoopcao]: { [x.idopcao]: 2, [y.idopcao]: 1 },
        [tamanho.idgrupoopcao]: { [grande.idopcao]: 1 },
      },
    });
    expect(item.preco_unit).toBe(3500);
    expect(item.subitens[0]!.sub_subitens.map((s) => s.preco_total)).toEqual([2334, 1166]);
  });

  it('ignores hidden groups and unknown options, and never goes below zero', () => {
    const desconto = opcao({ valorafetaproduto: -99999 });
    const g = grupo({ opcoes: [desconto] });
    const oculto = grupo({ stindisponivel: 2, opcoes: [C] });
    const p = produto({ grupoopcoes: [g, oculto] });
    const item = priceItem(p, {
      quantidade: 2,
      escolhas: {
        [g.idgrupoopcao]: { [desconto.idopcao]: 1, 424242: 3 },
        [oculto.idgrupoopcao]: { [C.idopcao]: 1 },
      },
    });
    expect(item.preco_unit).toBe(0);
    expect(item.preco_total).toBe(0);
    expect(item.subitens).toHaveLength(1);
  });
});

describe('shareProportionally', () => {
  it('gives leftover cents to the largest parts first, ties by position', () => {
    expect(shareProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareProportionally(10, [1, 2])).toEqual([3, 7]);
    expect(shareProportionally(0, [1, 2])).toEqual([0, 0]);
    expect(shareProportionally(5, [0, 0])).toEqual([3, 2]);
    expect(shareProportionally(5, [])).toEqual([]);
  });
});

// Properties (STYLE.md example 4).
const arbOpcao = fc.record({
  preco: fc.integer({ min: 0, max: 20_000 }),
  precooferta: fc.integer({ min: 0, max: 20_000 }),
  valorafetaopcao: fc.integer({ min: -3000, max: 3000 }),
  stpercentualafetaopcao: fc.constantFrom(0, 1),
  valorafetaproduto: fc.integer({ min: -5000, max: 5000 }),
  stpercentualafetaproduto: fc.constantFrom(0, 1),
  valorafetatudo: fc.integer({ min: -5000, max: 5000 }),
  quantidade: fc.integer({ min: 1, max: 5 }),
});
const arbModo = fc.constantFrom<StPrecoPraticado>(0, 1, 2, 3, 4, 10);

describe('pricing properties', () => {
  it('the shares of every group add up to the group price (Kit parts sum to the kit price)', () => {
    fc.assert(
      fc.property(
        fc.array(arbOpcao, { minLength: 1, maxLength: 6 }),
        arbModo,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 50_000 }),
        (ops, modo, qtdinclusa, precoCents) => {
          const opcoes = ops.map((o) => opcao({ ...o, quantidade: 0 }));
          const g = grupo({ stprecopraticado: modo, qtdinclusa, opcoes });
          const p = produto({ preco: precoCents / 100, grupoopcoes: [g] });
          const item = priceItem(
            p,
            pick(
              g,
              opcoes.map((o, i) => [o, ops[i]!.quantidade]),
            ),
          );
          for (const sub of item.subitens) {
            const soma = sub.sub_subitens.reduce((s, x) => s + x.preco_total, 0);
            expect(soma).toBe(sub.preco);
            for (const x of sub.sub_subitens) expect(x.preco_total).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('a total is never negative and is the unit price × quantity', () => {
    fc.assert(
      fc.property(
        fc.array(arbOpcao, { maxLength: 5 }),
        arbModo,
        fc.integer({ min: 1, max: 20 }),
        (ops, modo, q) => {
          const opcoes = ops.map((o) => opcao(o));
          const g = grupo({ stprecopraticado: modo, opcoes });
          const item = priceItem(
            withGroup(g, 1),
            pick(
              g,
              opcoes.map((o, i) => [o, ops[i]!.quantidade]),
              q,
            ),
          );
          expect(item.preco_unit).toBeGreaterThanOrEqual(0);
          expect(item.preco_total).toBe(item.preco_unit * q);
          expect(Number.isInteger(item.preco_total)).toBe(true);
        },
      ),
    );
  });

  it('shareProportionally always sums to the whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        (total, ws) => {
          const parts = shareProportionally(total, ws);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
        },
      ),
    );
  });

  it('display truncation never rounds up', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100_000, noNaN: true }), (reais) => {
        const shown = Number(formatReais(reais).replace('R$ ', '').replace(/\./g, '').replace(',', '.'));
        expect(shown).toBeLessThanOrEqual(reais + 1e-9);
        expect(reais - shown).toBeLessThan(0.01 + 1e-9);
      }),
    );
  });
});

describe('money display', () => {
  it.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [3290, 'R$ 32,90'],
    [123456, 'R$ 1.234,56'],
    [100000000, 'R$ 1.000.000,00'],
    [-150, '-R$ 1,50'],
  ])('formatBRL(%i) = %s', (c, s) => expect(formatBRL(c)).toBe(s));

  it.each([
    [32.9, 'R$ 32,90'],
    [0.29, 'R$ 0,29'],
    [10.999, 'R$ 10,99'],
    [19.995, 'R$ 19,99'],
  ])('formatReais(%d) = %s', (r, s) => expect(formatReais(r)).toBe(s));
});
