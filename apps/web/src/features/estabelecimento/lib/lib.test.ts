import { MSG, matchesSearch, type Menu } from '@rango/domain';
import { describe, expect, it } from 'vitest';
import * as data from '../testing/fixtures.ts';
import { addItemRefusal } from './add-item.ts';
import { buildCartItem, repriceWithMenu } from '../../../lib/cart-item.ts';
import { buildMenuIndex, countProdutos, filterMenu } from './menu-index.ts';
import { optionControl } from '../../../shared/produto/option-display.ts';

describe('menu index', () => {
  const index = buildMenuIndex(data.menu);

  it('leaves out hidden products and groups left empty', () => {
    expect(index.grupos.map((g) => g.descricao)).toEqual(['Lanches', 'Bebidas e porções']);
    expect(index.porId.has(data.secreto.idproduto)).toBe(false);
    expect(index.total).toBe(5);
  });

  it("filters exactly like the domain's matchesSearch", () => {
    for (const q of ['', 'pão', 'PAO', 'hamburguer', '  x-burg ', 'refri', 'nada disso']) {
      const esperado = index.grupos.flatMap((g) => g.produtos).filter((p) => matchesSearch(p.descricao, q));
      expect(filterMenu(index, q).flatMap((g) => g.produtos)).toEqual(esperado);
    }
  });

  it('keeps a 2,000-product search well inside a keystroke budget', () => {
    const big: Menu = {
      grupos: Array.from({ length: 40 }, (_, g) => ({
        idgrupo: g + 1,
        descricao: `Grupo ${g}`,
        produtos: Array.from({ length: 50 }, (_, i) =>
          data.produto({ idproduto: g * 100 + i + 1, descricao: `Pão de queijo número ${g}-${i}` }),
        ),
      })),
    };
    const bigIndex = buildMenuIndex(big);
    const t = performance.now();
    for (const q of ['p', 'pa', 'pao', 'pao d', 'pao de q', 'numero 3']) filterMenu(bigIndex, q);
    expect((performance.now() - t) / 6).toBeLessThan(20);
    expect(countProdutos(filterMenu(bigIndex, 'NÚMERO 3-4'))).toBe(11); // 3-4 and 3-40…3-49
  });
});

describe('option display', () => {
  it('chooses radios, checkboxes or steppers', () => {
    expect(optionControl({ multiplo: false, qtdmultiplomax: 1 })).toBe('radio');
    expect(optionControl({ multiplo: false, qtdmultiplomax: 0 })).toBe('checkbox');
    expect(optionControl({ multiplo: false, qtdmultiplomax: 3 })).toBe('checkbox');
    expect(optionControl({ multiplo: true, qtdmultiplomax: 1 })).toBe('stepper');
  });
});

describe('add-item refusals, in the spec order', () => {
  const base = { grupos: data.xBurguer.grupoopcoes, escolhas: {}, lojaAberta: false, formasPgto: [] };
  it('unavailable product first', () => {
    expect(addItemRefusal({ ...base, produto: { stindisponivel: 1 } })?.titulo).toBe(
      MSG.produtoIndisponivelTitulo,
    );
  });
  it('then required options, naming the first unmet group', () => {
    expect(addItemRefusal({ ...base, produto: { stindisponivel: 0 } })).toMatchObject({
      titulo: MSG.itensObrigatoriosTitulo,
      idgrupoopcao: 10,
    });
  });
  it('then closed store, then payment methods, then nothing', () => {
    const ok = { ...base, produto: { stindisponivel: 0 as const }, escolhas: { 10: { 101: 1 } } };
    expect(addItemRefusal(ok)?.titulo).toBe(MSG.estabelecimentoFechado);
    expect(addItemRefusal({ ...ok, lojaAberta: true })?.titulo).toBe(MSG.semFormaPagamento);
    expect(addItemRefusal({ ...ok, lojaAberta: true, formasPgto: data.formasPgto })).toBeNull();
  });
});

describe('cart item', () => {
  it('keeps only chosen options and writes the summary lines', () => {
    const item = buildCartItem(data.xBurguer, {
      quantidade: 1,
      escolhas: { 10: { 101: 1 }, 11: { 111: 2, 112: 0 }, 12: {} },
      observacoes: '  sem sal ',
    });
    expect(item.grupoopcoes).toEqual({ 10: { 101: 1 }, 11: { 111: 2 } });
    expect(item.resumo).toEqual(['Mal passada', '2x Bacon']);
    expect(item.observacoes).toBe('sem sal');
    expect(item.preco_total).toBe(2590 + 600);
  });
});

describe('repriceWithMenu', () => {
  it("re-prices a stored item with today's menu, and gives up on products no longer offered", () => {
    const antigo = buildCartItem(data.paoDeQueijo, { quantidade: 2, escolhas: {}, observacoes: 'quente' });
    const menuNovo: Menu = {
      grupos: data.menu.grupos.map((g) => ({
        ...g,
        produtos: g.produtos.map((p) =>
          p.idproduto === data.paoDeQueijo.idproduto ? { ...p, preco: 20, precooferta: 0 } : p,
        ),
      })),
    };
    const novo = repriceWithMenu(menuNovo)(antigo);
    expect(novo?.preco_total).toBe(4000);
    expect(antigo.preco_total).not.toBe(4000);
    expect(novo?.observacoes).toBe('quente');
    expect(repriceWithMenu(data.menu)({ ...antigo, idproduto: data.secreto.idproduto })).toBeNull();
    expect(repriceWithMenu(data.menu)({ ...antigo, idproduto: 999 })).toBeNull();
  });
});
