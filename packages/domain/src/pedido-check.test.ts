import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveryFee } from './delivery-fee.ts';
import { taxaCobrada, type CupomValores } from './order-totals.ts';
import {
  AGENDAMENTO_MAX_DIAS,
  ERRO_PEDIDO,
  MSG_ERRO_PEDIDO,
  agendamentoValido,
  escolhasDoItem,
  itemPedido,
  novoNumeroPedido,
  telefoneCheckoutValido,
  totaisPedido,
  verificarPedido,
} from './pedido-check.ts';
import type { ContextoPedido } from './pedido-check.ts';
import type { ItemInput, PedidoInput } from './pedido-schema.ts';
import type { GrupoOpcao, Produto, StPrecoPraticado } from './schemas.ts';
import { grupo, opcao, produto } from './test/fixtures.ts';

// ---- a small catalogue ----

const calabresa = opcao({ descricao: 'Calabresa', preco: 3990 });
const quatroQueijos = opcao({
  descricao: 'Quatro Queijos',
  preco: 4490,
  valorafetaopcao: 12.5,
  stpercentualafetaopcao: 1,
});
const sabores = grupo({
  descricao: 'Sabores',
  stprecopraticado: 3,
  qtdmultiplomin: 1,
  qtdmultiplomax: 2,
  opcoes: [calabresa, quatroQueijos],
});
const catupiry = opcao({ descricao: 'Catupiry', preco: 800 });
const cheddar = opcao({ descricao: 'Cheddar', preco: 700, stindisponivel: 1 });
const jalapeno = opcao({ descricao: 'Jalapeño', preco: 300, stindisponivel: 2 });
const borda = grupo({
  descricao: 'Borda',
  multiplo: false,
  qtdmultiplomax: 1,
  opcoes: [catupiry, cheddar, jalapeno],
});
const molhoOculto = opcao({ descricao: 'Molho do chef', preco: 100 });
const grupoOculto = grupo({ descricao: 'Oculto', stindisponivel: 2, opcoes: [molhoOculto] });
const pizza = produto({
  descricao: 'Pizza',
  preco: 39.9,
  precooferta: 34.9,
  grupoopcoes: [sabores, borda, grupoOculto],
});
const refri = produto({ descricao: 'Refri', preco: 6 });
const esgotado = produto({ descricao: 'Esgotado', preco: 10, stindisponivel: 1 });
const secreto = produto({ descricao: 'Secreto', preco: 10, stindisponivel: 2 });
const catalogo = new Map([pizza, refri, esgotado, secreto].map((p) => [p.idproduto, p]));

const escolhaPizza = {
  [sabores.idgrupoopcao]: { [calabresa.idopcao]: 1 },
  [borda.idgrupoopcao]: { [catupiry.idopcao]: 1 },
};

function pedido(
  itens: ItemInput[],
  o: { taxa?: DeliveryFee | null; cupom?: CupomValores | null } = {},
): { input: PedidoInput; ctx: ContextoPedido } {
  const taxa = o.taxa ?? null;
  const entrega = taxa !== null;
  const fee = taxa && taxa.entrega ? taxa : null;
  const t = totaisPedido({
    itens,
    taxaCents: fee ? fee.taxaCents : null,
    abonoCents: fee ? fee.abonoCents : null,
    cupom: o.cupom ?? null,
  });
  const input: PedidoInput = {
    pedido_id: '00000000-0000-4000-8000-000000000000',
    entregue_as: null,
    ajuste: 0,
    desconto: t.desconto,
    cliente: {
      cpf: null,
      external_id: null,
      nome: 'Maria',
      telefone: '11987654321',
      endereco: entrega ? { id: 1 } : null,
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: 1,
    itens,
    observacoes: '',
    numero_pedido: 1234,
    origem: 'web',
    pagamentos: [
      {
        descricaoFormaPgto: 'Dinheiro',
        formapgto_id: 1,
        formapgto_sttipopgto: 0,
        pre_pago: false,
        tipo: null,
        troco_para: null,
        valor: t.total,
      },
    ],
    previsaoentregamax: 50,
    previsaoentregamin: 30,
    subtotal: t.subtotal,
    taxa_entrega: entrega ? t.taxa_entrega : null,
    tipo: entrega ? 'DELIVERY' : 'TOGO',
    total: t.total,
    endereco_togo: null,
    codigo_cupom: null,
    abono_taxa_entrega: fee ? fee.abonoCents : null,
  };
  return { input, ctx: { produtos: catalogo, taxa, cupom: o.cupom ?? null } };
}

const codigos = (r: ReturnType<typeof verificarPedido>) => (r.ok ? [] : r.erros.map((e) => e.codigo));

describe('itemPedido', () => {
  it('prices an item with the engine: offer base, the dearer flavour (MaiorOpcao), a Normal crust', () => {
    const item = itemPedido(pizza, { quantidade: 2, escolhas: escolhaPizza }, 'Bem assada');
    expect(item).toMatchObject({
      produto_id: pizza.idproduto,
      descricao: 'Pizza',
      quantidade: 2,
      preco_unit: 3490 + 3990 + 800,
      preco_total: 2 * 8280,
      ajuste: 0,
      observacoes: 'Bem assada',
    });
    expect(item.subitens.map((s) => s.grupoopcao_id)).toEqual([sabores.idgrupoopcao, borda.idgrupoopcao]);
    expect(item.subitens[1]!.sub_subitens).toEqual([
      {
        opcao_id: catupiry.idopcao,
        descricao: 'Catupiry',
        preco_unit: 800,
        preco_total: 800,
        quantidade: 1,
        quantidade_adicionada: 1,
        ajuste: 0,
      },
    ]);
  });
});

describe('escolhasDoItem', () => {
  it('maps subitens to choices, and refuses a repeated group or option', () => {
    const item = itemPedido(pizza, { quantidade: 1, escolhas: escolhaPizza }, '');
    expect(escolhasDoItem(item.subitens)).toEqual(escolhaPizza);
    expect(escolhasDoItem([...item.subitens, item.subitens[0]!])).toBeNull();
    const repetida = structuredClone(item.subitens);
    repetida[0]!.sub_subitens.push(repetida[0]!.sub_subitens[0]!);
    expect(escolhasDoItem(repetida)).toBeNull();
  });
});

describe('taxaCobrada and totaisPedido', () => {
  it.each([
    [null, null, 5000, null],
    [0, 3000, 100, 0],
    [490, null, 100_000, 490],
    [490, 0, 100_000, 490],
    [490, 6000, 5999, 490],
    [490, 6000, 6000, 0],
  ])('fee %s with abono %s at subtotal %s → %s', (taxa, abono, sub, esperado) => {
    expect(taxaCobrada(taxa, abono, sub)).toBe(esperado);
  });

  it('subtotal + fee − discount', () => {
    expect(
      totaisPedido({
        itens: [{ preco_total: 3000 }, { preco_total: 1500 }],
        taxaCents: 490,
        abonoCents: null,
        cupom: { ehpercentual: true, desconto: 10, limitedesconto: 0 },
      }),
    ).toEqual({ subtotal: 4500, taxa_entrega: 490, desconto: 450, total: 4540 });
  });
});

describe('verificarPedido', () => {
  const taxa: DeliveryFee = { entrega: true, origem: 'bairro', taxaCents: 490, abonoCents: 6000 };

  it('accepts what the app priced and answers the server’s figures', () => {
    const itens = [
      itemPedido(pizza, { quantidade: 1, escolhas: escolhaPizza }, 'x'),
      itemPedido(refri, { quantidade: 3, escolhas: {} }, ''),
    ];
    const { input, ctx } = pedido(itens, {
      taxa,
      cupom: { ehpercentual: false, desconto: 5, limitedesconto: 0 },
    });
    const r = verificarPedido(input, ctx);
    expect(r).toEqual({
      ok: true,
      itens,
      subtotal: 10_080,
      taxa_entrega: 0,
      abono_taxa_entrega: 6000,
      desconto: 500,
      total: 9580,
    });
  });

  it('takes the catalogue’s descriptions, not the payload’s', () => {
    const item = itemPedido(refri, { quantidade: 5, escolhas: {} }, '');
    const { input, ctx } = pedido([{ ...item, descricao: 'Outro nome' }]);
    const r = verificarPedido(input, ctx);
    expect(r.ok && r.itens[0]!.descricao).toBe('Refri');
  });

  it('1201 for an unavailable, hidden or unknown product', () => {
    for (const p of [esgotado, secreto]) {
      const { input, ctx } = pedido([itemPedido(p, { quantidade: 1, escolhas: {} }, '')]);
      expect(verificarPedido(input, ctx)).toEqual({
        ok: false,
        erros: [{ codigo: 1201, msg: MSG_ERRO_PEDIDO.produtoIndisponivel(p.descricao) }],
      });
    }
    const { input, ctx } = pedido([
      { ...itemPedido(refri, { quantidade: 1, escolhas: {} }, ''), produto_id: 999_999 },
    ]);
    expect(codigos(verificarPedido(input, ctx))).toEqual([1201]);
  });

  it('1301 for an unavailable or hidden option, an option of a hidden group, another product’s option, a repeated group, an unmet group', () => {
    const com = (escolhas: Record<number, Record<number, number>>) => {
      const { input, ctx } = pedido([itemPedido(pizza, { quantidade: 1, escolhas }, '')]);
      return verificarPedido(input, ctx);
    };
    const sab = { [sabores.idgrupoopcao]: { [calabresa.idopcao]: 1 } };
    expect(com({ ...sab, [borda.idgrupoopcao]: { [cheddar.idopcao]: 1 } })).toEqual({
      ok: false,
      erros: [{ codigo: 1301, msg: MSG_ERRO_PEDIDO.opcaoIndisponivel('Cheddar', 'Pizza') }],
    });
    expect(codigos(com({ ...sab, [borda.idgrupoopcao]: { [jalapeno.idopcao]: 1 } }))).toEqual([1301]);
    expect(codigos(com({ [sabores.idgrupoopcao]: {} }))).toEqual([1301]);

    // Built by hand: the engine leaves hidden groups and foreign options out of what it prices.
    const base = itemPedido(pizza, { quantidade: 1, escolhas: escolhaPizza }, '');
    const oculto = structuredClone(base);
    oculto.subitens.push({
      grupoopcao_id: grupoOculto.idgrupoopcao,
      stprecopraticado: 0,
      sub_subitens: [
        {
          opcao_id: molhoOculto.idopcao,
          descricao: 'Molho',
          preco_unit: 0,
          preco_total: 0,
          quantidade: 1,
          quantidade_adicionada: 1,
          ajuste: 0,
        },
      ],
    });
    const outra = structuredClone(itemPedido(refri, { quantidade: 1, escolhas: {} }, ''));
    outra.subitens = structuredClone(base.subitens.slice(1));
    const repetido = structuredClone(base);
    repetido.subitens.push(structuredClone(base.subitens[1]!));
    for (const item of [oculto, outra, repetido]) {
      const { input, ctx } = pedido([item]);
      expect(codigos(verificarPedido(input, ctx))).toEqual([1301]);
    }
  });

  it('1102 when the establishment does not deliver there or the fee is missing; 1101 a pickup with a fee', () => {
    const itens = [itemPedido(refri, { quantidade: 5, escolhas: {} }, '')];
    const { input, ctx } = pedido(itens, { taxa });
    expect(verificarPedido(input, { ...ctx, taxa: { entrega: false, motivo: 'fora-da-area' } })).toEqual({
      ok: false,
      erros: [{ codigo: 1102, msg: MSG_ERRO_PEDIDO.naoEntrega }],
    });
    expect(codigos(verificarPedido(input, { ...ctx, taxa: null }))).toEqual([1102]);
    expect(verificarPedido({ ...input, taxa_entrega: null }, ctx)).toEqual({
      ok: false,
      erros: [{ codigo: 1102, msg: MSG_ERRO_PEDIDO.taxaAusente }],
    });
    const togo = pedido(itens);
    expect(codigos(verificarPedido({ ...togo.input, taxa_entrega: 0 }, togo.ctx))).toEqual([]);
    expect(codigos(verificarPedido({ ...togo.input, taxa_entrega: 490 }, togo.ctx))).toEqual([1101]);
  });

  it('lists every wrong item at once', () => {
    const a = itemPedido(refri, { quantidade: 5, escolhas: {} }, '');
    const b = itemPedido(pizza, { quantidade: 1, escolhas: escolhaPizza }, '');
    const { input, ctx } = pedido([
      { ...a, preco_unit: 1 },
      { ...b, preco_total: 1 },
      itemPedido(esgotado, { quantidade: 1, escolhas: {} }, ''),
    ]);
    expect(codigos(verificarPedido(input, ctx))).toEqual([1202, 1203, 1201]);
  });
});

// ---- the property: the app's prices are accepted, one changed cent is refused ----

/** The value type an arbitrary generates. */
type SpecDe<A> = A extends fc.Arbitrary<infer T> ? T : never;
const arbModo = fc.constantFrom<StPrecoPraticado>(0, 1, 2, 3, 4, 10);
const peso = <T>(comum: T, raro: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(comum) }, { weight: 1, arbitrary: raro });

const arbOpcao = fc.record({
  preco: fc.integer({ min: 0, max: 20_000 }),
  precooferta: peso(0, fc.integer({ min: 0, max: 20_000 })),
  valorafetaopcao: peso(0, fc.oneof(fc.integer({ min: -3000, max: 3000 }), fc.constantFrom(12.5, -10, 25))),
  stpercentualafetaopcao: fc.constantFrom(0, 1),
  valorafetaproduto: peso(0, fc.integer({ min: -5000, max: 5000 })),
  stpercentualafetaproduto: fc.constantFrom(0, 1),
  valorafetatudo: peso(0, fc.integer({ min: -3000, max: 3000 })),
  stindisponivel: peso<0 | 1 | 2>(0, fc.constantFrom<0 | 1 | 2>(1, 2)),
  /** Units chosen per item unit (0: not chosen). */
  escolhida: fc.integer({ min: 0, max: 3 }),
  folgaMax: fc.integer({ min: 0, max: 2 }),
});
const arbGrupo = fc.record({
  modo: arbModo,
  multiplo: fc.boolean(),
  qtdinclusa: fc.integer({ min: 0, max: 3 }),
  stnegagrupoopcao: peso(0, fc.constant(1)),
  stindisponivel: peso<0 | 1 | 2>(0, fc.constantFrom<0 | 1 | 2>(1, 2)),
  folgaMin: fc.integer({ min: 0, max: 2 }),
  max: fc.constantFrom('livre', 'exato', 'folga'),
  opcoes: fc.array(arbOpcao, { minLength: 1, maxLength: 5 }),
});
const arbProduto = fc.record({
  precoCents: fc.integer({ min: 0, max: 50_000 }),
  ofertaCents: peso(0, fc.integer({ min: 0, max: 50_000 })),
  grupos: fc.array(arbGrupo, { maxLength: 3 }),
});

/** A product and a choice the drawer would allow: every chosen option available, every group satisfied. */
function montarProduto(spec: SpecDe<typeof arbProduto>): {
  produto: Produto;
  escolhas: Record<number, Record<number, number>>;
} {
  const escolhas: Record<number, Record<number, number>> = {};
  const grupos: GrupoOpcao[] = spec.grupos.map((g) => {
    const oculto = g.stindisponivel !== 0;
    const qs = g.opcoes.map((o) =>
      oculto || o.stindisponivel !== 0 ? 0 : g.multiplo ? o.escolhida : Math.min(1, o.escolhida),
    );
    const opcoes = g.opcoes.map((o, i) =>
      opcao({
        preco: o.preco,
        precooferta: o.precooferta,
        valorafetaopcao: o.valorafetaopcao,
        stpercentualafetaopcao: o.stpercentualafetaopcao,
        valorafetaproduto: o.valorafetaproduto,
        stpercentualafetaproduto: o.stpercentualafetaproduto,
        valorafetatudo: o.valorafetatudo,
        stindisponivel: o.stindisponivel,
        qtdmax: g.multiplo && o.folgaMax > 0 ? qs[i]! + o.folgaMax - 1 : 0,
      }),
    );
    const total = qs.reduce((s, q) => s + q, 0);
    const grupoOpcao = grupo({
      stprecopraticado: g.modo,
      multiplo: g.multiplo,
      qtdinclusa: g.qtdinclusa,
      stnegagrupoopcao: g.stnegagrupoopcao,
      stindisponivel: g.stindisponivel,
      qtdmultiplomin: Math.max(0, total - g.folgaMin),
      qtdmultiplomax: g.max === 'livre' || total === 0 ? 0 : g.max === 'exato' ? total : total + 1,
      opcoes,
    });
    const escolha = Object.fromEntries(opcoes.flatMap((o, i) => (qs[i]! > 0 ? [[o.idopcao, qs[i]!]] : [])));
    if (Object.keys(escolha).length > 0) escolhas[grupoOpcao.idgrupoopcao] = escolha;
    return grupoOpcao;
  });
  const p = produto({
    preco: spec.precoCents / 100,
    precooferta: spec.ofertaCents / 100,
    grupoopcoes: grupos,
  });
  return { produto: p, escolhas };
}

const arbPedido = fc.record({
  produtos: fc.array(arbProduto, { minLength: 1, maxLength: 3 }),
  itens: fc.array(fc.record({ produto: fc.nat(), quantidade: fc.integer({ min: 1, max: 5 }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  entrega: fc.option(
    fc.record({
      taxaCents: fc.integer({ min: 0, max: 2000 }),
      abonoCents: fc.option(fc.integer({ min: 1, max: 30_000 })),
    }),
  ),
  cupom: fc.option(
    fc.oneof(
      fc.record({
        ehpercentual: fc.constant(true),
        desconto: fc.integer({ min: 1, max: 100 }),
        limitedesconto: fc.constantFrom(0, 5, 15.5),
      }),
      fc.record({
        ehpercentual: fc.constant(false),
        desconto: fc.constantFrom(1, 5, 12.5, 1000),
        limitedesconto: fc.constant(0),
      }),
    ),
  ),
});

/** A cart the app would send, priced with itemPedido and totaisPedido, and the server's context. */
function montarPedido(spec: SpecDe<typeof arbPedido>): { input: PedidoInput; ctx: ContextoPedido } {
  const montados = spec.produtos.map(montarProduto);
  const itens = spec.itens.map((i) => {
    const m = montados[i.produto % montados.length]!;
    return itemPedido(m.produto, { quantidade: i.quantidade, escolhas: m.escolhas }, '');
  });
  const taxa: DeliveryFee | null = spec.entrega
    ? {
        entrega: true,
        origem: 'bairro',
        taxaCents: spec.entrega.taxaCents,
        abonoCents: spec.entrega.abonoCents,
      }
    : null;
  const t = totaisPedido({
    itens,
    taxaCents: spec.entrega?.taxaCents ?? null,
    abonoCents: spec.entrega?.abonoCents ?? null,
    cupom: spec.cupom,
  });
  const { input } = pedido([]);
  return {
    input: {
      ...input,
      itens,
      subtotal: t.subtotal,
      desconto: t.desconto,
      total: t.total,
      tipo: spec.entrega ? 'DELIVERY' : 'TOGO',
      taxa_entrega: spec.entrega ? t.taxa_entrega : null,
      abono_taxa_entrega: spec.entrega ? spec.entrega.abonoCents : null,
      pagamentos: [{ ...input.pagamentos[0]!, valor: t.total }],
    },
    ctx: {
      produtos: new Map(montados.map((m) => [m.produto.idproduto, m.produto])),
      taxa,
      cupom: spec.cupom,
    },
  };
}

type Campo =
  | 'item.preco_unit'
  | 'item.preco_total'
  | 'opcao.preco_unit'
  | 'opcao.preco_total'
  | 'taxa_entrega'
  | 'abono_taxa_entrega'
  | 'subtotal'
  | 'desconto'
  | 'total';
const CODIGO: Record<Campo, number> = {
  'item.preco_unit': ERRO_PEDIDO.produtoPrecoUnit,
  'item.preco_total': ERRO_PEDIDO.produtoPrecoTotal,
  'opcao.preco_unit': ERRO_PEDIDO.opcaoPrecoUnit,
  'opcao.preco_total': ERRO_PEDIDO.opcaoPrecoTotal,
  taxa_entrega: ERRO_PEDIDO.taxaAtualizada,
  abono_taxa_entrega: ERRO_PEDIDO.taxaAtualizada,
  subtotal: ERRO_PEDIDO.total,
  desconto: ERRO_PEDIDO.total,
  total: ERRO_PEDIDO.total,
};

/** Changes one figure by delta cents; false when the order has no such figure. */
function adulterar(input: PedidoInput, campo: Campo, indice: number, delta: number): boolean {
  const item = input.itens[indice % input.itens.length]!;
  const opcoes = input.itens.flatMap((i) => i.subitens.flatMap((s) => s.sub_subitens));
  const op = opcoes[indice % Math.max(1, opcoes.length)];
  const soma = (v: number | null) => (v ?? 0) + delta;
  switch (campo) {
    case 'item.preco_unit':
      item.preco_unit += delta;
      return true;
    case 'item.preco_total':
      item.preco_total += delta;
      return true;
    case 'opcao.preco_unit':
      if (!op) return false;
      op.preco_unit += delta;
      return true;
    case 'opcao.preco_total':
      if (!op) return false;
      op.preco_total += delta;
      return true;
    case 'taxa_entrega':
      if (input.tipo !== 'DELIVERY') return false;
      input.taxa_entrega = soma(input.taxa_entrega);
      return true;
    case 'abono_taxa_entrega':
      if (input.tipo !== 'DELIVERY') return false;
      input.abono_taxa_entrega = soma(input.abono_taxa_entrega);
      return true;
    default:
      input[campo] += delta;
      return true;
  }
}

describe('verificarPedido properties (every stprecopraticado mode, qtdinclusa, adjustments, fees, coupons)', () => {
  it('accepts every cart the app prices, with the same items and figures', () => {
    fc.assert(
      fc.property(arbPedido, (spec) => {
        const { input, ctx } = montarPedido(spec);
        const r = verificarPedido(input, ctx);
        expect(codigos(r)).toEqual([]);
        if (!r.ok) return;
        expect(r.itens).toEqual(input.itens);
        expect({ subtotal: r.subtotal, taxa: r.taxa_entrega, desconto: r.desconto, total: r.total }).toEqual({
          subtotal: input.subtotal,
          taxa: input.taxa_entrega,
          desconto: input.desconto,
          total: input.total,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any single figure changed by ±1 cent or more, with that figure’s code alone', () => {
    fc.assert(
      fc.property(
        arbPedido,
        fc.constantFrom<Campo>(...(Object.keys(CODIGO) as Campo[])),
        fc.nat(),
        fc.oneof(
          fc.integer({ min: 1, max: 10_000 }),
          fc.integer({ min: -10_000, max: -1 }),
          fc.constantFrom(1, -1),
        ),
        (spec, campo, indice, delta) => {
          const { input, ctx } = montarPedido(spec);
          fc.pre(adulterar(input, campo, indice, delta));
          expect(codigos(verificarPedido(input, ctx))).toEqual([CODIGO[campo]]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

// ---- scheduling, phone, order number ----

describe('agendamentoValido', () => {
  // Open Monday 18:00–23:30 and Friday 18:00–02:00 (past midnight), São Paulo wall clock (UTC−3).
  const horarios = [
    { diadasemana: 1, abertura: '18:00:00', fechamento: '23:30:00' },
    { diadasemana: 5, abertura: '18:00', fechamento: '02:00' },
  ];
  // Monday 2030-01-07 12:00 in São Paulo.
  const agora = new Date('2030-01-07T15:00:00Z');
  const sp = (isoLocal: string) => new Date(`${isoLocal}-03:00`);

  it.each([
    ['later today inside the hours', '2030-01-07T19:00:00', true],
    ['at the opening minute', '2030-01-07T18:00:00', true],
    ['at the closing minute', '2030-01-07T23:30:00', false],
    ['before opening', '2030-01-07T17:59:00', false],
    ['Friday night', '2030-01-11T22:00:00', true],
    ['Saturday 01:30, inside Friday’s period', '2030-01-12T01:30:00', true],
    ['Saturday 02:00, when Friday’s period ends', '2030-01-12T02:00:00', false],
    ['a closed weekday', '2030-01-08T19:00:00', false],
    ['next Monday morning, closed', '2030-01-14T11:59:00', false],
    ['in the past', '2030-01-07T11:00:00', false],
    ['more than 7 days ahead, inside the hours', '2030-01-14T19:00:00', false],
  ])('%s → %s', (_nome, local, ok) => {
    expect(agendamentoValido(sp(local), horarios, agora)).toBe(ok);
  });

  it('refuses the present instant and an invalid date; allows exactly up to the limit', () => {
    const sempre = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      diadasemana: d,
      abertura: '00:00',
      fechamento: '00:00',
    }));
    expect(agendamentoValido(agora, sempre, agora)).toBe(false);
    expect(agendamentoValido(new Date(Number.NaN), sempre, agora)).toBe(false);
    const limite = agora.getTime() + AGENDAMENTO_MAX_DIAS * 86_400_000;
    expect(agendamentoValido(new Date(limite), sempre, agora)).toBe(true);
    expect(agendamentoValido(new Date(limite + 1), sempre, agora)).toBe(false);
  });
});

describe('telefoneCheckoutValido and novoNumeroPedido', () => {
  it.each([
    ['11987654321', true],
    ['(11) 98765-4321', true],
    ['(11) 3333-4444', true],
    ['113333444', false],
    ['119876543210', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (tel, ok) => expect(telefoneCheckoutValido(tel)).toBe(ok));

  it('order numbers are 1000–9999', () => {
    expect(novoNumeroPedido(() => 0)).toBe(1000);
    expect(novoNumeroPedido(() => 0.999999)).toBe(9999);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (x) => {
        const n = novoNumeroPedido(() => x);
        expect(Number.isInteger(n) && n >= 1000 && n <= 9999).toBe(true);
      }),
    );
  });
});
