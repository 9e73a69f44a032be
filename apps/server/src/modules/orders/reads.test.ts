import {
  MSG,
  STATUS,
  pedidoFetchedSchema,
  pedidoGravadoSchema,
  pedidoStatusSchema,
  pedidosPaginaSchema,
  pedidosPendentesSchema,
} from '@rango/domain';
import type { Produto } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { criarCupom } from '../coupons/service.ts';
import {
  API,
  contagens,
  definirHorarios,
  entregarNaArea41,
  montarPedido,
  novoCliente,
  novoEndereco,
  pedidoUrl,
  produtosDoMenu,
} from './testing.ts';
import type { ClienteTeste, PedidoOpcoes } from './testing.ts';

const LISTA = `${API}/controle/pedido/`;
const NAO_ENCONTRADO = { detail: MSG.rotaNaoEncontrada };
const XSS = '<script>alert("x")</script>';

describe.each(DIALECTS)('order reads on %s', (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  let joao: ClienteTeste;
  let casaMaria: number;

  const get = (url: string, cliente: ClienteTeste | null = maria) =>
    h.app.inject({ url, headers: cliente ? cliente.headers : {} });

  async function fazerPedido(o: Partial<PedidoOpcoes> = {}, cliente = maria): Promise<number> {
    const payload = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }], ...o });
    const res = await h.app.inject({ method: 'POST', url: pedidoUrl(1), payload, headers: cliente.headers });
    if (res.statusCode !== 201) throw new Error(`pedido ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  }

  /** Moves an order as the restaurant would (status column and history), at given instants. */
  async function mover(id: number, passos: { status: number; datahora: string; motivo?: string }[]) {
    for (const p of passos) {
      await h.t.db
        .insertInto('pedido_historico')
        .values({ idpedido: id, status: p.status, datahora: p.datahora, motivo: p.motivo ?? null })
        .execute();
    }
    await h.t.db
      .updateTable('pedido')
      .set({ status: passos.at(-1)!.status })
      .where('id', '=', id)
      .execute();
  }
  const iso = (minutos: number) => new Date(Date.UTC(2030, 0, 1, 12, minutos)).toISOString();

  let pendentes: number[] = [];
  let finalizados: number[] = [];
  let doJoao: number;

  beforeAll(async () => {
    h = await openTestApp(dialect, { rateLimit: false });
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    await entregarNaArea41(h.t.db);
    produtos = await produtosDoMenu(h.app, 1);
    maria = await novoCliente(h.app, h.t.db);
    joao = await novoCliente(h.app, h.t.db, { nome: 'João' });
    casaMaria = await novoEndereco(h.t.db, maria.id);
    // 13 finished (11 concluded, 2 cancelled) interleaved with 3 pending, in placing order.
    for (let i = 0; i < 16; i++) {
      const id = await fazerPedido();
      if (i % 5 === 2) pendentes.push(id);
      else finalizados.push(id);
    }
    for (const [n, id] of finalizados.entries()) {
      await mover(
        id,
        n % 6 === 1
          ? [{ status: STATUS.Cancelado, datahora: iso(n + 1), motivo: 'Sem entregador' }]
          : [
              { status: STATUS.Confirmado, datahora: iso(n + 1) },
              { status: STATUS.Concluido, datahora: iso(n + 2) },
            ],
      );
    }
    await mover(pendentes[0]!, [{ status: STATUS.Confirmado, datahora: new Date().toISOString() }]);
    doJoao = await fazerPedido({}, joao);
    pendentes = pendentes.reverse();
    finalizados = finalizados.reverse();
  });
  afterAll(async () => {
    await h.close();
  });

  describe('GET /controle/pedido/?pendentes=true', () => {
    it('the customer’s not-finished orders, newest first, each with its history', async () => {
      const res = await get(`${LISTA}?pendentes=true`);
      expect(res.statusCode).toBe(200);
      const lista = pedidosPendentesSchema.parse(res.json());
      expect(lista.map((p) => p.id)).toEqual(pendentes);
      const confirmado = lista.find((p) => p.historico.length === 2)!;
      expect(confirmado.historico.map((x) => x.status)).toEqual([STATUS.Realizado, STATUS.Confirmado]);
      for (const p of lista) {
        expect(p.estabelecimento.apelidooufantasia).toBe('Pizzaria Teste');
        expect(pedidoGravadoSchema.parse(JSON.parse(p.pedido)).total).toBe(3000);
      }
      const dele = pedidosPendentesSchema.parse((await get(`${LISTA}?pendentes=true`, joao)).json());
      expect(dele.map((p) => p.id)).toEqual([doJoao]);
    });

    it('401 without a token', async () => {
      expect((await get(`${LISTA}?pendentes=true`, null)).statusCode).toBe(401);
    });
  });

  describe('GET /controle/pedido/?pendentes=false&limit&offset', () => {
    it('pages of finished orders, newest first, with count and the next/previous links', async () => {
      const p1 = pedidosPaginaSchema.parse((await get(`${LISTA}?pendentes=false`)).json());
      expect(p1.count).toBe(13);
      expect(p1.results.map((p) => p.id)).toEqual(finalizados.slice(0, 10));
      expect(p1.previous).toBeNull();
      expect(p1.next).toBe(`${LISTA}?pendentes=false&limit=10&offset=10`);
      const p2 = pedidosPaginaSchema.parse((await get(p1.next!)).json());
      expect(p2.results.map((p) => p.id)).toEqual(finalizados.slice(10));
      expect(p2.next).toBeNull();
      expect(p2.previous).toBe(`${LISTA}?pendentes=false&limit=10&offset=0`);

      const meio = pedidosPaginaSchema.parse((await get(`${LISTA}?pendentes=false&limit=3&offset=4`)).json());
      expect(meio.results.map((p) => p.id)).toEqual(finalizados.slice(4, 7));
      expect(meio.next).toBe(`${LISTA}?pendentes=false&limit=3&offset=7`);
      expect(meio.previous).toBe(`${LISTA}?pendentes=false&limit=3&offset=1`);
      const alem = pedidosPaginaSchema.parse((await get(`${LISTA}?pendentes=false&offset=500`)).json());
      expect(alem).toEqual({
        count: 13,
        next: null,
        previous: `${LISTA}?pendentes=false&limit=10&offset=490`,
        results: [],
      });
      const max = pedidosPaginaSchema.parse((await get(`${LISTA}?pendentes=false&limit=50`)).json());
      expect(max.results).toHaveLength(13);

      const cancelado = p1.results.find((p) => p.historico.some((x) => x.status === STATUS.Cancelado))!;
      expect(cancelado.historico.at(-1)).toEqual({
        status: STATUS.Cancelado,
        datahora: expect.any(String),
        motivo: 'Sem entregador',
      });
      const joaoPagina = pedidosPaginaSchema.parse((await get(`${LISTA}?pendentes=false`, joao)).json());
      expect(joaoPagina).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it.each([
      ['pendentes missing', '', 'pendentes'],
      ['pendentes=sim', '?pendentes=sim', 'pendentes'],
      ['limit=0', '?pendentes=false&limit=0', 'limit'],
      ['limit=51', '?pendentes=false&limit=51', 'limit'],
      ['limit=abc', '?pendentes=false&limit=abc', 'limit'],
      ['limit=-1', '?pendentes=false&limit=-1', 'limit'],
      ['limit=2.5', '?pendentes=false&limit=2.5', 'limit'],
      ['offset=-1', '?pendentes=false&offset=-1', 'offset'],
      ['offset=1e3', '?pendentes=false&offset=1e3', 'offset'],
      ['offset huge', '?pendentes=false&offset=99999999999', 'offset'],
      ['a repeated limit', '?pendentes=false&limit=1&limit=2', 'limit'],
    ])('400 for %s', async (_nome, query, campo) => {
      const res = await get(`${LISTA}${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [campo]: [MSG.requisicaoMalFormada] });
    });
  });

  describe('GET /controle/pedido/{id}/', () => {
    it('the order with its pedido text and its history ordered by datahora, then insertion', async () => {
      const id = await fazerPedido();
      const realizado = (
        await h.t.db
          .selectFrom('pedido_historico')
          .select('datahora')
          .where('idpedido', '=', id)
          .executeTakeFirstOrThrow()
      ).datahora;
      const depois = new Date(Date.parse(realizado) + 60_000).toISOString();
      const antes = new Date(Date.parse(realizado) + 30_000).toISOString();
      // Inserted out of order; two entries share an instant (insertion order breaks the tie).
      await mover(id, [
        { status: STATUS.Pronto, datahora: depois },
        { status: STATUS.Confirmado, datahora: antes },
        { status: STATUS.Entregue, datahora: depois },
      ]);
      const res = await get(`${LISTA}${id}/`);
      expect(res.statusCode).toBe(200);
      const f = pedidoFetchedSchema.parse(res.json());
      expect(f.historico).toEqual([
        { status: STATUS.Realizado, datahora: realizado, motivo: null },
        { status: STATUS.Confirmado, datahora: antes, motivo: null },
        { status: STATUS.Pronto, datahora: depois, motivo: null },
        { status: STATUS.Entregue, datahora: depois, motivo: null },
      ]);
      expect(f.estabelecimento).toEqual({
        id: 101,
        apelidooufantasia: 'Pizzaria Teste',
        logo: '/api/ead/media/logos/pizzaria.svg',
        endereco: {
          rua: 'Rua das Flores',
          numero: '100',
          bairro: 'Centro',
          complemento: null,
          cidade: { descricao: 'São Paulo', uf: { descricao: 'São Paulo' } },
        },
        fone_set: [{ numero: '(11) 3333-4444' }, { numero: '(11) 98888-7777' }],
      });
      const status = await get(`${API}/api/estabelecimento/1/status/${id}/`);
      expect(status.statusCode).toBe(200);
      expect(pedidoStatusSchema.parse(status.json())).toEqual({
        id,
        status: STATUS.Entregue,
        historico: f.historico,
      });
    });

    it('only the owner reads an order, its status and its receipt: everything else is 404', async () => {
      const id = pendentes[0]!;
      for (const url of [
        `${LISTA}${id}/`,
        `${LISTA}${id}/cupom/`,
        `${API}/api/estabelecimento/1/status/${id}/`,
      ]) {
        const res = await get(url, joao);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 404,
          body: NAO_ENCONTRADO,
        });
        expect((await get(url, null)).statusCode).toBe(401);
        expect((await get(url)).statusCode).toBe(200);
      }
      for (const url of [
        `${LISTA}999999/`,
        `${LISTA}abc/`,
        `${LISTA}0/`,
        `${LISTA}99999999999/cupom/`,
        `${API}/api/estabelecimento/2/status/${id}/`,
        `${API}/api/estabelecimento/999/status/${id}/`,
        `${API}/api/estabelecimento/1/status/${doJoao}/`,
        `${API}/api/estabelecimento/x/status/${id}/`,
      ]) {
        const res = await get(url);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      }
    });
  });

  describe('GET /controle/pedido/{id}/cupom/ (receipt)', () => {
    it('an escaped, script-free, 80 mm HTML receipt with every figure of a delivery order', async () => {
      await criarCupom(h.t.db, { idestabelecimento: 1, codigo: 'DEZ', ehpercentual: false, desconto: 1000 });
      const endereco = await novoEndereco(h.t.db, maria.id, {
        rua: `Rua ${XSS}`,
        detalhe: 'Casa & "fundos"',
      });
      const payload = montarPedido(produtos, {
        tipo: 'DELIVERY',
        endereco,
        taxaCents: 490,
        abonoCents: 6000,
        itens: [
          { produto: 302, quantidade: 2, escolhas: { 501: { 9102: 1 }, 502: { 9003: 1 } }, observacoes: XSS },
          { produto: 310, quantidade: 1 },
        ],
        cupom: { codigo: 'DEZ', ehpercentual: false, desconto: 10, limitedesconto: 0 },
        troco_para: 20_000,
        observacoes: `Tocar a campainha ${XSS}`,
      });
      payload.cliente.nome = `Maria <img src=x onerror=alert(1)>`;
      const res = await h.app.inject({ method: 'POST', url: pedidoUrl(1), payload, headers: maria.headers });
      expect(res.statusCode, res.body).toBe(201);
      const { id, referencia } = res.json<{ id: number; referencia: string }>();
      await h.t.db
        .updateTable('pedido')
        .set({ dthrpedido: '2030-03-10T23:30:00.000Z' })
        .where('id', '=', id)
        .execute();

      const recibo = await get(`${LISTA}${id}/cupom/`);
      expect(recibo.statusCode).toBe(200);
      expect(recibo.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(recibo.headers['cache-control']).toBe('private, no-store');
      const html = recibo.body;
      expect(html.match(/<style>/g)).toHaveLength(1);
      expect(html).toMatch(/@page\s*{\s*size:\s*80mm/);
      expect(html).toContain('@media print');
      expect(html).not.toMatch(/<script|<img/i);
      // No raw tag carries an event handler.
      expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(html).toContain('Maria &lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('Casa &amp; &quot;fundos&quot;');
      for (const texto of [
        'Pizzaria Teste',
        'Rua das Flores, 100',
        'Centro - São Paulo/SP',
        '(11) 3333-4444 / (11) 98888-7777',
        `Pedido #${referencia}`,
        '10/03/2030 20:30',
        '2x Pizza Calabresa',
        'R$ 165,60',
        '1x Calabresa',
        '1x Catupiry',
        'R$ 8,00 cada',
        '1x Água',
        'R$ 3,50',
        'Subtotal',
        'R$ 169,10',
        'Taxa de entrega',
        'Grátis',
        'Cupom DEZ',
        '-R$ 10,00',
        'R$ 159,10',
        'Dinheiro',
        'Troco para',
        'R$ 200,00',
        'R$ 40,90',
        'Quero encontrar o entregador.',
        'Sé - São Paulo/SP',
        '(11) 98765-4321',
      ]) {
        expect(html, texto).toContain(texto);
      }
    });

    it('a scheduled pickup: the scheduled time and ‘Retirar no estabelecimento’, a charged fee otherwise', async () => {
      const id = await fazerPedido({ formapgto: { id: 32, sttipopgto: 60, descricao: 'Crédito' } });
      const quando = '2030-03-11T15:00:00.000Z';
      const gravado = pedidoGravadoSchema.parse(
        JSON.parse(
          (
            await h.t.db
              .selectFrom('pedido')
              .select('pedido_json')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).pedido_json,
        ),
      );
      await h.t.db
        .updateTable('pedido')
        .set({ pedido_json: JSON.stringify({ ...gravado, entregue_as: quando }) })
        .where('id', '=', id)
        .execute();
      const html = (await get(`${LISTA}${id}/cupom/`)).body;
      expect(html).toContain('Agendado para');
      expect(html).toContain('11/03/2030 12:00');
      expect(html).toContain('Retirar no estabelecimento');
      expect(html).toContain('Crédito');
      expect(html).not.toContain('Taxa de entrega');
      expect(html).not.toContain('Troco');

      const entrega = await fazerPedido({
        tipo: 'DELIVERY',
        endereco: casaMaria,
        taxaCents: 490,
        abonoCents: 6000,
      });
      const h2 = (await get(`${LISTA}${entrega}/cupom/`)).body;
      expect(h2).toMatch(/Taxa de entrega<\/span><span>R\$ 4,90/);
      expect(await contagens(h.t.db)).toMatchObject({ cupomUso: 1 });
    });
  });
});
