import { PRECO_PRATICADO, priceItem, type Opcao, type StPrecoPraticado } from '@rango/domain';
import { describe, expect, it } from 'vitest';
import * as data from '../../features/estabelecimento/testing/fixtures.ts';
import { optionAdjustment, optionPriceLabel } from './option-display.ts';

const modo = (stprecopraticado: StPrecoPraticado, stnegagrupoopcao = 0) => ({
  stprecopraticado,
  stnegagrupoopcao,
});
const o = (x: Partial<Opcao>) => data.opcao({ idopcao: 1, descricao: 'O', ...x });

describe('optionPriceLabel: an option’s price as the engine charges it', () => {
  it('Normal: + its own price (offer struck through), plus its adjustments', () => {
    expect(optionPriceLabel(modo(0), o({ preco: 300 }), 2000)).toEqual({
      atual: '+ R$ 3,00',
      anterior: null,
    });
    expect(optionPriceLabel(modo(0), o({ preco: 300, precooferta: 250 }), 2000)).toEqual({
      atual: '+ R$ 2,50',
      anterior: '+ R$ 3,00',
    });
    expect(optionPriceLabel(modo(0), o({ preco: 300, valorafetatudo: 100 }), 2000)?.atual).toBe('+ R$ 4,00');
    expect(optionPriceLabel(modo(0), o({ preco: 0 }), 2000)).toBeNull();
  });

  it('MaiorOpcao, MediaOpcao, MenorOpcao: the flavour’s price, without +', () => {
    for (const m of [PRECO_PRATICADO.MaiorOpcao, PRECO_PRATICADO.MediaOpcao, PRECO_PRATICADO.MenorOpcao]) {
      expect(optionPriceLabel(modo(m), o({ preco: 4500 }), 0)).toEqual({ atual: 'R$ 45,00', anterior: null });
      expect(optionPriceLabel(modo(m), o({ preco: 4990, precooferta: 4500 }), 0)).toEqual({
        atual: 'R$ 45,00',
        anterior: 'R$ 49,90',
      });
      expect(optionPriceLabel(modo(m), o({ preco: 4500, valorafetaproduto: 200 }), 0)?.atual).toBe(
        'R$ 45,00 + R$ 2,00',
      );
    }
  });

  it('Kit, DesprezaOpcao, leave-out: only what the option adds to the item, if anything', () => {
    for (const g of [modo(PRECO_PRATICADO.Kit), modo(PRECO_PRATICADO.DesprezaOpcao), modo(0, 1)]) {
      expect(optionPriceLabel(g, o({ preco: 300 }), 2000)).toBeNull();
      expect(optionPriceLabel(g, o({ preco: 300, valorafetaproduto: 500 }), 2000)).toEqual({
        atual: '+ R$ 5,00',
        anterior: null,
      });
      // +30 % of a R$ 20,00 base
      expect(
        optionPriceLabel(g, o({ valorafetaproduto: 30, stpercentualafetaproduto: 1 }), 2000)?.atual,
      ).toBe('+ R$ 6,00');
      expect(optionPriceLabel(g, o({ valorafetatudo: -150 }), 2000)?.atual).toBe('− R$ 1,50');
    }
  });
});

/**
 * The label against priceItem: a product with one group and only this option chosen. Normal, Kit,
 * DesprezaOpcao and leave-out: '+ x' (or '− x') is what choosing it adds to the item. The flavour
 * modes: the flavour's price is the group's price when it is the one chosen, and '+ x' the rest.
 */
describe('optionPriceLabel agrees with priceItem', () => {
  const casos: Partial<Opcao>[] = [
    { preco: 300 },
    { preco: 300, precooferta: 250 },
    { preco: 4500, valorafetatudo: 100 },
    { preco: 1200, valorafetaproduto: 500 },
    { preco: 0, valorafetaproduto: 33, stpercentualafetaproduto: 1 },
    { preco: 800, valorafetaproduto: 30, stpercentualafetaproduto: 1, precooferta: 700 },
    { preco: 0, valorafetatudo: -150 },
  ];
  const modos: [StPrecoPraticado, number][] = [
    [PRECO_PRATICADO.Normal, 0],
    [PRECO_PRATICADO.MenorOpcao, 0],
    [PRECO_PRATICADO.MediaOpcao, 0],
    [PRECO_PRATICADO.MaiorOpcao, 0],
    [PRECO_PRATICADO.DesprezaOpcao, 0],
    [PRECO_PRATICADO.Kit, 0],
    [PRECO_PRATICADO.Normal, 1],
  ];
  const parse = (s: string) => {
    let total = 0;
    for (const m of s.matchAll(/(^|[+−] )R\$ ([\d.]+),(\d\d)/g)) {
      const v = Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]);
      total += m[1] === '− ' ? -v : v;
    }
    return total;
  };
  for (const [stprecopraticado, stnegagrupoopcao] of modos) {
    for (const c of casos) {
      it(`mode ${stprecopraticado}${stnegagrupoopcao ? ' (leave-out)' : ''}: ${JSON.stringify(c)}`, () => {
        const opcao = o(c);
        const produto = data.produto({
          idproduto: 1,
          descricao: 'P',
          preco: 39.9,
          precooferta: 34.9,
          grupoopcoes: [
            data.grupo({
              idgrupoopcao: 1,
              descricao: 'G',
              multiplo: true,
              qtdmultiplomax: 2,
              stprecopraticado,
              stnegagrupoopcao,
              opcoes: [opcao],
            }),
          ],
        });
        const sem = priceItem(produto, { quantidade: 1, escolhas: {} });
        const com = priceItem(produto, { quantidade: 1, escolhas: { 1: { 1: 1 } } });
        const label = optionPriceLabel(produto.grupoopcoes[0]!, opcao, sem.preco_base);
        expect(label === null ? 0 : parse(label.atual)).toBe(com.preco_unit - sem.preco_unit);
        expect(optionAdjustment(opcao, sem.preco_base)).toBe(com.ajuste);
      });
    }
  }
});
