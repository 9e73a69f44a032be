import {
  MSG_CATALOGO,
  type GrupoOpcaoPainel,
  type OpcaoPainel,
  type ProdutoPainel,
  type SalvarProdutoInput,
} from '@rango/domain/painel/catalogo';
import { describe, expect, it, vi } from 'vitest';
import { CARDAPIO, COMBO } from '../testing/fixtures.ts';
import { SalvarErro, alterado, salvarRascunho, type EscritaCatalogo } from './salvar-rascunho.ts';
import { chave, validarRascunho } from './validar-rascunho.ts';
import {
  mover,
  novaOpcao,
  novoGrupo,
  novoRascunho,
  parseDinheiro,
  rascunhoDe,
  textoDinheiro,
} from './rascunho.ts';

describe('parseDinheiro', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12,50', 1250],
    ['1.234,56', 123456],
    ['R$ 9,90', 990],
    ['12.50', 1250],
    ['1.234', 123400],
    ['0,01', 1],
    ['-3,00', -300],
    ['', null],
    ['abc', null],
    ['12,345', null],
    ['1,2,3', null],
  ])('%j → %j', (texto, cents) => expect(parseDinheiro(texto)).toBe(cents));

  it('reads back what it shows', () => {
    for (const c of [0, 1, 99, 1250, 123456, 10_000_000]) expect(parseDinheiro(textoDinheiro(c))).toBe(c);
  });
});

describe('mover', () => {
  it('moves up and down and ignores a move off the ends', () => {
    expect(mover([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(mover([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(mover([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(mover([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe('validarRascunho', () => {
  it("gives each field the contract's Portuguese text", () => {
    const r = novoRascunho(1);
    const g: GrupoOpcaoPainel = {
      ...novoGrupo(r.produto.idproduto),
      stprecopraticado: 10,
      qtdmultiplomin: 3,
      qtdmultiplomax: 2,
    };
    const o: OpcaoPainel = {
      ...novaOpcao(g.idgrupoopcao),
      descricao: 'Bacon',
      preco: 500,
      precooferta: 600,
      qtdpadrao: 3,
      qtdmax: 2,
    };
    g.opcoes = [o];
    r.produto.grupoopcoes = [g.idgrupoopcao];
    r.grupos[g.idgrupoopcao] = { ...g, descricao: 'Extras' };
    const e = validarRascunho(r);
    expect(e[chave.produto('descricao')]).toBe(MSG_CATALOGO.obrigatorio);
    expect(e[chave.grupo(g.idgrupoopcao, 'qtdmultiplomin')]).toBe(MSG_CATALOGO.minimoAcimaDoMaximo);
    expect(e[chave.opcao(o.idopcao, 'precooferta')]).toBe(MSG_CATALOGO.ofertaAcimaDoPreco);
    expect(e[chave.opcao(o.idopcao, 'qtdpadrao')]).toBe(MSG_CATALOGO.padraoAcimaDoMaximo);
  });

  it('refuses a Kit group without an available option', () => {
    const r = novoRascunho(1);
    const g = { ...novoGrupo(r.produto.idproduto), descricao: 'Kit', stprecopraticado: 10 };
    r.produto = { ...r.produto, descricao: 'Combo', grupoopcoes: [g.idgrupoopcao] };
    r.grupos[g.idgrupoopcao] = g;
    expect(validarRascunho(r)[chave.grupo(g.idgrupoopcao, 'stprecopraticado')]).toBe(
      MSG_CATALOGO.kitSemOpcoes,
    );
  });
});

function fakeApi(falha?: unknown) {
  const calls: SalvarProdutoInput[] = [];
  let id = 500;
  const api: EscritaCatalogo = {
    salvarProduto: vi.fn(async (b: SalvarProdutoInput) => {
      calls.push(structuredClone(b));
      if (falha) throw falha;
      const gruposopcao = b.grupos.map((g) => {
        const idg = g.idgrupoopcao < 0 ? ++id : g.idgrupoopcao;
        return {
          ...g,
          idgrupoopcao: idg,
          opcoes: g.opcoes.map((o, ordem) => ({
            ...COMBO.opcoes[0]!,
            ...o,
            idopcao: o.idopcao < 0 ? ++id : o.idopcao,
            idgrupoopcao: idg,
            ordem,
          })),
          produtos: [],
        } as GrupoOpcaoPainel;
      });
      const produto = {
        ...b.produto,
        idproduto: b.idproduto ?? ++id,
        imagem: null,
        ordem: 0,
        grupoopcoes: gruposopcao.map((g) => g.idgrupoopcao),
      } as ProdutoPainel;
      return { produto, gruposopcao };
    }),
  };
  return { api, calls };
}

describe('salvarRascunho', () => {
  it('sends the product with its groups in order and their options in one request (a new Kit as it is)', async () => {
    const { api, calls } = fakeApi();
    const r = novoRascunho(2);
    const g = {
      ...novoGrupo(r.produto.idproduto),
      descricao: 'Monte',
      stprecopraticado: 10,
      qtdmultiplomin: 1,
    };
    g.opcoes = [{ ...novaOpcao(g.idgrupoopcao), descricao: 'Suco', preco: 700 }];
    r.produto = { ...r.produto, descricao: 'Combo', preco: 2990, grupoopcoes: [g.idgrupoopcao] };
    r.grupos[g.idgrupoopcao] = g;
    const salvo = await salvarRascunho(api, r, CARDAPIO);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      idproduto: null,
      produto: { idgrupo: 2, descricao: 'Combo', preco: 2990 },
      grupos: [
        {
          idgrupoopcao: g.idgrupoopcao,
          stprecopraticado: 10,
          qtdmultiplomin: 1,
          opcoes: [{ idopcao: g.opcoes[0]!.idopcao, descricao: 'Suco', preco: 700 }],
        },
      ],
    });
    expect(calls[0]!.produto).not.toHaveProperty('grupoopcoes');
    // The draft takes the server's ids.
    expect(salvo.produto.idproduto).toBe(503);
    expect(salvo.produto.grupoopcoes).toEqual([501]);
    expect(salvo.grupos[501]!.opcoes.map((o) => o.idopcao)).toEqual([502]);
  });

  it('a refused save keeps the draft as it was, and each field of the answer lands on its editor field', async () => {
    const { api, calls } = fakeApi(new Error('Sem conexão'));
    const r = novoRascunho(2);
    const g = { ...novoGrupo(r.produto.idproduto), descricao: 'Extras' };
    g.opcoes = [{ ...novaOpcao(g.idgrupoopcao), descricao: 'Bacon', preco: 500 }];
    r.produto = { ...r.produto, descricao: 'X', grupoopcoes: [g.idgrupoopcao] };
    r.grupos[g.idgrupoopcao] = g;
    const erro = await salvarRascunho(api, r, CARDAPIO).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(SalvarErro);
    const e = erro as SalvarErro;
    // Nothing was written: the retry sends the same body, with the same (new) ids.
    expect(e.rascunho).toEqual(r);
    await salvarRascunho(api, e.rascunho, CARDAPIO).catch(() => undefined);
    expect(calls[1]).toEqual(calls[0]);
    expect(e.alvo('produto.preco')).toBe(chave.produto('preco'));
    expect(e.alvo('produto.grupoopcoes')).toBe(chave.produto('grupoopcoes'));
    expect(e.alvo('grupos.0.descricao')).toBe(chave.grupo(g.idgrupoopcao, 'descricao'));
    expect(e.alvo('grupos.0.opcoes.0.preco')).toBe(chave.opcao(g.opcoes[0]!.idopcao, 'preco'));
  });

  it('an existing product sends its whole draft once; an unchanged one sends nothing', async () => {
    const { api, calls } = fakeApi();
    const r = rascunhoDe(CARDAPIO, 20)!;
    expect(await salvarRascunho(api, r, CARDAPIO)).toBe(r);
    expect(calls).toHaveLength(0);
    const g = r.grupos[200]!;
    r.grupos[200] = { ...g, opcoes: [{ ...g.opcoes[2]!, preco: 2600 }, g.opcoes[0]!] };
    expect(alterado(r, CARDAPIO)).toBe(true);
    await salvarRascunho(api, r, CARDAPIO);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idproduto).toBe(20);
    expect(calls[0]!.grupos.map((x) => x.idgrupoopcao)).toEqual([200]);
    expect(calls[0]!.grupos[0]!.opcoes.map((o) => [o.idopcao, o.preco])).toEqual([
      [2003, 2600],
      [2001, g.opcoes[0]!.preco],
    ]);
    expect(alterado(rascunhoDe(CARDAPIO, 20)!, CARDAPIO)).toBe(false);
  });

  it('alterado compares option by option: a value typed back, a new order, one changed option', () => {
    const base = () => rascunhoDe(CARDAPIO, 20)!;
    const comOpcoes = (f: (o: OpcaoPainel[]) => OpcaoPainel[]) => {
      const r = base();
      const g = r.grupos[200]!;
      r.grupos[200] = { ...g, opcoes: f(g.opcoes) };
      return r;
    };
    // A new object with the server's values (typed, then typed back): not a change.
    expect(
      alterado(
        comOpcoes((os) => os.map((o) => ({ ...o }))),
        CARDAPIO,
      ),
    ).toBe(false);
    expect(
      alterado(
        comOpcoes((os) => [...os].reverse()),
        CARDAPIO,
      ),
    ).toBe(true);
    expect(
      alterado(
        comOpcoes((os) => os.map((o, i) => (i === 1 ? { ...o, descricao: 'X' } : o))),
        CARDAPIO,
      ),
    ).toBe(true);
    expect(
      alterado(
        comOpcoes((os) => os.slice(1)),
        CARDAPIO,
      ),
    ).toBe(true);
  });
});
