import {
  MSG,
  MSG_AVALIACAO,
  STATUS,
  avaliacaoDoPedidoSchema,
  estabelecimentoDetalheSchema,
} from '@rango/domain';
import type { Produto } from '@rango/domain';
import { MSG_PAINEL, avaliacoesPainelSchema } from '@rango/domain/painel';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { exportarMeusDados } from '../customers/meus-dados.ts';
import { moverPedido } from '../orders/status.ts';
import {
  API,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { staffBearer } from '../staff/testing.ts';
import { avaliacoesRepository } from './repository.ts';

const DIA = 86_400_000;
const avaliacaoUrl = (id: number) => `${API}/api/pedido/${id}/avaliacao/`;
const listaUrl = (idest: number, qs = '') => `${API}/painel/estabelecimento/${idest}/avaliacoes/${qs}`;
const respostaUrl = (idest: number, id: number) =>
  `${API}/painel/estabelecimento/${idest}/avaliacoes/${id}/resposta/`;

describe.each(DIALECTS)('ratings on %s', (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  let joao: ClienteTeste;
  let dono1: { authorization: string };
  let dono2: { authorization: string };
  let atendente1: { authorization: string };
  /** The ratings' clock: each test sets it. */
  let agora = new Date('2030-03-01T12:00:00.000Z');

  async function fazerPedido(cliente: ClienteTeste): Promise<number> {
    const payload = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] });
    const res = await h.app.inject({ method: 'POST', url: pedidoUrl(1), payload, headers: cliente.headers });
    if (res.statusCode !== 201) throw new Error(`pedido ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  }

  /** A pickup order moved by the restaurant up to `ate` (Concluído by default). */
  async function pedidoAte(cliente: ClienteTeste, ate: number = STATUS.Concluido): Promise<number> {
    const id = await fazerPedido(cliente);
    for (const s of [STATUS.Confirmado, STATUS.Pronto, STATUS.Concluido]) {
      if (s > ate) break;
      await moverPedido(h.t.db, id, s);
    }
    return id;
  }

  const avaliar = (id: number, payload: unknown, cliente: ClienteTeste | null = maria) =>
    h.app.inject({
      method: 'PUT',
      url: avaliacaoUrl(id),
      payload: payload as Record<string, unknown>,
      headers: cliente ? cliente.headers : {},
    });

  beforeAll(async () => {
    h = await openTestApp(dialect, { rateLimit: false }, { relogioAvaliacoes: () => agora });
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    produtos = await produtosDoMenu(h.app, 1);
    maria = await novoCliente(h.app, h.t.db);
    joao = await novoCliente(h.app, h.t.db, { nome: 'João' });
    dono1 = await staffBearer(h.app, h.t.db, 1, 'dono1@rango.test', 'dono');
    atendente1 = await staffBearer(h.app, h.t.db, 1, 'atendente1@rango.test', 'atendente');
    dono2 = await staffBearer(h.app, h.t.db, 2, 'dono2@rango.test', 'dono');
  });
  afterAll(async () => h?.close());
  beforeEach(async () => {
    await h.t.db.deleteFrom('avaliacao').execute();
    agora = new Date('2030-03-01T12:00:00.000Z');
  });

  it('the customer rates their own concluded order; GET gives it back, and null before', async () => {
    const id = await pedidoAte(maria);
    const antes = await h.app.inject({ url: avaliacaoUrl(id), headers: maria.headers });
    expect(antes.statusCode).toBe(200);
    expect(avaliacaoDoPedidoSchema.parse(antes.json())).toBeNull();

    const res = await avaliar(id, { nota: 4, comentario: '  Chegou quentinho.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      idpedido: id,
      nota: 4,
      comentario: 'Chegou quentinho.',
      criado_em: agora.toISOString(),
      atualizado_em: agora.toISOString(),
      editavel_ate: new Date(agora.getTime() + 7 * DIA).toISOString(),
    });
    const depois = await h.app.inject({ url: avaliacaoUrl(id), headers: maria.headers });
    expect(avaliacaoDoPedidoSchema.parse(depois.json())).toMatchObject({
      nota: 4,
      comentario: 'Chegou quentinho.',
    });
    // The private reply is never in the customer's answer.
    expect(Object.keys(depois.json() as object)).not.toContain('resposta');
  });

  it('a delivered delivery order can be rated too (Entregue, before Concluído)', async () => {
    const id = await fazerPedido(maria);
    // The pickup fixture order forced to Entregue through the status column the service reads.
    await h.t.db.updateTable('pedido').set({ status: STATUS.Entregue }).where('id', '=', id).execute();
    expect((await avaliar(id, { nota: 5 })).statusCode).toBe(200);
  });

  it('an order not yet delivered: 409 with a Portuguese text, nothing stored', async () => {
    for (const ate of [STATUS.Realizado, STATUS.Confirmado, STATUS.Pronto]) {
      const id = await pedidoAte(maria, ate);
      const res = await avaliar(id, { nota: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: MSG_AVALIACAO.naoEntregue });
    }
    const cancelado = await fazerPedido(maria);
    await moverPedido(h.t.db, cancelado, STATUS.Cancelado, { motivo: 'Sem entregador' });
    expect((await avaliar(cancelado, { nota: 1 })).statusCode).toBe(409);
    expect(await h.t.db.selectFrom('avaliacao').selectAll().execute()).toEqual([]);
  });

  it("another customer's order, an unknown one and a malformed id: 404, as for orders", async () => {
    const id = await pedidoAte(maria);
    for (const res of [
      await avaliar(id, { nota: 5 }, joao),
      await h.app.inject({ url: avaliacaoUrl(id), headers: joao.headers }),
      await avaliar(999_999, { nota: 5 }),
      await avaliar(Number.NaN, { nota: 5 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: MSG.rotaNaoEncontrada });
    }
    expect((await avaliar(id, { nota: 5 }, null)).statusCode).toBe(401);
    expect(await h.t.db.selectFrom('avaliacao').selectAll().execute()).toEqual([]);
  });

  it('bad input: 400 per field in Portuguese, never a 500', async () => {
    const id = await pedidoAte(maria);
    for (const nota of [0, 6, 3.5, '5', null]) {
      const res = await avaliar(id, { nota });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ nota: [MSG_AVALIACAO.notaInvalida] });
    }
    const longo = await avaliar(id, { nota: 5, comentario: 'x'.repeat(501) });
    expect(longo.statusCode).toBe(400);
    expect(longo.json()).toEqual({ comentario: [MSG_AVALIACAO.comentarioLongo] });
    const corpo = await h.app.inject({
      method: 'PUT',
      url: avaliacaoUrl(id),
      payload: '[1]',
      headers: { ...maria.headers, 'content-type': 'application/json' },
    });
    expect(corpo.statusCode).toBe(400);
  });

  it('a second submit replaces the first within 7 days; after them a 409 and the rating stays', async () => {
    const id = await pedidoAte(maria);
    const inicio = agora;
    await avaliar(id, { nota: 2, comentario: 'Demorou.' });
    agora = new Date(inicio.getTime() + 7 * DIA - 1000);
    const segunda = await avaliar(id, { nota: 5 });
    expect(segunda.statusCode).toBe(200);
    expect(segunda.json()).toMatchObject({
      nota: 5,
      comentario: null,
      criado_em: inicio.toISOString(),
      atualizado_em: agora.toISOString(),
    });
    const linhas = await h.t.db.selectFrom('avaliacao').select(['nota', 'comentario']).execute();
    expect(linhas).toEqual([{ nota: 5, comentario: null }]);

    agora = new Date(inicio.getTime() + 7 * DIA + 1000);
    const tarde = await avaliar(id, { nota: 1 });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json()).toEqual({ detail: MSG_AVALIACAO.prazoEncerrado });
    expect(await h.t.db.selectFrom('avaliacao').select('nota').execute()).toEqual([{ nota: 5 }]);
  });

  it('two first submits at once: the one that finds the row replaces it, only within the 7 days', async () => {
    const id = await pedidoAte(maria);
    const t0 = agora.getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const linha = (nota: number, ms: number) => ({
      idpedido: id,
      idcliente: maria.id,
      idestabelecimento: 1,
      nota,
      comentario: null,
      agora: iso(ms),
      desde: iso(ms - 7 * DIA),
    });
    expect(await avaliacoesRepository.inserir(h.t.db, linha(2, t0))).toMatchObject({ nota: 2 });
    // The second insert meets the first's row (the unique idpedido): it replaces it.
    expect(await avaliacoesRepository.inserir(h.t.db, linha(4, t0 + DIA))).toMatchObject({
      nota: 4,
      criado_em: iso(t0),
      atualizado_em: iso(t0 + DIA),
    });
    // Past the window it writes nothing.
    expect(await avaliacoesRepository.inserir(h.t.db, linha(1, t0 + 8 * DIA))).toBeUndefined();
    expect(await h.t.db.selectFrom('avaliacao').select(['nota', 'criado_em']).execute()).toEqual([
      { nota: 4, criado_em: iso(t0) },
    ]);
  });

  it('the menu header gets the 90-day average and count only from 5 ratings in those days', async () => {
    const detalhe = async () =>
      estabelecimentoDetalheSchema.parse(
        (await h.app.inject({ url: `${API}/controle/estabelecimento/1/` })).json(),
      ).avaliacao;
    const hoje = new Date('2030-06-01T12:00:00.000Z');
    // One rating 100 days ago (outside the window), then four inside it.
    const notas: [number, number][] = [
      [100, 1],
      [80, 5],
      [30, 4],
      [10, 5],
      [1, 4],
    ];
    for (const [diasAtras, nota] of notas) {
      agora = new Date(hoje.getTime() - diasAtras * DIA);
      await avaliar(await pedidoAte(maria), { nota });
    }
    agora = hoje;
    expect(await detalhe()).toBeUndefined(); // 4 in the last 90 days
    agora = new Date(hoje.getTime() - 89 * DIA);
    expect((await avaliar(await pedidoAte(joao), { nota: 3 }, joao)).statusCode).toBe(200);
    agora = hoje;
    // 5, 4, 5, 4, 3 → 4.2 (the 1 of 100 days ago is out).
    expect(await detalhe()).toEqual({ media: 4.2, quantidade: 5 });
    // 85 days later only the ratings of 10 and 1 days ago fall in: below 5 again.
    agora = new Date(hoje.getTime() + 85 * DIA);
    expect(await detalhe()).toBeUndefined();
    // Another establishment's detail has none.
    agora = hoje;
    const outro = (await h.app.inject({ url: `${API}/controle/estabelecimento/2/` })).json<object>();
    expect(outro).not.toHaveProperty('avaliacao');
  });

  it('the owner lists their ratings with filters and paging, and replies privately', async () => {
    const hoje = agora;
    const ids: number[] = [];
    for (const [diasAtras, nota] of [
      [40, 1],
      [20, 3],
      [2, 5],
      [1, 5],
    ] as const) {
      agora = new Date(hoje.getTime() - diasAtras * DIA);
      const id = await pedidoAte(maria);
      ids.push(id);
      await avaliar(id, { nota, comentario: `nota ${nota}` });
    }
    agora = hoje;
    const lista = await h.app.inject({ url: listaUrl(1), headers: dono1 });
    expect(lista.statusCode).toBe(200);
    const todas = avaliacoesPainelSchema.parse(lista.json());
    expect(todas.count).toBe(4);
    expect(todas.results.map((r) => r.idpedido)).toEqual([...ids].reverse());
    expect(todas.media).toBe(3.5);
    expect(todas.quantidade).toBe(4);
    expect(todas.results[0]!.referencia).toMatch(/\S/);

    const cinco = avaliacoesPainelSchema.parse(
      (await h.app.inject({ url: listaUrl(1, '?nota=5'), headers: dono1 })).json(),
    );
    expect(cinco.count).toBe(2);
    expect(cinco.results.every((r) => r.nota === 5)).toBe(true);
    const semana = avaliacoesPainelSchema.parse(
      (await h.app.inject({ url: listaUrl(1, '?dias=7'), headers: dono1 })).json(),
    );
    expect(semana.results.map((r) => r.idpedido)).toEqual([ids[3], ids[2]]);
    const pagina = avaliacoesPainelSchema.parse(
      (await h.app.inject({ url: listaUrl(1, '?limit=1&offset=1'), headers: dono1 })).json(),
    );
    expect(pagina.count).toBe(4);
    expect(pagina.results.map((r) => r.idpedido)).toEqual([ids[2]]);
    for (const qs of ['?nota=6', '?nota=x', '?dias=0', '?limit=0', '?offset=-1']) {
      expect((await h.app.inject({ url: listaUrl(1, qs), headers: dono1 })).statusCode).toBe(400);
    }

    const alvo = todas.results[3]!;
    const res = await h.app.inject({
      method: 'PUT',
      url: respostaUrl(1, alvo.id),
      payload: { resposta: '  Sentimos muito, vamos melhorar.  ' },
      headers: dono1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: alvo.id,
      resposta: 'Sentimos muito, vamos melhorar.',
      respondido_em: hoje.toISOString(),
    });
    // Private: the customer's answer still has no reply.
    const doCliente = await h.app.inject({ url: avaliacaoUrl(alvo.idpedido), headers: maria.headers });
    expect(JSON.stringify(doCliente.json())).not.toContain('Sentimos');
    const vazia = await h.app.inject({
      method: 'PUT',
      url: respostaUrl(1, alvo.id),
      payload: { resposta: ' ' },
      headers: dono1,
    });
    expect(vazia.statusCode).toBe(400);
    expect(vazia.json()).toEqual({ resposta: [MSG_AVALIACAO.respostaVazia] });
    const longa = await h.app.inject({
      method: 'PUT',
      url: respostaUrl(1, alvo.id),
      payload: { resposta: 'x'.repeat(501) },
      headers: dono1,
    });
    expect(longa.json()).toEqual({ resposta: [MSG_AVALIACAO.respostaLonga] });
  });

  it("another establishment's staff: 404 on the list and the reply; an attendant 403; no token 401", async () => {
    const id = await pedidoAte(maria);
    await avaliar(id, { nota: 3 });
    const { id: idavaliacao } = await h.t.db.selectFrom('avaliacao').select('id').executeTakeFirstOrThrow();
    const lista = await h.app.inject({ url: listaUrl(1), headers: dono2 });
    expect(lista.statusCode).toBe(404);
    expect(lista.json()).toEqual({ detail: MSG_PAINEL.semAcesso });
    // Through its own establishment's path, establishment 1's rating is not found either.
    const resposta = await h.app.inject({
      method: 'PUT',
      url: respostaUrl(2, idavaliacao),
      payload: { resposta: 'Oi' },
      headers: dono2,
    });
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json()).toEqual({ detail: MSG_AVALIACAO.avaliacaoNaoEncontrada });
    const cruzada = await h.app.inject({
      method: 'PUT',
      url: respostaUrl(1, idavaliacao),
      payload: { resposta: 'Oi' },
      headers: dono2,
    });
    expect(cruzada.statusCode).toBe(404);
    expect((await h.app.inject({ url: listaUrl(2), headers: dono2 })).json()).toMatchObject({ count: 0 });
    expect((await h.app.inject({ url: listaUrl(1), headers: atendente1 })).statusCode).toBe(403);
    expect((await h.app.inject({ url: listaUrl(1) })).statusCode).toBe(401);
    expect(
      (await h.t.db.selectFrom('avaliacao').select('resposta').executeTakeFirstOrThrow()).resposta,
    ).toBeNull();
  });

  it("is in the customer's data export and goes with the account", async () => {
    const ana = await novoCliente(h.app, h.t.db, { nome: 'Ana' });
    const id = await pedidoAte(ana);
    await avaliar(id, { nota: 4, comentario: 'Bom' }, ana);
    const dados = await exportarMeusDados(h.t.db, ana.id);
    expect(dados?.avaliacoes).toEqual([
      expect.objectContaining({ idpedido: id, nota: 4, comentario: 'Bom' }),
    ]);
    const res = await h.app.inject({
      method: 'DELETE',
      url: `${API}/controle/cliente/${ana.id}/`,
      headers: ana.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(
      await h.t.db.selectFrom('avaliacao').selectAll().where('idcliente', '=', ana.id).execute(),
    ).toEqual([]);
  });
});
