import { describe, expect, it } from 'vitest';
import {
  toGrupoOpcao,
  toOpcao,
  toProduto,
  type GrupoOpcaoCadastrado,
  type OpcaoCadastrada,
  type ProdutoCadastrado,
} from './cardapio-cliente.ts';
import { GRUPO_OPCAO_PADRAO, OPCAO_PADRAO, PRODUTO_PADRAO } from './defaults.ts';
import { priceItem } from './pricing.ts';
import { menuSchema } from './schemas.ts';

// Rows as the server reads them: money in cents, flags as numbers, their own `ordem` and keys.
// Every field that a conversion could swap or lose differs from its neighbours.
const opcaoRow = {
  ...OPCAO_PADRAO,
  idopcao: 7,
  idgrupoopcao: 3,
  descricao: 'Bacon',
  detalhe: 'Fatias crocantes',
  quantidade: 4,
  qtdpadrao: 1,
  qtdmax: 3,
  preco: 450,
  precooferta: 400,
  valorafetatudo: 5,
  valorafetaopcao: 10,
  valorafetaproduto: 15,
  stpercentualafetaproduto: 1,
  ordem: 2,
};
const grupoRow = {
  ...GRUPO_OPCAO_PADRAO,
  idgrupoopcao: 3,
  descricao: 'Adicionais',
  multiplo: 1,
  qtdmultiplomax: 5,
  stnegagrupoopcao: 0,
  idestabelecimento: 1,
};
const produtoRow = {
  ...PRODUTO_PADRAO,
  idproduto: 20,
  idgrupo: 2,
  descricao: 'X-Burguer',
  imagem: '/api/ead/media/produtos/x.svg',
  preco: 3290,
  precooferta: 2990,
  quantidade: 9,
  observacoes: 'Sem picles',
  ordem: 1,
};

describe('the back office menu in the customer shape', () => {
  it('an option keeps every contract field and its cents, drops the row-only ones; quantity 0 where the panel has none', () => {
    const { idgrupoopcao: _g, ordem: _o, ...contrato } = opcaoRow;
    expect(toOpcao(opcaoRow)).toEqual(contrato);
    const { quantidade: _q, ...painel } = contrato;
    expect(toOpcao(painel satisfies OpcaoCadastrada)).toEqual({ ...contrato, quantidade: 0 });
  });

  it("a group's multiplo becomes a boolean from the table's 0/1 or stays the panel's boolean", () => {
    expect(toGrupoOpcao(grupoRow, []).multiplo).toBe(true);
    expect(toGrupoOpcao({ ...grupoRow, multiplo: 0 }, []).multiplo).toBe(false);
    expect(toGrupoOpcao({ ...grupoRow, multiplo: false } satisfies GrupoOpcaoCadastrado, []).multiplo).toBe(
      false,
    );
    expect(toGrupoOpcao({ ...grupoRow, multiplo: true }, []).multiplo).toBe(true);
    const opcoes = [toOpcao(opcaoRow)];
    expect(toGrupoOpcao(grupoRow, opcoes).opcoes).toBe(opcoes);
  });

  it("a product's prices go to reais; quantity 0 and no notes where the panel has none", () => {
    const p = toProduto(produtoRow, []);
    expect(p).toMatchObject({ preco: 32.9, precooferta: 29.9, quantidade: 9, observacoes: 'Sem picles' });
    const { quantidade: _, observacoes: __, ...painel } = produtoRow;
    expect(toProduto(painel satisfies ProdutoCadastrado, [])).toMatchObject({
      preco: 32.9,
      quantidade: 0,
      observacoes: null,
    });
  });

  it("serves the menu contract's bytes as they are: valid, nothing added, keys in the schema's order", () => {
    const produto = toProduto(produtoRow, [toGrupoOpcao(grupoRow, [toOpcao(opcaoRow)])]);
    const menu = { grupos: [{ idgrupo: 2, descricao: 'Lanches', produtos: [produto] }] };
    // The server serialises what menuSchema gives back: the same JSON means the same payload.
    expect(JSON.stringify(menuSchema.parse(menu))).toBe(JSON.stringify(menu));
  });

  it('the panel shape and the rows give the same customer product, which the engine prices in the same cents', () => {
    const { quantidade: _q, ordem: _o, ...opcaoPainel } = opcaoRow;
    const grupoPainel = { ...grupoRow, multiplo: true };
    const { quantidade: _pq, observacoes: _po, ...produtoPainel } = produtoRow;
    const dasLinhas = toProduto({ ...produtoRow, quantidade: 0, observacoes: null }, [
      toGrupoOpcao(grupoRow, [toOpcao({ ...opcaoRow, quantidade: 0 })]),
    ]);
    const doPainel = toProduto(produtoPainel, [toGrupoOpcao(grupoPainel, [toOpcao(opcaoPainel)])]);
    expect(doPainel).toEqual(dasLinhas);
    // The pricing engine reads the converted prices back to the same cents: the offer, 29,90.
    expect(priceItem(toProduto(produtoPainel, []), { quantidade: 1, escolhas: {} }).preco_total).toBe(2990);
  });
});
