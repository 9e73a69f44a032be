import {
  MSG_CATALOGO,
  type GrupoOpcaoPainel,
  type OpcaoPainel,
  type ProdutoPainel,
} from '@rango/domain/painel/catalogo';
import { describe, expect, it, vi } from 'vitest';
import { CARDAPIO, COMBO } from '../testing/fixtures.ts';
import {
  SalvarErro,
  alterado,
  chave,
  mover,
  novaOpcao,
  novoGrupo,
  novoRascunho,
  parseDinheiro,
  rascunhoDe,
  salvarRascunho,
  textoDinheiro,
  validarRascunho,
  type EscritaCatalogo,
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

function fakeApi() {
  let id = 500;
  const calls: [string, ...unknown[]][] = [];
  const api: EscritaCatalogo = {
    criarProduto: vi.fn(async (b) => {
      calls.push(['criarProduto', b]);
      return { idproduto: ++id } as ProdutoPainel;
    }),
    salvarProduto: vi.fn(async (i, b) => {
      calls.push(['salvarProduto', i, b]);
      return { idproduto: i } as ProdutoPainel;
    }),
    criarGrupo: vi.fn(async (b) => {
      calls.push(['criarGrupo', b]);
      return { ...COMBO, ...b, idgrupoopcao: ++id, opcoes: [] };
    }),
    salvarGrupo: vi.fn(async (i, b) => {
      calls.push(['salvarGrupo', i, b]);
      return { ...COMBO, idgrupoopcao: i };
    }),
    criarOpcao: vi.fn(async (g, b) => {
      calls.push(['criarOpcao', g, b]);
      return { idopcao: ++id } as OpcaoPainel;
    }),
    salvarOpcao: vi.fn(async (g, o, b) => {
      calls.push(['salvarOpcao', g, o, b]);
      return { idopcao: o } as OpcaoPainel;
    }),
    excluirOpcao: vi.fn(async (g, o) => calls.push(['excluirOpcao', g, o])),
    ordenarOpcoes: vi.fn(async (g, ids) => calls.push(['ordenarOpcoes', g, ids])),
  };
  return { api, calls };
}

describe('salvarRascunho', () => {
  it('creates a new Kit group as Normal first, adds its options, then sets Kit, then the product', async () => {
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
    expect(calls.map((c) => c[0])).toEqual(['criarGrupo', 'criarOpcao', 'salvarGrupo', 'criarProduto']);
    expect(calls[0]![1]).toMatchObject({ stprecopraticado: 0, qtdmultiplomin: 0 });
    expect(calls[1]).toEqual(['criarOpcao', 501, expect.objectContaining({ descricao: 'Suco', preco: 700 })]);
    expect(calls[2]).toEqual([
      'salvarGrupo',
      501,
      expect.objectContaining({ stprecopraticado: 10, qtdmultiplomin: 1 }),
    ]);
    expect(calls[3]![1]).toMatchObject({ idgrupo: 2, preco: 2990, grupoopcoes: [501] });
    expect(salvo.produto.idproduto).toBe(503);
  });

  it('after a failure keeps the ids already created, so a retry creates nothing twice', async () => {
    const { api, calls } = fakeApi();
    vi.mocked(api.criarProduto).mockRejectedValueOnce(new Error('Sem conexão'));
    const r = novoRascunho(2);
    const g = { ...novoGrupo(r.produto.idproduto), descricao: 'Extras' };
    g.opcoes = [{ ...novaOpcao(g.idgrupoopcao), descricao: 'Bacon', preco: 500 }];
    r.produto = { ...r.produto, descricao: 'X', grupoopcoes: [g.idgrupoopcao] };
    r.grupos[g.idgrupoopcao] = g;
    const erro = await salvarRascunho(api, r, CARDAPIO).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(SalvarErro);
    const parcial = (erro as SalvarErro).rascunho;
    expect(parcial.produto.grupoopcoes[0]).toBeGreaterThan(0);
    calls.length = 0;
    const servidor = {
      ...CARDAPIO,
      gruposopcao: [
        ...CARDAPIO.gruposopcao,
        { ...parcial.grupos[parcial.produto.grupoopcoes[0]!]!, produtos: [] },
      ],
    };
    await salvarRascunho(api, parcial, servidor);
    expect(calls.map((c) => c[0])).toEqual(['criarProduto']);
  });

  it('writes only what changed: an option edited, one removed, the order (the product itself did not change)', async () => {
    const { api, calls } = fakeApi();
    const r = rascunhoDe(CARDAPIO, 20)!;
    const g = r.grupos[200]!;
    r.grupos[200] = { ...g, opcoes: [{ ...g.opcoes[2]!, preco: 2600 }, g.opcoes[0]!] };
    expect(alterado(r, CARDAPIO)).toBe(true);
    await salvarRascunho(api, r, CARDAPIO);
    expect(calls).toEqual([
      ['salvarOpcao', 200, 2003, expect.objectContaining({ preco: 2600 })],
      ['excluirOpcao', 200, 2002],
      ['ordenarOpcoes', 200, [2003, 2001]],
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
