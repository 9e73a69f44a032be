import { randomUUID } from 'node:crypto';
import { wallClock } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import { MSG_RELATORIO, dataMaxRelatorio, relatorioSchema } from '@rango/domain/painel/relatorio';
import type { Relatorio } from '@rango/domain/painel/relatorio';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { definirHorarios, montarPedido, novoCliente, pedidoUrl, produtosDoMenu } from '../orders/testing.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { incorporarPendentes } from './pendentes.ts';

const relUrl = (id: number | string, qs: string, csv = false) =>
  `${API}/painel/estabelecimento/${id}/relatorio${csv ? '.csv' : '/'}?${qs}`;

interface Opc {
  id: number;
  descricao: string;
  quantidade: number;
  preco_total: number;
}
interface Item {
  produto: number;
  descricao: string;
  quantidade: number;
  preco_total: number;
  opcoes?: Opc[];
}

/** An order row as placement writes it, with only what the report reads in its JSON. */
async function inserirPedido(
  db: Db,
  o: {
    idestabelecimento?: number;
    dthrpedido: string;
    tipo: 'DELIVERY' | 'TOGO';
    status: number;
    total: number;
    forma: string;
    itens: Item[];
  },
): Promise<number> {
  const json = {
    tipo: o.tipo,
    total: o.total,
    pagamentos: [{ descricaoFormaPgto: o.forma, formapgto_id: 1, valor: o.total }],
    itens: o.itens.map((i) => ({
      produto_id: i.produto,
      descricao: i.descricao,
      quantidade: i.quantidade,
      preco_total: i.preco_total,
      subitens: i.opcoes
        ? [
            {
              grupoopcao_id: 1,
              sub_subitens: i.opcoes.map((x) => ({
                opcao_id: x.id,
                descricao: x.descricao,
                quantidade: x.quantidade,
                preco_total: x.preco_total,
              })),
            },
          ]
        : [],
    })),
  };
  const row = await db
    .insertInto('pedido')
    .values({
      pedido_id: randomUUID(),
      idcliente: null,
      idestabelecimento: o.idestabelecimento ?? 1,
      referencia: '1234',
      tipo: o.tipo,
      status: o.status,
      subtotal: o.total,
      taxa_entrega: null,
      desconto: 0,
      total: o.total,
      codigo_cupom: null,
      entregue_as: null,
      pedido_json: JSON.stringify(json),
      dthrpedido: o.dthrpedido,
      atualizado_em: o.dthrpedido,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The orders queued for the reports' tables (migration 0016), in order. */
const fila = async (db: Db) =>
  (
    await sql<{ idpedido: number }>`select idpedido from relatorio_fila order by idpedido`.execute(db)
  ).rows.map((r) => Number(r.idpedido));

async function pagamento(db: Db, idpedido: number, estado: 'estornado' | 'estorno_pendente', valor: number) {
  const agora = new Date().toISOString();
  await db
    .insertInto('pagamento')
    .values({
      idpedido,
      pedido_id: randomUUID(),
      idcliente: null,
      chave: randomUUID(),
      gateway: 'sandbox',
      tipo: 'credito',
      valor,
      estado,
      payment_id: null,
      return_code: null,
      return_message: null,
      url: null,
      qrcode: null,
      imagem_qrcode: null,
      expira_em: null,
      cartao_token: null,
      cartao_bandeira: null,
      cartao_numero: null,
      cartao_titular: null,
      cartao_cnpjoucpf: null,
      criado_em: agora,
      atualizado_em: agora,
      consultado_em: null,
    })
    .execute();
}

const PIZZA = { produto: 302, descricao: 'Pizza Calabresa' };
const REFRI = { produto: 311, descricao: 'Refrigerante Lata' };
const CATUPIRY = { id: 9003, descricao: 'Catupiry' };
const QUEIJOS = { id: 9101, descricao: 'Quatro Queijos' };

describe.each(DIALECTS)('sales report on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  let atendente: { authorization: string };
  let outroDono: { authorization: string };

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await ta.app.ready();
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
    outroDono = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    const db = ta.t.db;
    // Sales of March 2026 (São Paulo days; UTC−3).
    await inserirPedido(db, {
      dthrpedido: '2026-03-10T15:00:00.000Z', // 12h in São Paulo
      tipo: 'DELIVERY',
      status: 100,
      total: 5000,
      forma: 'Dinheiro',
      itens: [
        {
          ...PIZZA,
          quantidade: 1,
          preco_total: 4490,
          opcoes: [
            { ...CATUPIRY, quantidade: 1, preco_total: 800 },
            { ...QUEIJOS, quantidade: 1, preco_total: 3690 },
          ],
        },
        { ...REFRI, quantidade: 2, preco_total: 1200 },
      ],
    });
    // 1 March 00:00 in São Paulo: the period's first instant.
    await inserirPedido(db, {
      dthrpedido: '2026-03-01T03:00:00.000Z',
      tipo: 'TOGO',
      status: 100,
      total: 3000,
      forma: 'PIX',
      // The same option's copy in another product's group (another id): one 'Catupiry' in the report.
      itens: [
        {
          ...REFRI,
          quantidade: 2,
          preco_total: 1200,
          opcoes: [{ id: 9004, descricao: 'Catupiry', quantidade: 1, preco_total: 100 }],
        },
      ],
    });
    // 31 March 23:59 in São Paulo (already 1 April in UTC).
    await inserirPedido(db, {
      dthrpedido: '2026-04-01T02:59:00.000Z',
      tipo: 'DELIVERY',
      status: 41,
      total: 7000,
      forma: 'Crédito',
      itens: [
        {
          ...PIZZA,
          quantidade: 2,
          preco_total: 8980,
          opcoes: [{ ...CATUPIRY, quantidade: 1, preco_total: 800 }],
        },
      ],
    });
    // Outside: 28 February 23:59:59.999 and 1 April 00:00 in São Paulo.
    for (const dthrpedido of ['2026-03-01T02:59:59.999Z', '2026-04-01T03:00:00.000Z']) {
      await inserirPedido(db, {
        dthrpedido,
        tipo: 'TOGO',
        status: 100,
        total: 100_000,
        forma: 'Dinheiro',
        itens: [{ ...REFRI, quantidade: 50, preco_total: 30_000 }],
      });
    }
    // Cancelled, refunded.
    const cancelado = await inserirPedido(db, {
      dthrpedido: '2026-03-15T20:00:00.000Z',
      tipo: 'DELIVERY',
      status: 50,
      total: 4000,
      forma: 'Crédito',
      itens: [{ ...PIZZA, quantidade: 1, preco_total: 4000 }],
    });
    await pagamento(db, cancelado, 'estornado', 4000);
    // Cancelled (synchronised), refund asked.
    const pendente = await inserirPedido(db, {
      dthrpedido: '2026-03-16T20:00:00.000Z',
      tipo: 'TOGO',
      status: 51,
      total: 2500,
      forma: 'PIX',
      itens: [{ ...REFRI, quantidade: 5, preco_total: 3000 }],
    });
    await pagamento(db, pendente, 'estorno_pendente', 2500);
    // Still awaiting its online payment: not a sale, not a cancellation.
    await inserirPedido(db, {
      dthrpedido: '2026-03-20T12:00:00.000Z',
      tipo: 'TOGO',
      status: 10,
      total: 9999,
      forma: 'PIX',
      itens: [{ ...REFRI, quantidade: 9, preco_total: 5400 }],
    });
    // Another establishment's sale.
    await inserirPedido(db, {
      idestabelecimento: 2,
      dthrpedido: '2026-03-10T15:00:00.000Z',
      tipo: 'TOGO',
      status: 100,
      total: 12_345,
      forma: 'Dinheiro',
      itens: [{ produto: 999, descricao: 'X-Burguer', quantidade: 1, preco_total: 12_345 }],
    });
  });
  afterAll(async () => ta?.close());

  const get = (url: string, headers: Record<string, string> = dono) => ta.app.inject({ url, headers });

  it("gives the period's exact figures (São Paulo days, sales only, cancellations and refunds apart)", async () => {
    const res = await get(relUrl(1, 'de=2026-03-01&ate=2026-03-31'));
    expect(res.statusCode).toBe(200);
    const r: Relatorio = relatorioSchema.parse(res.json());
    expect(r).toMatchObject({
      de: '2026-03-01',
      ate: '2026-03-31',
      pedidos: 3,
      receita: 15_000,
      ticketMedio: 5000,
    });
    expect(r.porFormaPagamento).toEqual([
      { forma: 'Crédito', pedidos: 1, receita: 7000 },
      { forma: 'Dinheiro', pedidos: 1, receita: 5000 },
      { forma: 'PIX', pedidos: 1, receita: 3000 },
    ]);
    expect(r.porTipo).toEqual([
      { tipo: 'DELIVERY', pedidos: 2, receita: 12_000 },
      { tipo: 'TOGO', pedidos: 1, receita: 3000 },
    ]);
    expect(r.cancelamentos).toEqual({ pedidos: 2, valor: 6500 });
    expect(r.estornos).toEqual({ pagamentos: 1, valor: 4000, pendentes: 1, valorPendente: 2500 });
    expect(r.produtos.porQuantidade).toEqual([
      { id: 311, descricao: 'Refrigerante Lata', quantidade: 4, receita: 2400 },
      { id: 302, descricao: 'Pizza Calabresa', quantidade: 3, receita: 13_470 },
    ]);
    expect(r.produtos.porReceita.map((p) => p.id)).toEqual([302, 311]);
    expect(r.opcoes.porQuantidade).toEqual([
      { id: 9003, descricao: 'Catupiry', quantidade: 5, receita: 2600 },
      { id: 9101, descricao: 'Quatro Queijos', quantidade: 1, receita: 3690 },
    ]);
    expect(r.opcoes.porReceita.map((o) => o.id)).toEqual([9101, 9003]);
    expect(r.porHora).toHaveLength(24);
    const horas = r.porHora.filter((h) => h.pedidos > 0);
    expect(horas).toEqual([
      { hora: 0, pedidos: 1, receita: 3000 },
      { hora: 12, pedidos: 1, receita: 5000 },
      { hora: 23, pedidos: 1, receita: 7000 },
    ]);
  });

  it('cuts days at midnight in São Paulo', async () => {
    const dia1 = relatorioSchema.parse((await get(relUrl(1, 'de=2026-03-01&ate=2026-03-01'))).json());
    expect([dia1.pedidos, dia1.receita]).toEqual([1, 3000]);
    const fev = relatorioSchema.parse((await get(relUrl(1, 'de=2026-02-28&ate=2026-02-28'))).json());
    expect([fev.pedidos, fev.receita]).toEqual([1, 100_000]);
    const ultimo = relatorioSchema.parse((await get(relUrl(1, 'de=2026-03-31&ate=2026-03-31'))).json());
    expect([ultimo.pedidos, ultimo.receita, ultimo.porHora[23]!.pedidos]).toEqual([1, 7000, 1]);
  });

  it('answers an empty period with zeros', async () => {
    const res = await get(relUrl(1, 'de=2025-01-01&ate=2025-01-31'));
    expect(res.statusCode).toBe(200);
    const r = relatorioSchema.parse(res.json());
    expect(r).toMatchObject({ pedidos: 0, receita: 0, ticketMedio: 0, porFormaPagamento: [] });
    expect(r.produtos.porQuantidade).toEqual([]);
    expect(r.porTipo.map((t) => t.pedidos)).toEqual([0, 0]);
  });

  it('refuses a bad period with the field and a Portuguese text (400)', async () => {
    const fora = MSG_RELATORIO.dataForaDoLimite(dataMaxRelatorio(wallClock(new Date()).data));
    const casos: [string, Record<string, string[]>][] = [
      // Issue 20: the day after 9999-12-31 ('+010000-01-01') sorted first, and the loop never ended.
      ['de=9999-12-31&ate=9999-12-31', { de: [fora], ate: [fora] }],
      ['de=2026-01-01&ate=9999-12-31', { ate: [fora] }],
      ['de=1999-12-31&ate=2000-01-01', { de: [fora] }],
      ['de=0000-01-01&ate=0000-01-01', { de: [fora], ate: [fora] }],
      ['de=10000-01-01&ate=10000-01-01', { de: [MSG_RELATORIO.dataInicial], ate: [MSG_RELATORIO.dataFinal] }],
      ['de=2023-02-29&ate=2023-03-01', { de: [MSG_RELATORIO.dataInicial] }],
      ['', { de: [MSG_RELATORIO.dataInicial], ate: [MSG_RELATORIO.dataFinal] }],
      ['de=2026-02-30&ate=2026-03-01', { de: [MSG_RELATORIO.dataInicial] }],
      ['de=2026-03-01&ate=01/03/2026', { ate: [MSG_RELATORIO.dataFinal] }],
      ['de=2026-03-01&de=2026-03-02&ate=2026-03-05', { de: [MSG_RELATORIO.dataInicial] }],
      ['de=2026-03-10&ate=2026-03-09', { ate: [MSG_RELATORIO.periodoInvertido] }],
      ['de=2025-01-01&ate=2026-01-02', { ate: [MSG_RELATORIO.periodoLongo] }],
    ];
    for (const [qs, erros] of casos) {
      for (const csv of [false, true]) {
        const res = await get(relUrl(1, qs, csv));
        expect(res.statusCode, qs).toBe(400);
        expect(res.json(), qs).toEqual(erros);
      }
    }
    // 366 days (a leap year) is the longest period; the end of next year, the last day.
    expect((await get(relUrl(1, 'de=2024-01-01&ate=2024-12-31'))).statusCode).toBe(200);
    const ultimoDia = dataMaxRelatorio(wallClock(new Date()).data);
    expect((await get(relUrl(1, `de=${ultimoDia}&ate=${ultimoDia}`, true))).statusCode).toBe(200);
  });

  it("is the owner's: 401 without a token, 403 for an attendant, 404 at another establishment", async () => {
    const qs = 'de=2026-03-01&ate=2026-03-31';
    for (const csv of [false, true]) {
      expect((await get(relUrl(1, qs, csv), {})).statusCode).toBe(401);
      const a = await get(relUrl(1, qs, csv), atendente);
      expect(a.statusCode).toBe(403);
      expect(a.json()).toEqual({ detail: MSG_PAINEL.semPermissao });
      for (const id of [2, 999, 'abc']) {
        const r = await get(relUrl(id, qs, csv));
        expect(r.statusCode, String(id)).toBe(404);
        expect(r.json()).toEqual({ detail: MSG_PAINEL.semAcesso });
      }
      expect((await get(relUrl(1, qs, csv), outroDono)).statusCode).toBe(404);
    }
    // The other owner sees only their own sale.
    const deles = relatorioSchema.parse((await get(relUrl(2, qs), outroDono)).json());
    expect([deles.pedidos, deles.receita, deles.produtos.porQuantidade[0]?.descricao]).toEqual([
      1,
      12_345,
      'X-Burguer',
    ]);
  });

  it('exports CSV for Excel pt-BR: UTF-8 BOM, ";", decimal comma, CRLF', async () => {
    const res = await get(relUrl(1, 'de=2026-03-01&ate=2026-03-31', true));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="relatorio-2026-03-01-a-2026-03-31.csv"',
    );
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFRelatório de vendas;Pizzaria Teste\r\n')).toBe(true);
    const linhas = body.slice(1).split('\r\n');
    for (const l of [
      'Período;01/03/2026;31/03/2026',
      'Pedidos;3',
      'Receita (R$);150,00',
      'Ticket médio (R$);50,00',
      'Cancelamentos (pedidos);2',
      'Cancelamentos (R$);65,00',
      'Estornos (R$);40,00',
      'Estornos pendentes (R$);25,00',
      'Forma de pagamento;Pedidos;Receita (R$)',
      'Crédito;1;70,00',
      'Entrega;2;120,00',
      'Retirada;1;30,00',
      '00h;1;30,00',
      '23h;1;70,00',
      'Refrigerante Lata;4;24,00',
      'Pizza Calabresa;3;134,70',
      'Catupiry;5;26,00',
    ]) {
      expect(linhas, l).toContain(l);
    }
  });

  it('counts an order placed through the API (its items folded in before the read)', async () => {
    await definirHorarios(ta.t.db, 1);
    const maria = await novoCliente(ta.app, ta.t.db);
    const produtos = await produtosDoMenu(ta.app, 1);
    const pedido = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] });
    const res = await ta.app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      headers: maria.headers,
      payload: pedido,
    });
    expect(res.statusCode, res.body).toBe(201);
    const hoje = wallClock(new Date()).data;
    const r = relatorioSchema.parse((await get(relUrl(1, `de=${hoje}&ate=${hoje}`))).json());
    expect(r.pedidos).toBe(1);
    expect(r.receita).toBe(pedido.total);
    expect(r.porFormaPagamento).toEqual([{ forma: 'Dinheiro', pedidos: 1, receita: pedido.total }]);
    expect(r.produtos.porQuantidade).toEqual([
      { id: 311, descricao: 'Refrigerante Lata', quantidade: 5, receita: pedido.itens[0]!.preco_total },
    ]);
  });

  it('keeps past days computed and drops a day when an order or a payment of it changes', async () => {
    const db = ta.t.db;
    const url = relUrl(2, 'de=2026-03-01&ate=2026-03-31');
    const ler = async () => relatorioSchema.parse((await get(url, outroDono)).json());
    expect((await ler()).receita).toBe(12_345);
    const guardados = () =>
      db
        .selectFrom('relatorio_dia')
        .select('dia')
        .where('idestabelecimento', '=', 2)
        .orderBy('dia')
        .execute();
    expect(await guardados()).toHaveLength(31);
    // A new order on a kept day (10 March, 23:30 in São Paulo).
    const novo = await inserirPedido(db, {
      idestabelecimento: 2,
      dthrpedido: '2026-03-11T02:30:00.000Z',
      tipo: 'DELIVERY',
      status: 100,
      total: 1000,
      forma: 'PIX',
      itens: [{ produto: 998, descricao: 'Suco', quantidade: 1, preco_total: 1000 }],
    });
    // Queued by its insert (migration 0016; unless the app's job already folded it): the next
    // report folds it in and computes that day again.
    expect([[novo], []]).toContainEqual(await fila(db));
    let r = await ler();
    expect([r.pedidos, r.receita, r.porHora[23]!.pedidos]).toEqual([2, 13_345, 1]);
    expect(r.porFormaPagamento.map((f) => f.forma)).toContain('PIX');
    expect(r.produtos.porQuantidade.map((p) => p.descricao)).toContain('Suco');
    expect(await fila(db)).toEqual([]);
    // Cancelled, then refunded.
    await db.updateTable('pedido').set({ status: 50 }).where('id', '=', novo).execute();
    r = await ler();
    expect([r.pedidos, r.receita, r.cancelamentos.pedidos, r.cancelamentos.valor]).toEqual([
      1, 12_345, 1, 1000,
    ]);
    await pagamento(db, novo, 'estorno_pendente', 1000);
    r = await ler();
    expect([r.estornos.pendentes, r.estornos.valorPendente]).toEqual([1, 1000]);
    await db.updateTable('pagamento').set({ estado: 'estornado' }).where('idpedido', '=', novo).execute();
    r = await ler();
    expect(r.estornos).toEqual({ pagamentos: 1, valor: 1000, pendentes: 0, valorPendente: 0 });
    // Gone (a refused order's removal): its items go with it.
    await db.deleteFrom('pagamento').where('idpedido', '=', novo).execute();
    await db.deleteFrom('pedido').where('id', '=', novo).execute();
    r = await ler();
    expect([r.pedidos, r.receita, r.cancelamentos.pedidos, r.estornos.pagamentos]).toEqual([1, 12_345, 0, 0]);
    expect(r.produtos.porQuantidade.map((p) => p.descricao)).toEqual(['X-Burguer']);
    expect(await guardados()).toHaveLength(31);
  });

  it('folds queued orders into the report tables after commit, in batches, once', async () => {
    const db = ta.t.db;
    await incorporarPendentes(db);
    // An insert queues the order and writes nothing else (seen inside its transaction: no fold,
    // the app's job included, sees it before the commit).
    await db.transaction().execute(async (trx) => {
      const id = await inserirPedido(trx, {
        idestabelecimento: 2,
        dthrpedido: '2026-04-02T09:00:00.000Z',
        tipo: 'TOGO',
        status: 51,
        total: 1,
        forma: 'PIX',
        itens: [{ produto: 997, descricao: 'Pastel', quantidade: 1, preco_total: 1 }],
      });
      expect(await fila(trx)).toEqual([id]);
      expect(await trx.selectFrom('pedido_item').select('id').where('idpedido', '=', id).execute()).toEqual(
        [],
      );
      const { formapgto } = await trx
        .selectFrom('pedido')
        .select('formapgto')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // PostgreSQL names the method on insert (0011's BEFORE trigger), SQLite when folding.
      expect(formapgto).toBe(dialect === 'postgres' ? 'PIX' : null);
    });
    await incorporarPendentes(db);
    const ids: number[] = [];
    // More than one SQLite batch (100), with options; the first with an empty payment name.
    for (let k = 0; k < 130; k++) {
      ids.push(
        await inserirPedido(db, {
          idestabelecimento: 2,
          dthrpedido: `2026-04-02T1${k % 10}:00:00.000Z`,
          tipo: 'TOGO',
          status: 100,
          total: 700,
          forma: k === 0 ? '' : 'Débito',
          itens: [
            {
              produto: 997,
              descricao: 'Pastel',
              quantidade: 2,
              preco_total: 600,
              opcoes: [{ id: 4001, descricao: 'Catupiry', quantidade: 1, preco_total: 50 }],
            },
          ],
        }),
      );
    }
    const itens = () =>
      db
        .selectFrom('pedido_item')
        .select(['idpedido', 'quantidade', 'valor'])
        .where('idpedido', 'in', ids)
        .execute();
    for (const id of await fila(db)) expect(ids).toContain(id);
    // The app's own job may fold some meanwhile (every 2 s): each order is folded once either way.
    const [a, b] = await Promise.all([incorporarPendentes(db), incorporarPendentes(db)]);
    expect(a + b).toBeLessThanOrEqual(130);
    expect(await incorporarPendentes(db)).toBe(0);
    expect(await fila(db)).toEqual([]);
    expect(await itens()).toHaveLength(130);
    const opcoes = await db
      .selectFrom('pedido_item_opcao')
      .select(['idopcao', 'quantidade', 'valor'])
      .where('idpedido', '=', ids[1]!)
      .execute();
    expect(opcoes).toEqual([{ idopcao: 4001, quantidade: 2, valor: 100 }]);
    const formas = await db
      .selectFrom('pedido')
      .select('formapgto')
      .where('id', 'in', [ids[0]!, ids[1]!])
      .orderBy('id')
      .execute();
    expect(formas.map((f) => f.formapgto)).toEqual(['', 'Débito']);
    const r = relatorioSchema.parse((await get(relUrl(2, 'de=2026-04-02&ate=2026-04-02'), outroDono)).json());
    expect([
      r.pedidos,
      r.receita,
      r.produtos.porQuantidade[0]?.quantidade,
      r.opcoes.porQuantidade[0]?.quantidade,
    ]).toEqual([130, 91_000, 260, 260]);
  });

  it('folds JSON the placement never writes (a number as text, no subitens) as SQLite converts it', async () => {
    const db = ta.t.db;
    await incorporarPendentes(db);
    // In one transaction: the app's job folds both after the commit, as the test does, never before.
    const [normal, estranho] = await db.transaction().execute(async (trx) => {
      const normal = await inserirPedido(trx, {
        idestabelecimento: 2,
        dthrpedido: '2026-04-03T10:00:00.000Z',
        tipo: 'TOGO',
        status: 100,
        total: 600,
        forma: 'PIX',
        itens: [{ produto: 997, descricao: 'Pastel', quantidade: 2, preco_total: 600 }],
      });
      const estranho = await inserirPedido(trx, {
        idestabelecimento: 2,
        dthrpedido: '2026-04-03T11:00:00.000Z',
        tipo: 'TOGO',
        status: 100,
        total: 1000,
        forma: 'PIX',
        itens: [],
      });
      await trx
        .updateTable('pedido')
        .set({
          pedido_json: JSON.stringify({
            pagamentos: [{ descricaoFormaPgto: 'PIX' }],
            itens: [
              { produto_id: 998, descricao: 'Coxinha', quantidade: '3', preco_total: 900 },
              {
                produto_id: 999,
                descricao: 'Suco',
                quantidade: 2,
                preco_total: 100,
                subitens: [
                  { sub_subitens: [{ opcao_id: 4002, descricao: 'Gelo', quantidade: 1, preco_total: 2 }] },
                ],
              },
            ],
          }),
        })
        .where('id', '=', estranho)
        .execute();
      return [normal, estranho];
    });
    await incorporarPendentes(db);
    const itens = await db
      .selectFrom('pedido_item')
      .select(['idpedido', 'idproduto', 'descricao', 'quantidade', 'valor'])
      .where('idpedido', 'in', [normal, estranho])
      .orderBy('id')
      .execute();
    expect(itens).toEqual([
      { idpedido: normal, idproduto: 997, descricao: 'Pastel', quantidade: 2, valor: 600 },
      { idpedido: estranho, idproduto: 998, descricao: 'Coxinha', quantidade: 3, valor: 900 },
      { idpedido: estranho, idproduto: 999, descricao: 'Suco', quantidade: 2, valor: 100 },
    ]);
    const opcoes = await db
      .selectFrom('pedido_item_opcao')
      .select(['idpedido', 'idopcao', 'descricao', 'quantidade', 'valor'])
      .where('idpedido', 'in', [normal, estranho])
      .execute();
    expect(opcoes).toEqual([
      { idpedido: estranho, idopcao: 4002, descricao: 'Gelo', quantidade: 2, valor: 4 },
    ]);
  });

  it("queues an order that takes a deleted queued order's id (SQLite reuses the last rowid)", async () => {
    const db = ta.t.db;
    await incorporarPendentes(db);
    const pedido = (total: number) => ({
      idestabelecimento: 2,
      dthrpedido: '2026-05-02T15:00:00.000Z',
      tipo: 'TOGO' as const,
      status: 100,
      total,
      forma: 'PIX',
      itens: [{ produto: 996, descricao: 'Coxinha', quantidade: 1, preco_total: total }],
    });
    // Placed and removed before any fold (an online order whose payment was refused), in one go.
    const [velho, novo] = await db.transaction().execute(async (trx) => {
      const v = await inserirPedido(trx, pedido(111));
      await trx.deleteFrom('pedido').where('id', '=', v).execute();
      return [v, await inserirPedido(trx, pedido(222))];
    });
    if (dialect === 'sqlite') expect(novo).toBe(velho);
    const r = relatorioSchema.parse((await get(relUrl(2, 'de=2026-05-02&ate=2026-05-02'), outroDono)).json());
    expect([r.pedidos, r.receita, r.produtos.porQuantidade]).toEqual([
      1,
      222,
      [{ id: 996, descricao: 'Coxinha', quantidade: 1, receita: 222 }],
    ]);
  });
});
