import { PRECO_PRATICADO, priceItem, type GrupoOpcao, type Produto } from '@rango/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grupo, opcao, produto } from '../testing/fixtures.ts';
import { groupChargeText } from '../../../shared/produto/option-display.ts';
import { composicaoDoItem } from './price-breakdown.ts';

describe('groupChargeText (issue 14)', () => {
  it.each([
    [PRECO_PRATICADO.MaiorOpcao, 0, 'Cobrado pelo sabor mais caro'],
    [PRECO_PRATICADO.MediaOpcao, 0, 'Cobrado pela média dos sabores'],
    [PRECO_PRATICADO.MenorOpcao, 0, 'Cobrado pelo sabor mais barato'],
    [PRECO_PRATICADO.Kit, 0, 'Opções incluídas no preço do combo'],
    [PRECO_PRATICADO.Normal, 2, '2 inclusos, os demais são cobrados'],
    [PRECO_PRATICADO.Normal, 1, '1 incluso, os demais são cobrados'],
    [PRECO_PRATICADO.Normal, 0, null],
    [PRECO_PRATICADO.DesprezaOpcao, 0, null],
  ] as const)('mode %i, %i included → %s', (stprecopraticado, qtdinclusa, texto) => {
    expect(groupChargeText({ stprecopraticado, qtdinclusa, stnegagrupoopcao: 0 })).toBe(texto);
  });

  it('says nothing for a leave-out group', () => {
    expect(
      groupChargeText({ stprecopraticado: PRECO_PRATICADO.MaiorOpcao, qtdinclusa: 0, stnegagrupoopcao: 1 }),
    ).toBeNull();
  });
});

describe('composicaoDoItem', () => {
  const sabores = grupo({
    idgrupoopcao: 1,
    descricao: 'Sabores',
    multiplo: true,
    stprecopraticado: PRECO_PRATICADO.MaiorOpcao,
    opcoes: [
      opcao({ idopcao: 11, descricao: 'Calabresa', preco: 1000 }),
      opcao({ idopcao: 12, descricao: 'Quatro queijos', preco: 1500 }),
    ],
  });
  const borda = grupo({
    idgrupoopcao: 2,
    descricao: 'Borda',
    multiplo: true,
    qtdinclusa: 1,
    opcoes: [opcao({ idopcao: 21, descricao: 'Catupiry', preco: 500, valorafetatudo: -100 })],
  });
  const pizza = produto({ idproduto: 1, descricao: 'Pizza', preco: 30, grupoopcoes: [sabores, borda] });

  it('the product, each group that adds, the adjustments; the lines add up to the unit price', () => {
    const item = priceItem(pizza, { quantidade: 2, escolhas: { 1: { 11: 1, 12: 1 }, 2: { 21: 2 } } });
    expect(composicaoDoItem(pizza, item)).toEqual({
      linhas: [
        { rotulo: 'Pizza', valor: 3000 },
        { rotulo: 'Sabores', valor: 1500 },
        { rotulo: 'Borda', valor: 500 },
        { rotulo: 'Ajustes das opções', valor: -100 },
      ],
      unitario: 4900,
      quantidade: 2,
      total: 9800,
    });
  });

  const modo = fc.constantFrom(0, 1, 2, 3, 4, 10) as fc.Arbitrary<GrupoOpcao['stprecopraticado']>;
  const caso = fc
    .record({
      preco: fc.integer({ min: 0, max: 5000 }),
      oferta: fc.integer({ min: 0, max: 5000 }),
      quantidade: fc.integer({ min: 1, max: 9 }),
      grupos: fc.array(
        fc.record({
          modo,
          inclusa: fc.integer({ min: 0, max: 2 }),
          nega: fc.boolean(),
          opcoes: fc.array(
            fc.record({
              preco: fc.integer({ min: 0, max: 3000 }),
              q: fc.integer({ min: 0, max: 3 }),
              tudo: fc.integer({ min: -3000, max: 500 }),
              produto: fc.integer({ min: -50, max: 50 }),
              pct: fc.boolean(),
              opcao: fc.integer({ min: -500, max: 500 }),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        { maxLength: 3 },
      ),
    })
    .map((c) => {
      let id = 100;
      const escolhas: Record<number, Record<number, number>> = {};
      const grupoopcoes = c.grupos.map((g) => {
        const gid = id++;
        escolhas[gid] = {};
        return grupo({
          idgrupoopcao: gid,
          descricao: `Grupo ${gid}`,
          multiplo: true,
          stprecopraticado: g.modo,
          qtdinclusa: g.inclusa,
          stnegagrupoopcao: g.nega ? 1 : 0,
          opcoes: g.opcoes.map((o) => {
            const oid = id++;
            if (o.q > 0) escolhas[gid]![oid] = o.q;
            return opcao({
              idopcao: oid,
              descricao: `Opção ${oid}`,
              preco: o.preco,
              valorafetatudo: o.tudo,
              valorafetaproduto: o.produto,
              stpercentualafetaproduto: o.pct ? 1 : 0,
              valorafetaopcao: o.opcao,
            });
          }),
        });
      });
      const p: Produto = produto({
        idproduto: 1,
        descricao: 'Item',
        preco: c.preco / 100,
        precooferta: c.oferta / 100,
        grupoopcoes,
      });
      return { p, escolha: { quantidade: c.quantidade, escolhas } };
    });

  it('property: the lines always add up to the engine’s unit price, and unit × quantity to its total', () => {
    fc.assert(
      fc.property(caso, ({ p, escolha }) => {
        const item = priceItem(p, escolha);
        const c = composicaoDoItem(p, item);
        expect(c.linhas.reduce((s, l) => s + l.valor, 0)).toBe(item.preco_unit);
        expect(c.unitario * c.quantidade).toBe(c.total);
        expect(c.total).toBe(item.preco_total);
      }),
      { numRuns: 300 },
    );
  });
});
