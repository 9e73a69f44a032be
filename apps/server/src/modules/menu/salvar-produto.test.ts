import { EVENTO, MSG } from '@rango/domain';
import {
  MSG_CATALOGO as M,
  cardapioPainelSchema,
  grupoOpcaoPainelSchema,
  produtoPainelSchema,
} from '@rango/domain/painel/catalogo';
import type {
  CardapioPainel,
  SalvarGrupoInput,
  SalvarProdutoInput,
  SalvarProdutoResultado,
} from '@rango/domain/painel/catalogo';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { GRUPO } from '../../test/painel.ts';
import { API, staffBearer } from '../staff/testing.ts';

const est = (id: number) => `${API}/painel/estabelecimento/${id}`;

const opcao = (idopcao: number, descricao: string, preco = 0) => ({ idopcao, descricao, preco });
const grupoNormal = (
  idgrupoopcao: number,
  descricao: string,
  opcoes: ReturnType<typeof opcao>[],
): SalvarGrupoInput => ({ ...GRUPO, idgrupoopcao, descricao, opcoes });

describe.each(DIALECTS)('the product saved as one unit on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  let dono2: { authorization: string };
  let idgrupo: number;

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await ta.app.ready();
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    dono2 = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    idgrupo = (await cardapio()).categorias[0]!.idgrupo;
  });
  afterAll(async () => ta?.close());

  const call = (opts: InjectOptions, headers = dono) => ta.app.inject({ ...opts, headers });
  const salvar = (payload: unknown, headers = dono, id = 1) =>
    call({ method: 'POST', url: `${est(id)}/produtos/salvar/`, payload: payload as object }, headers);
  async function cardapio(id = 1, headers = dono): Promise<CardapioPainel> {
    const res = await call({ url: `${est(id)}/cardapio/` }, headers);
    expect(res.statusCode).toBe(200);
    return cardapioPainelSchema.parse(res.json());
  }
  const conta = async (tabela: 'evento' | 'auditoria') =>
    (
      await ta.t.db
        .selectFrom(tabela)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('idestabelecimento', '=', 1)
        .$if(tabela === 'evento', (q) => q.where('tipo' as never, '=', EVENTO.menu as never))
        .executeTakeFirstOrThrow()
    ).n;
  const estado = async () => ({
    v: (
      await ta.t.db
        .selectFrom('estabelecimento')
        .select('menu_versao')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    ).menu_versao,
    eventos: Number(await conta('evento')),
    auditoria: Number(await conta('auditoria')),
    cardapio: JSON.stringify(await cardapio()),
  });
  /** A refusal that changed nothing: no version move, no event, no audit row, the same menu. */
  async function recusado(payload: unknown, status: number, body: unknown, headers = dono) {
    const antes = await estado();
    const res = await salvar(payload, headers);
    expect(res.statusCode, res.body).toBe(status);
    if (body !== undefined) expect(res.json()).toEqual(body);
    expect(await estado()).toEqual(antes);
  }
  /** A saved one: one version move, one event, one audit row. */
  async function salvo(payload: SalvarProdutoInput, status = 200): Promise<SalvarProdutoResultado> {
    const antes = await estado();
    const res = await salvar(payload);
    expect(res.statusCode, res.body).toBe(status);
    const depois = await estado();
    expect(Number(depois.v)).toBe(Number(antes.v) + 1);
    expect(depois.eventos).toBe(antes.eventos + 1);
    expect(depois.auditoria).toBe(antes.auditoria + 1);
    const r = res.json<SalvarProdutoResultado>();
    produtoPainelSchema.parse(r.produto);
    for (const g of r.gruposopcao) grupoOpcaoPainelSchema.parse(g);
    return r;
  }
  const novo = (): SalvarProdutoInput => ({
    idproduto: null,
    produto: { idgrupo, descricao: 'Pizza da casa', preco: 4500 },
    grupos: [
      grupoNormal(-1, 'Tamanho', [opcao(-2, 'Média'), opcao(-3, 'Grande', 1000)]),
      { ...grupoNormal(-4, 'Borda', [opcao(-5, 'Catupiry', 800)]), qtdmultiplomin: 0 },
    ],
  });
  /** The body that saves `r` as it is (the editor's draft of what the server answered). */
  const deNovo = (r: SalvarProdutoResultado): SalvarProdutoInput =>
    ({
      idproduto: r.produto.idproduto,
      produto: {
        idgrupo: r.produto.idgrupo,
        descricao: r.produto.descricao,
        detalhe: r.produto.detalhe,
        preco: r.produto.preco,
        precooferta: r.produto.precooferta,
        stindisponivel: r.produto.stindisponivel,
      },
      grupos: r.gruposopcao.map(({ produtos: _p, opcoes, ...g }) => ({
        ...g,
        opcoes: opcoes.map(({ idgrupoopcao: _g, ordem: _o, ...o }) => o),
      })),
    }) as SalvarProdutoInput;

  it('creates a product with its groups and options: one version move, one event, one audit row', async () => {
    const r = await salvo(novo(), 201);
    expect(r.produto).toMatchObject({ descricao: 'Pizza da casa', preco: 4500, idgrupo });
    expect(r.gruposopcao.map((g) => g.descricao)).toEqual(['Tamanho', 'Borda']);
    expect(r.produto.grupoopcoes).toEqual(r.gruposopcao.map((g) => g.idgrupoopcao));
    expect(r.gruposopcao[0]!.opcoes.map((o) => [o.descricao, o.preco, o.ordem])).toEqual([
      ['Média', 0, 0],
      ['Grande', 1000, 1],
    ]);
    const audit = await ta.t.db
      .selectFrom('auditoria')
      .select(['entidade', 'identidade', 'acao'])
      .where('idestabelecimento', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entidade: 'produto', identidade: r.produto.idproduto, acao: 'criar' });
    const c = await cardapio();
    expect(c.categorias.flatMap((x) => x.produtos).find((p) => p.idproduto === r.produto.idproduto)).toEqual(
      r.produto,
    );
  });

  it('updates the product, a group and its options (changed, added, removed, reordered) as one', async () => {
    const r = await salvo(novo(), 201);
    const b = deNovo(r);
    b.produto.preco = 4900;
    const [tamanho, borda] = b.grupos;
    tamanho!.descricao = 'Tamanho da pizza';
    const [media, grande] = tamanho!.opcoes;
    tamanho!.opcoes = [{ ...grande!, preco: 1200 }, opcao(-10, 'Família', 2000)];
    b.grupos = [borda!, tamanho!];
    const s = await salvo(b);
    expect(s.produto.preco).toBe(4900);
    expect(s.produto.grupoopcoes).toEqual([borda!.idgrupoopcao, tamanho!.idgrupoopcao]);
    const t = s.gruposopcao[1]!;
    expect(t.descricao).toBe('Tamanho da pizza');
    expect(t.opcoes.map((o) => [o.idopcao === grande!.idopcao, o.descricao, o.preco, o.ordem])).toEqual([
      [true, 'Grande', 1200, 0],
      [false, 'Família', 2000, 1],
    ]);
    expect(t.opcoes.some((o) => o.idopcao === media!.idopcao)).toBe(false);
    // Saved again unchanged: still one version move (the save itself), nothing else differs.
    const again = await salvo(deNovo(s));
    expect(deNovo(again)).toEqual(deNovo(s));
  });

  it('a refusal late in the body (the last option of the last group) leaves everything as it was', async () => {
    const r = await salvo(novo(), 201);
    const b = deNovo(r);
    b.produto.descricao = 'Mudado';
    b.grupos[0]!.descricao = 'Mudado';
    b.grupos[0]!.opcoes.push(opcao(-20, 'Nova'));
    // A quantity of 2 in a group without quantities: refused inside the transaction, after the
    // product's group and its new option were written.
    b.grupos[1]!.opcoes.push({ ...opcao(-21, 'Dupla'), qtdpadrao: 2, qtdmax: 2 } as never);
    await recusado(b, 400, { 'grupos.1.opcoes.1.qtdpadrao': [M.padraoNaoMultiplo] });
    // The same option through the option's own editor: the same text on the same field.
    const g = r.gruposopcao[1]!.idgrupoopcao;
    const so = await call({
      method: 'POST',
      url: `${est(1)}/grupos-opcao/${g}/opcoes/`,
      payload: { descricao: 'Dupla', preco: 0, qtdpadrao: 2, qtdmax: 2 },
    });
    expect(so.statusCode).toBe(400);
    expect(so.json()).toEqual({ qtdpadrao: [M.padraoNaoMultiplo] });
  });

  it('a database error half way rolls everything back', async () => {
    const r = await salvo(novo(), 201);
    const b = deNovo(r);
    b.produto.preco = 9999;
    b.grupos[0]!.descricao = 'Mudado';
    b.grupos[1]!.opcoes.push(opcao(-30, 'Falha'));
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER falha BEFORE INSERT ON opcao WHEN NEW.descricao = 'Falha'
           BEGIN SELECT RAISE(ABORT, 'falha injetada'); END`,
        )
        .execute(ta.t.db);
    } else {
      await sql
        .raw(
          `CREATE FUNCTION falha() RETURNS trigger AS $$ BEGIN
             IF NEW.descricao = 'Falha' THEN RAISE EXCEPTION 'falha injetada'; END IF; RETURN NEW;
           END $$ LANGUAGE plpgsql;
           CREATE TRIGGER falha BEFORE INSERT ON opcao FOR EACH ROW EXECUTE FUNCTION falha();`,
        )
        .execute(ta.t.db);
    }
    try {
      await recusado(b, 500, undefined);
    } finally {
      await sql.raw('DROP TRIGGER falha' + (dialect === 'sqlite' ? '' : ' ON opcao')).execute(ta.t.db);
    }
  });

  it("the schema's refusals: the separate editors' texts, each under its path", async () => {
    const b = novo();
    b.produto.preco = -1;
    b.grupos[0]!.descricao = '';
    b.grupos[1]!.opcoes[0]!.preco = 1.5;
    const res = await salvar(b);
    expect(res.statusCode).toBe(400);
    const erros = res.json<Record<string, string[]>>();
    const proprios = {
      produto: await call({
        method: 'POST',
        url: `${est(1)}/produtos/`,
        payload: { ...b.produto, grupoopcoes: [] },
      }),
      grupo: await call({ method: 'POST', url: `${est(1)}/grupos-opcao/`, payload: b.grupos[0] }),
      opcao: await call({
        method: 'POST',
        url: `${est(1)}/grupos-opcao/${(await cardapio()).gruposopcao[0]!.idgrupoopcao}/opcoes/`,
        payload: b.grupos[1]!.opcoes[0],
      }),
    };
    for (const x of Object.values(proprios)) expect(x.statusCode).toBe(400);
    expect(erros).toEqual({
      'produto.preco': proprios.produto.json<Record<string, string[]>>().preco,
      'grupos.0.descricao': proprios.grupo.json<Record<string, string[]>>().descricao,
      'grupos.1.opcoes.0.preco': proprios.opcao.json<Record<string, string[]>>().preco,
    });
    await recusado(b, 400, erros);
    await recusado({ produto: 1 }, 400, { non_field_errors: [expect.any(String)] });
    await recusado({ ...novo(), produto: { ...novo().produto, idgrupo: 999999 } }, 400, {
      'produto.idgrupo': [M.categoriaNaoEncontrada],
    });
  });

  it('the whole-body schema: parts that are not objects, ids repeated or malformed, all at once', async () => {
    const b = novo();
    const g0 = b.grupos[0]!;
    const repetidos = {
      ...b,
      grupos: [g0, { ...b.grupos[1]!, idgrupoopcao: g0.idgrupoopcao }, 7],
    };
    await recusado(repetidos, 400, {
      'produto.grupoopcoes': [M.idsRepetidos],
      'grupos.2': [M.valorInvalido],
    });
    const opcoes = { ...b, grupos: [{ ...g0, opcoes: [g0.opcoes[0], g0.opcoes[0], null] }] };
    await recusado(opcoes, 400, {
      'grupos.0.opcoes': [M.idsRepetidos],
      'grupos.0.opcoes.2': [M.valorInvalido],
    });
    await recusado({ ...b, grupos: [{ ...g0, idgrupoopcao: 0, opcoes: 'x' }] }, 400, {
      'grupos.0.idgrupoopcao': [M.valorInvalido],
      'grupos.0.opcoes': [M.valorInvalido],
    });
    await recusado({ ...b, idproduto: 'x', produto: { ...b.produto, preco: -1 } }, 404, {
      detail: M.produtoNaoEncontrado,
    });
    await recusado({ ...b, grupos: {} }, 400, { non_field_errors: [MSG.requisicaoMalFormada] });
  });

  it("another establishment's product, group or option: 404, nothing written", async () => {
    // The other establishment's own product, saved by its owner.
    const cat = await call(
      { method: 'POST', url: `${est(2)}/categorias/`, payload: { descricao: 'Lanches' } },
      dono2,
    );
    expect(cat.statusCode, cat.body).toBe(201);
    const idgrupo2 = cat.json<{ idgrupo: number }>().idgrupo;
    const deles = await salvar({ ...novo(), produto: { ...novo().produto, idgrupo: idgrupo2 } }, dono2, 2);
    expect(deles.statusCode, deles.body).toBe(201);
    const outro = deles.json<SalvarProdutoResultado>();
    const p2 = outro.produto;
    const g2 = outro.gruposopcao[0]!;
    await recusado({ ...novo(), idproduto: p2.idproduto }, 404, { detail: M.produtoNaoEncontrado });
    const comGrupo = novo();
    comGrupo.grupos[0] = { ...comGrupo.grupos[0]!, idgrupoopcao: g2.idgrupoopcao };
    await recusado(comGrupo, 404, { detail: M.grupoNaoEncontrado });
    const r = await salvo(novo(), 201);
    const comOpcao = deNovo(r);
    comOpcao.grupos[0]!.opcoes.push(opcao(g2.opcoes[0]!.idopcao, 'Alheia'));
    await recusado(comOpcao, 404, { detail: M.opcaoNaoEncontrada });
    // The other owner's own save of it works (its own menu).
    const delas = await salvar(
      { ...novo(), idproduto: p2.idproduto, produto: { ...novo().produto, idgrupo: p2.idgrupo } },
      dono2,
      2,
    );
    expect(delas.statusCode, delas.body).toBe(200);
  });
});
