import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidOptionChoices, unmetGroups } from './option-groups.ts';
import { priceItem } from './pricing.ts';
import { pedirDeNovo, type ItemAnterior } from './reorder.ts';
import { PRECO_PRATICADO, type GrupoOpcao, type Menu, type Produto } from './schemas.ts';
import { grupo, opcao, produto } from './test/fixtures.ts';

/** The past order's item exactly as the checkout stored it: priced by the engine. */
function itemDoPedido(
  p: Produto,
  escolhas: Record<number, Record<number, number>>,
  quantidade = 1,
): ItemAnterior {
  const preco = priceItem(p, { quantidade, escolhas });
  return {
    produto_id: p.idproduto,
    descricao: p.descricao,
    quantidade,
    preco_unit: preco.preco_unit,
    observacoes: '',
    subitens: preco.subitens.map((s) => ({
      grupoopcao_id: s.grupoopcao_id,
      sub_subitens: s.sub_subitens.map((x) => ({
        opcao_id: x.opcao_id,
        descricao: x.descricao,
        quantidade: x.quantidade,
      })),
    })),
  };
}

const menuCom = (...produtos: Produto[]): Menu => ({ grupos: [{ idgrupo: 1, descricao: 'Tudo', produtos }] });

function comGrupo(p: Produto, idgrupoopcao: number, over: (g: GrupoOpcao) => GrupoOpcao): Produto {
  return { ...p, grupoopcoes: p.grupoopcoes.map((g) => (g.idgrupoopcao === idgrupoopcao ? over(g) : g)) };
}

describe('pedirDeNovo: each kind of change', () => {
  const bacon = opcao({ descricao: 'Bacon', preco: 400 });
  const queijo = opcao({ descricao: 'Queijo', preco: 300 });
  const adicionais = grupo({
    descricao: 'Adicionais',
    multiplo: true,
    qtdmultiplomax: 3,
    opcoes: [bacon, queijo],
  });
  const ponto = opcao({ descricao: 'Ao ponto' });
  const mal = opcao({ descricao: 'Mal passado' });
  const pontos = grupo({
    descricao: 'Ponto',
    multiplo: false,
    qtdmultiplomin: 1,
    qtdmultiplomax: 1,
    opcoes: [ponto, mal],
  });
  const burger = produto({ descricao: 'X-Burger', preco: 25, grupoopcoes: [adicionais, pontos] });
  const escolhas = {
    [adicionais.idgrupoopcao]: { [bacon.idopcao]: 2 },
    [pontos.idgrupoopcao]: { [ponto.idopcao]: 1 },
  };
  const antes = itemDoPedido(burger, escolhas, 2);

  it('same menu: ok, same price', () => {
    const [l] = pedirDeNovo([antes], menuCom(burger));
    expect(l).toMatchObject({ estado: 'ok', precoAntes: 3300, precoAgora: 3300, quantidade: 2 });
    expect(l!.escolhas).toEqual(escolhas);
  });

  it('price up and down (old → new, cents)', () => {
    const [up] = pedirDeNovo([antes], menuCom({ ...burger, preco: 27.5 }));
    expect(up).toMatchObject({ estado: 'mudou', precoAntes: 3300, precoAgora: 3550 });
    const maisBarato = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({
      ...g,
      opcoes: g.opcoes.map((o) => (o.idopcao === bacon.idopcao ? { ...o, precooferta: 350 } : o)),
    }));
    const [down] = pedirDeNovo([antes], menuCom(maisBarato));
    expect(down).toMatchObject({ estado: 'mudou', precoAntes: 3300, precoAgora: 3200 });
  });

  it('an optional option unavailable or gone: dropped, the line changed, priced without it', () => {
    const indisponivel = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({
      ...g,
      opcoes: g.opcoes.map((o) => (o.idopcao === bacon.idopcao ? { ...o, stindisponivel: 1 } : o)),
    }));
    const [l] = pedirDeNovo([antes], menuCom(indisponivel));
    expect(l).toMatchObject({ estado: 'mudou', precoAgora: 2500 });
    expect(l!.opcoesPerdidas).toEqual([
      {
        idgrupoopcao: adicionais.idgrupoopcao,
        idopcao: bacon.idopcao,
        descricao: 'Bacon',
        motivo: 'indisponivel',
      },
    ]);
    expect(l!.escolhas[adicionais.idgrupoopcao]).toBeUndefined();

    const semBacon = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({ ...g, opcoes: [queijo] }));
    expect(pedirDeNovo([antes], menuCom(semBacon))[0]!.opcoesPerdidas[0]!.motivo).toBe('removida');
    const escondido = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({ ...g, stindisponivel: 2 }));
    expect(pedirDeNovo([antes], menuCom(escondido))[0]!.opcoesPerdidas[0]!.motivo).toBe('removida');
  });

  it('a required option gone: the group needs a new choice', () => {
    const semPonto = comGrupo(burger, pontos.idgrupoopcao, (g) => ({ ...g, opcoes: [mal] }));
    const [l] = pedirDeNovo([antes], menuCom(semPonto));
    expect(l).toMatchObject({ estado: 'escolher', precoAgora: null });
    expect(l!.gruposAEscolher).toEqual([
      { idgrupoopcao: pontos.idgrupoopcao, descricao: 'Ponto', regra: 'Escolha 1 opção.', motivo: 'minimo' },
    ]);
  });

  it('product unavailable, hidden or gone', () => {
    expect(pedirDeNovo([antes], menuCom({ ...burger, stindisponivel: 1 }))[0]).toMatchObject({
      estado: 'indisponivel',
      produtoMotivo: 'indisponivel',
    });
    expect(pedirDeNovo([antes], menuCom({ ...burger, stindisponivel: 2 }))[0]).toMatchObject({
      estado: 'indisponivel',
      produtoMotivo: 'removido',
    });
    expect(pedirDeNovo([antes], menuCom())[0]).toMatchObject({
      estado: 'indisponivel',
      produtoMotivo: 'removido',
      descricao: 'X-Burger',
      produto: null,
    });
  });

  it('group rules changed: a new minimum, a lower maximum, an option above its new maximum', () => {
    const min = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({ ...g, qtdmultiplomin: 3 }));
    expect(pedirDeNovo([antes], menuCom(min))[0]!.gruposAEscolher[0]).toMatchObject({
      motivo: 'minimo',
      regra: 'Escolha 3 opções.',
    });
    const max = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({ ...g, qtdmultiplomax: 1 }));
    expect(pedirDeNovo([antes], menuCom(max))[0]).toMatchObject({
      estado: 'escolher',
      gruposAEscolher: [{ motivo: 'maximo', regra: 'Escolha no máximo 1 opção.' }],
    });
    const qtdmax = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({
      ...g,
      opcoes: g.opcoes.map((o) => (o.idopcao === bacon.idopcao ? { ...o, qtdmax: 1 } : o)),
    }));
    expect(pedirDeNovo([antes], menuCom(qtdmax))[0]).toMatchObject({
      estado: 'escolher',
      gruposAEscolher: [{ motivo: 'opcao' }],
    });
    const single = comGrupo(burger, adicionais.idgrupoopcao, (g) => ({ ...g, multiplo: false }));
    expect(pedirDeNovo([antes], menuCom(single))[0]!.gruposAEscolher[0]!.motivo).toBe('opcao');
    const novoObrigatorio = {
      ...burger,
      grupoopcoes: [...burger.grupoopcoes, grupo({ qtdmultiplomin: 1, opcoes: [opcao()] })],
    };
    expect(pedirDeNovo([antes], menuCom(novoObrigatorio))[0]!.estado).toBe('escolher');
  });
});

// ---- Properties -------------------------------------------------------------------------------

const modoArb = fc.constantFrom(
  PRECO_PRATICADO.Normal,
  PRECO_PRATICADO.MenorOpcao,
  PRECO_PRATICADO.MediaOpcao,
  PRECO_PRATICADO.MaiorOpcao,
  PRECO_PRATICADO.DesprezaOpcao,
  PRECO_PRATICADO.Kit,
);

/** A product with groups and a valid past choice (quantities within every rule). */
const casoArb = fc
  .record({
    preco: fc.integer({ min: 0, max: 10_000 }),
    quantidade: fc.integer({ min: 1, max: 5 }),
    grupos: fc.array(
      fc.record({
        modo: modoArb,
        qtdinclusa: fc.integer({ min: 0, max: 2 }),
        opcoes: fc.array(
          fc.record({
            preco: fc.integer({ min: 0, max: 2000 }),
            oferta: fc.integer({ min: 0, max: 2000 }),
            q: fc.integer({ min: 0, max: 3 }),
            folgaMax: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
            afeta: fc.integer({ min: -100, max: 100 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        minFrac: fc.double({ min: 0, max: 1, noNaN: true }),
        folgaGrupo: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
      }),
      { maxLength: 3 },
    ),
  })
  .map((c) => {
    const escolhas: Record<number, Record<number, number>> = {};
    const grupoopcoes = c.grupos.map((g) => {
      const opcoes = g.opcoes.map((o) =>
        opcao({
          preco: o.preco,
          precooferta: o.oferta,
          qtdmax: o.folgaMax === undefined ? 0 : Math.max(1, o.q + o.folgaMax),
          valorafetatudo: o.afeta,
        }),
      );
      const grupoOpcao = grupo({
        stprecopraticado: g.modo,
        qtdinclusa: g.modo === 0 ? g.qtdinclusa : 0,
        opcoes,
      });
      const escolha: Record<number, number> = {};
      g.opcoes.forEach((o, i) => {
        if (o.q > 0) escolha[opcoes[i]!.idopcao] = o.q;
      });
      const n = Object.values(escolha).reduce((s, q) => s + q, 0);
      if (n > 0) escolhas[grupoOpcao.idgrupoopcao] = escolha;
      return {
        ...grupoOpcao,
        qtdmultiplomin: Math.floor(n * g.minFrac),
        qtdmultiplomax: g.folgaGrupo === undefined || n === 0 ? 0 : n + g.folgaGrupo,
      };
    });
    const p = produto({ preco: c.preco / 100, grupoopcoes });
    return { produto: p, escolhas, item: itemDoPedido(p, escolhas, c.quantidade) };
  });

/** Today's menu: the same product with one change. */
type Mudanca =
  | { tipo: 'preco'; reais: number }
  | { tipo: 'opcao'; g: number; o: number; st: 0 | 1 | 2 | 'sai'; preco: number; qtdmax: number }
  | { tipo: 'grupo'; g: number; min: number; max: number; st: 0 | 1 | 2 }
  | { tipo: 'produto'; st: 0 | 1 | 2 | 'sai' };

const mudancaArb: fc.Arbitrary<Mudanca> = fc.oneof(
  fc.record({
    tipo: fc.constant('preco' as const),
    reais: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  }),
  fc.record({
    tipo: fc.constant('opcao' as const),
    g: fc.nat(),
    o: fc.nat(),
    st: fc.constantFrom(0 as const, 1 as const, 2 as const, 'sai' as const),
    preco: fc.integer({ min: 0, max: 2000 }),
    qtdmax: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    tipo: fc.constant('grupo' as const),
    g: fc.nat(),
    min: fc.integer({ min: 0, max: 4 }),
    max: fc.integer({ min: 0, max: 4 }),
    st: fc.constantFrom(0 as const, 1 as const, 2 as const),
  }),
  fc.record({
    tipo: fc.constant('produto' as const),
    st: fc.constantFrom(0 as const, 1 as const, 2 as const, 'sai' as const),
  }),
);

function aplicar(p: Produto, m: Mudanca): Produto | null {
  const n = p.grupoopcoes.length;
  switch (m.tipo) {
    case 'preco':
      return { ...p, preco: m.reais };
    case 'produto':
      return m.st === 'sai' ? null : { ...p, stindisponivel: m.st };
    case 'grupo': {
      if (n === 0) return p;
      const g = p.grupoopcoes[m.g % n]!;
      return comGrupo(p, g.idgrupoopcao, (x) => ({
        ...x,
        qtdmultiplomin: m.min,
        qtdmultiplomax: m.max,
        stindisponivel: m.st,
      }));
    }
    case 'opcao': {
      if (n === 0) return p;
      const g = p.grupoopcoes[m.g % n]!;
      const o = g.opcoes[m.o % g.opcoes.length]!;
      const st = m.st;
      return comGrupo(p, g.idgrupoopcao, (x) => ({
        ...x,
        opcoes:
          st === 'sai'
            ? x.opcoes.filter((y) => y !== o)
            : x.opcoes.map((y) =>
                y === o ? { ...y, stindisponivel: st, preco: m.preco, qtdmax: m.qtdmax } : y,
              ),
      }));
    }
  }
}

describe('pedirDeNovo: properties', () => {
  it('against the menu the order was priced with, every line is ok at the price paid', () => {
    fc.assert(
      fc.property(casoArb, ({ produto: p, escolhas, item }) => {
        const [l] = pedirDeNovo([item], menuCom(p));
        expect(l!.estado).toBe('ok');
        expect(l!.precoAgora).toBe(item.preco_unit);
        expect(l!.escolhas).toEqual(escolhas);
      }),
    );
  });

  it('never a silent change: ok means same price and nothing lost; what can be added is valid and priced by the engine', () => {
    fc.assert(
      fc.property(casoArb, mudancaArb, ({ produto: p, item }, m) => {
        const hoje = aplicar(p, m);
        const [l] = pedirDeNovo([item], hoje ? menuCom(hoje) : menuCom());
        if (l!.estado === 'ok') {
          expect(l!.precoAgora).toBe(item.preco_unit);
          expect(l!.opcoesPerdidas).toEqual([]);
        }
        if (l!.estado === 'ok' || l!.estado === 'mudou') {
          const prod = l!.produto!;
          expect(unmetGroups(prod.grupoopcoes, l!.escolhas)).toEqual([]);
          expect(invalidOptionChoices(prod.grupoopcoes, l!.escolhas)).toEqual([]);
          expect(l!.precoAgora).toBe(
            priceItem(prod, { quantidade: item.quantidade, escolhas: l!.escolhas }).preco_unit,
          );
        } else {
          expect(l!.precoAgora).toBeNull();
        }
        if (l!.estado === 'mudou') {
          expect(l!.precoAgora !== item.preco_unit || l!.opcoesPerdidas.length > 0).toBe(true);
        }
        if (l!.estado === 'escolher') expect(l!.gruposAEscolher.length).toBeGreaterThan(0);
      }),
    );
  });

  it('a product price moved by d: the line says old → new with the difference d (no percent adjustments)', () => {
    fc.assert(
      fc.property(casoArb, fc.integer({ min: -5000, max: 5000 }), ({ produto: p, item }, d) => {
        fc.pre(p.grupoopcoes.every((g) => g.stprecopraticado !== PRECO_PRATICADO.Kit));
        const centavos = Math.round(p.preco * 100);
        fc.pre(centavos + d >= 0 && d !== 0);
        // Offer off, so the base is the price; everything adjustments can take the item to zero.
        fc.pre(item.preco_unit > 0 && item.preco_unit + d > 0);
        const [l] = pedirDeNovo([item], menuCom({ ...p, preco: (centavos + d) / 100 }));
        expect(l!.estado).toBe('mudou');
        expect(l!.precoAgora! - l!.precoAntes).toBe(d);
      }),
    );
  });

  it('an option made unavailable or removed is never kept, and is reported', () => {
    fc.assert(
      fc.property(
        casoArb,
        fc.nat(),
        fc.constantFrom(1 as const, 2 as const, 'sai' as const),
        ({ produto: p, escolhas, item }, k, st) => {
          const escolhidas = Object.entries(escolhas).flatMap(([g, e]) =>
            Object.keys(e).map((o) => [Number(g), Number(o)] as const),
          );
          fc.pre(escolhidas.length > 0);
          const [gid, oid] = escolhidas[k % escolhidas.length]!;
          const hoje = comGrupo(p, gid, (g) => ({
            ...g,
            opcoes:
              st === 'sai'
                ? g.opcoes.filter((o) => o.idopcao !== oid)
                : g.opcoes.map((o) => (o.idopcao === oid ? { ...o, stindisponivel: st } : o)),
          }));
          const [l] = pedirDeNovo([item], menuCom(hoje));
          expect(l!.estado).not.toBe('ok');
          expect(l!.escolhas[gid]?.[oid]).toBeUndefined();
          expect(l!.opcoesPerdidas.map((x) => x.idopcao)).toContain(oid);
          expect(l!.opcoesPerdidas.find((x) => x.idopcao === oid)!.motivo).toBe(
            st === 1 ? 'indisponivel' : 'removida',
          );
        },
      ),
    );
  });

  it('a group maximum lowered below the quantity chosen asks for a new choice', () => {
    fc.assert(
      fc.property(casoArb, fc.nat(), ({ produto: p, escolhas, item }, k) => {
        const grupos = Object.entries(escolhas).filter(
          ([, e]) => Object.values(e).reduce((s, q) => s + q, 0) > 1,
        );
        fc.pre(grupos.length > 0);
        const [gid, e] = grupos[k % grupos.length]!;
        const n = Object.values(e).reduce((s, q) => s + q, 0);
        const hoje = comGrupo(p, Number(gid), (g) => ({ ...g, qtdmultiplomin: 0, qtdmultiplomax: n - 1 }));
        const [l] = pedirDeNovo([item], menuCom(hoje));
        expect(l!.estado).toBe('escolher');
        expect(l!.gruposAEscolher.find((g) => g.idgrupoopcao === Number(gid))?.motivo).toBe('maximo');
      }),
    );
  });
});
