import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { STATUS } from '@rango/domain';
import type { PedidoGravado } from '@rango/domain';
import {
  MSG_WEBHOOK as M,
  entregasSchema,
  webhookComSegredoSchema,
  webhooksSchema,
} from '@rango/domain/painel/webhooks';
import type { Entrega, WebhookComSegredo } from '@rango/domain/painel/webhooks';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { registrarEvento } from '../events/record.ts';
import { inserirPedido } from '../operator/testing.ts';
import { definirHorarios, montarPedido, novoCliente, pedidoUrl, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { moverPedido } from '../orders/status.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { KeyRing } from '../secrets/keys.ts';
import { createHttpPost } from './http-post.ts';
import { PARALELO, tiposDoEvento } from './regras.ts';
import { createWebhooks } from './service.ts';
import { receptor } from './testing.ts';
import type { PedidoDoWebhook } from './pedido.ts';
import type { Recebido } from './testing.ts';

const est = (id: number | string) => `${API}/painel/estabelecimento/${id}`;
const MIN = 60_000;
const DIA = 24 * 60 * MIN;

/**
 * What a receiver does with the documented header (written here from the page's "Como verificar",
 * not with the server's code): `Rango-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, "t.body")>`,
 * with one more v1 (the old secret's) for 24 h after a rotation: any v1 may match.
 */
function receptorAceita(segredo: string, r: Pick<Recebido, 'headers' | 'corpo'>, agoraS: number): boolean {
  const partes = String(r.headers['rango-signature'] ?? '')
    .split(',')
    .map((p) => p.split('=', 2) as [string, string]);
  const ts = partes.filter(([k]) => k === 't');
  const t = Number(ts[0]?.[1]);
  if (ts.length !== 1 || !Number.isInteger(t) || Math.abs(agoraS - t) > 300) return false;
  const esperado = createHmac('sha256', segredo).update(`${t}.${r.corpo}`).digest();
  return partes.some(([k, v]) => {
    const dado = Buffer.from(k === 'v1' ? v : '', 'hex');
    return dado.length === esperado.length && timingSafeEqual(dado, esperado);
  });
}
const entradasV1 = (r: Pick<Recebido, 'headers'>) =>
  String(r.headers['rango-signature'] ?? '')
    .split(',')
    .filter((p) => p.startsWith('v1=')).length;

describe.each(DIALECTS)('outgoing webhooks on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  let atendente: { authorization: string };
  let donoOutro: { authorization: string };
  let maria: ClienteTeste;
  let rx: Awaited<ReturnType<typeof receptor>>;
  let agora = Date.now();

  beforeAll(async () => {
    rx = await receptor();
    ta = await openTestApp(
      dialect,
      { rateLimit: false },
      { webhooks: { agora: () => new Date(agora), timeoutMs: 400, semTarefa: true } },
    );
    await ta.app.ready();
    await definirHorarios(ta.t.db, 1);
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
    donoOutro = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    maria = await novoCliente(ta.app, ta.t.db);
    await ta.t.db.updateTable('estabelecimento').set({ pedidominimo: 1000 }).where('id', '=', 1).execute();
  });
  afterAll(async () => {
    await ta?.close();
    await rx?.fechar();
  });
  beforeEach(async () => {
    agora = Date.now();
    rx.modo = 200;
    rx.atrasoMs = 0;
    rx.recebidos.length = 0;
    // Each test starts with no endpoint and no delivery of an earlier one.
    for (const w of await ta.t.db.selectFrom('webhook').select(['id', 'idestabelecimento']).execute())
      await ta.app.webhooks.excluir({ idestabelecimento: w.idestabelecimento, idfuncionario: null }, w.id);
    // (SQLite gives a deleted endpoint's id to the next one: its audit rows start over too.)
    await ta.t.db.deleteFrom('auditoria').where('entidade', '=', 'webhook').execute();
  });

  const call = (opts: InjectOptions, headers = dono) => ta.app.inject({ ...opts, headers });
  /** The back office's audit rows of one endpoint ('Histórico'). */
  const auditoria = (id: number) =>
    ta.t.db
      .selectFrom('auditoria')
      .select(['acao', 'idfuncionario', 'dados'])
      .where('entidade', '=', 'webhook')
      .where('identidade', '=', id)
      .orderBy('id')
      .execute();

  /** The job's run until nothing is held back by a transaction elsewhere (PostgreSQL). */
  async function rodar(app: FastifyInstance = ta.app): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (!(await app.webhooks.processar()).retido) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function criar(eventos: string[] = ['pedido.criado', 'pedido.status'], url = rx.url) {
    const res = await call({ method: 'POST', url: `${est(1)}/webhooks/`, payload: { url, eventos } });
    expect(res.statusCode, res.body).toBe(201);
    return webhookComSegredoSchema.parse(res.json());
  }

  async function pedir(): Promise<number> {
    const pedido = montarPedido(await produtosDoMenu(ta.app, 1), {
      itens: [{ produto: 310, quantidade: 3 }],
    });
    const res = await ta.app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      payload: pedido,
      headers: maria.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await ta.t.db
      .selectFrom('pedido')
      .select('id')
      .where('idestabelecimento', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function entregas(w: WebhookComSegredo, query = ''): Promise<Entrega[]> {
    const res = await call({ url: `${est(1)}/webhooks/${w.webhook.id}/entregas/${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return entregasSchema.parse(res.json()).entregas;
  }

  it('an order placed reaches the endpoint once, signed; a receiver verifies it and refuses a tampered body', async () => {
    const w = await criar();
    expect(w.segredo).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Shown once: the list says only that it is configured, and its last 4.
    const lista = webhooksSchema.parse((await call({ url: `${est(1)}/webhooks/` })).json());
    expect(lista).toEqual([
      expect.objectContaining({ id: w.webhook.id, segredo_final: w.segredo.slice(-4) }),
    ]);
    expect(JSON.stringify(lista)).not.toContain(w.segredo);

    const idpedido = await pedir();
    await rodar();
    await rodar();
    expect(rx.recebidos).toHaveLength(1);
    const r = rx.recebidos[0]!;
    const corpo = JSON.parse(r.corpo) as { id: string; tipo: string; dados: { idpedido: number } };
    expect(corpo).toMatchObject({
      tipo: 'pedido.criado',
      idestabelecimento: 1,
      canal: 'rango',
      dados: { idpedido },
    });
    // The whole order rides in the body, as stored: items, totals in cents, first name only.
    const gravado = await ta.t.db
      .selectFrom('pedido')
      .select(['referencia', 'status', 'total', 'tipo', 'pedido_json'])
      .where('id', '=', idpedido)
      .executeTakeFirstOrThrow();
    const pj = JSON.parse(gravado.pedido_json) as PedidoGravado;
    const { pedido } = corpo.dados as unknown as { pedido: PedidoDoWebhook };
    expect(pedido).toMatchObject({
      id: idpedido,
      referencia: gravado.referencia,
      status: gravado.status,
      tipo: gravado.tipo === 'DELIVERY' ? 'entrega' : 'retirada',
      cliente: { primeiro_nome: pj.cliente.nome.split(' ')[0] },
      totais: {
        subtotal: pj.subtotal,
        taxa_entrega: pj.taxa_entrega ?? 0,
        desconto: pj.desconto,
        total: gravado.total,
      },
      pagamento: [{ forma: pj.pagamentos[0]!.descricaoFormaPgto, pre_pago: pj.pagamentos[0]!.pre_pago }],
    });
    expect(pedido.canal).toBe('rango');
    expect(pedido.itens).toEqual([
      expect.objectContaining({ idproduto: 310, quantidade: 3, preco_total: pj.itens[0]!.preco_total }),
    ]);
    for (const v of [pedido.totais.total, pedido.itens[0]!.preco_unit])
      expect(Number.isInteger(v)).toBe(true);
    expect(r.corpo).not.toContain(pj.cliente.telefone);
    if (pj.cliente.nome.includes(' ')) expect(r.corpo).not.toContain(pj.cliente.nome);
    expect(r.headers['rango-event-id']).toBe(corpo.id);
    expect(r.headers['rango-event-type']).toBe('pedido.criado');
    expect(r.headers['content-type']).toBe('application/json');
    const s = Math.floor(agora / 1000);
    expect(receptorAceita(w.segredo, r, s)).toBe(true);
    expect(
      receptorAceita(w.segredo, { ...r, corpo: r.corpo.replace(`${idpedido}`, `${idpedido + 1}`) }, s),
    ).toBe(false);
    expect(receptorAceita('whsec_outro', r, s)).toBe(false);
    // A replay of the captured request an hour later is refused by its timestamp.
    expect(receptorAceita(w.segredo, r, s + 3600)).toBe(false);

    const log = await entregas(w);
    expect(log).toEqual([
      expect.objectContaining({
        chave: corpo.id,
        status: 'entregue',
        codigo: 200,
        tentativas: 1,
        resposta: 'ok',
      }),
    ]);
    expect(log[0]!.duracao_ms).toBeGreaterThanOrEqual(0);

    // A status move: one more event, its own key.
    await moverPedido(ta.t.db, idpedido, STATUS.Confirmado);
    await rodar();
    expect(rx.recebidos.map((x) => x.headers['rango-event-type'])).toEqual([
      'pedido.criado',
      'pedido.status',
    ]);
    expect(rx.recebidos[1]!.headers['rango-event-id']).not.toBe(corpo.id);
  });

  it('only the chosen events, and only what happens after the endpoint was added', async () => {
    // An order placed before the endpoint existed is not sent to it.
    const antes = await pedir();
    const w = await criar(['pedido.criado', 'pedido.cancelado']);
    await rodar();
    expect(rx.recebidos).toHaveLength(0);
    const idpedido = await pedir();
    await rodar();
    expect(rx.recebidos.map((r) => JSON.parse(r.corpo) as object)).toEqual([
      expect.objectContaining({ tipo: 'pedido.criado', dados: expect.objectContaining({ idpedido }) }),
    ]);
    expect(idpedido).not.toBe(antes);
    // A status move it did not choose is not sent; a cancellation is, as 'pedido.cancelado'.
    await moverPedido(ta.t.db, idpedido, STATUS.Confirmado);
    await rodar();
    expect(rx.recebidos).toHaveLength(1);
    await moverPedido(ta.t.db, idpedido, STATUS.Cancelado, { motivo: 'Cliente desistiu' });
    await rodar();
    expect(rx.recebidos).toHaveLength(2);
    expect(JSON.parse(rx.recebidos[1]!.corpo)).toMatchObject({
      tipo: 'pedido.cancelado',
      dados: { idpedido, para: STATUS.Cancelado },
    });
    expect(await entregas(w)).toHaveLength(2);
  });

  it('an event id SQLite gives again after the whole log was purged is still a new event', async () => {
    const w = await criar(['pedido.criado']);
    await pedir();
    await rodar();
    expect(rx.recebidos).toHaveLength(1);
    // The events' clean-up emptied the log (a quiet day): SQLite's next id starts over.
    await ta.t.db.deleteFrom('evento').execute();
    const idpedido = await pedir();
    await rodar();
    expect(rx.recebidos).toHaveLength(2);
    const [um, dois] = rx.recebidos.map((r) => String(r.headers['rango-event-id']));
    expect(dois).not.toBe(um);
    expect(JSON.parse(rx.recebidos[1]!.corpo)).toMatchObject({ dados: { idpedido } });
    expect(await entregas(w)).toHaveLength(2);
  });

  it('a missing signing secret is a failed attempt that says what to do, and a new secret fixes it', async () => {
    const w = await criar(['pedido.criado']);
    await ta.app.segredos.delete(1, `webhook.${w.webhook.id}`);
    const t = await call({ method: 'POST', url: `${est(1)}/webhooks/${w.webhook.id}/teste/` });
    expect(t.statusCode).toBe(200);
    expect(t.json()).toMatchObject({ status: 'pendente', codigo: null, tentativas: 1 });
    expect((t.json() as { resposta: string }).resposta).toMatch(/gere um novo segredo/);
    expect(rx.recebidos).toHaveLength(0);
    const lista = webhooksSchema.parse((await call({ url: `${est(1)}/webhooks/` })).json());
    expect(lista[0]!.segredo_final).toBeNull();
    const novo = webhookComSegredoSchema.parse(
      (await call({ method: 'POST', url: `${est(1)}/webhooks/${w.webhook.id}/segredo/` })).json(),
    ).segredo;
    agora += MIN;
    await rodar();
    expect(rx.recebidos).toHaveLength(1);
    expect(receptorAceita(novo, rx.recebidos[0]!, Math.floor(agora / 1000))).toBe(true);
  });

  it('maps the live events to the webhook kinds', () => {
    const ev = (tipo: string, dados: object) => tiposDoEvento({ tipo, dados: JSON.stringify(dados) }).tipos;
    expect(ev('pedido.novo', { status: 0 })).toEqual(['pedido.criado']);
    expect(ev('pedido.status', { de: 0, para: STATUS.Confirmado })).toEqual(['pedido.status']);
    expect(ev('pedido.status', { de: 0, para: STATUS.Cancelado })).toEqual([
      'pedido.cancelado',
      'pedido.status',
    ]);
    expect(ev('pedido.pagamento', { estado: 'pago' })).toEqual(['pagamento.confirmado']);
    expect(ev('pedido.pagamento', { estado: 'recusado' })).toEqual([]);
    expect(ev('loja', { aberta: false })).toEqual(['loja.status']);
    expect(ev('menu', { menu_versao: 3 })).toEqual(['cardapio.alterado']);
    expect(ev('disponibilidade', { idproduto: 1, stindisponivel: 1 })).toEqual(['cardapio.alterado']);
    expect(ev('equipe.acesso', { idfuncionario: 1 })).toEqual([]);
  });

  it('500, redirect and hang are failures retried with exponential backoff; a success ends the run', async () => {
    const w = await criar(['pedido.criado']);
    rx.modo = 500;
    await pedir();
    await rodar();
    let [e] = await entregas(w);
    expect(e).toMatchObject({ status: 'pendente', codigo: 500, tentativas: 1, resposta: 'erro interno' });
    expect(Date.parse(e!.proxima_em!)).toBe(agora + MIN);
    // Not due yet: nothing sent.
    await rodar();
    expect(rx.recebidos).toHaveLength(1);

    rx.modo = 302;
    agora += MIN;
    await rodar();
    [e] = await entregas(w);
    expect(e).toMatchObject({ status: 'pendente', codigo: 302, tentativas: 2 });
    expect(e!.resposta).toContain('Redirecionamento não seguido');
    expect(Date.parse(e!.proxima_em!)).toBe(agora + 2 * MIN);
    // The redirect was not followed.
    expect(rx.recebidos).toHaveLength(2);

    rx.modo = 'travar';
    agora += 2 * MIN;
    await rodar();
    [e] = await entregas(w);
    expect(e).toMatchObject({ status: 'pendente', codigo: null, tentativas: 3 });
    expect(e!.resposta).toMatch(/^Sem resposta/);
    expect(Date.parse(e!.proxima_em!)).toBe(agora + 4 * MIN);
    const falhando = webhooksSchema.parse((await call({ url: `${est(1)}/webhooks/` })).json())[0]!;
    expect(falhando.falhando_desde).not.toBeNull();

    rx.modo = 200;
    agora += 4 * MIN;
    await rodar();
    [e] = await entregas(w);
    expect(e).toMatchObject({ status: 'entregue', codigo: 200, tentativas: 4, proxima_em: null });
    // Every attempt carried the same idempotency key.
    expect(new Set(rx.recebidos.map((x) => x.headers['rango-event-id'])).size).toBe(1);
    const ok = webhooksSchema.parse((await call({ url: `${est(1)}/webhooks/` })).json())[0]!;
    expect(ok.falhando_desde).toBeNull();
  });

  it('gives up after 24 h; failing for 3 days switches the endpoint off with one e-mail to the owner', async () => {
    const w = await criar(['pedido.criado']);
    rx.modo = 500;
    await pedir();
    await rodar();
    // Hourly attempts once the backoff is capped; past 24 h the delivery has failed for good.
    for (let i = 0; i < 40; i++) {
      agora += 60 * MIN;
      await rodar();
    }
    const [e] = await entregas(w);
    expect(e).toMatchObject({ status: 'falhou', proxima_em: null });
    expect(e!.tentativas).toBeGreaterThan(20);
    expect(e!.tentativas).toBeLessThan(30);

    const mails = () =>
      ta.t.db
        .selectFrom('mail_outbox')
        .select(['para', 'assunto'])
        .where('assunto', '=', 'Webhook desativado no Rango')
        .execute();
    expect(await mails()).toEqual([]);
    // Days 2 and 3: new events keep failing; at 3 days from the first failure it is switched off.
    for (const dia of [1, 2, 3]) {
      agora = Date.now() + dia * DIA + MIN;
      const t = await call({ method: 'POST', url: `${est(1)}/webhooks/${w.webhook.id}/teste/` });
      expect(t.statusCode, t.body).toBe(200);
    }
    const [desligado] = webhooksSchema.parse((await call({ url: `${est(1)}/webhooks/` })).json());
    expect(desligado).toMatchObject({ ativo: false });
    expect(desligado!.desativado_em).not.toBeNull();
    expect(await mails()).toEqual([{ para: 'dono@pizzaria.test', assunto: 'Webhook desativado no Rango' }]);
    // The server's switch-off is in the owner's 'Histórico', by no person.
    expect((await auditoria(w.webhook.id)).map((r) => [r.acao, r.idfuncionario])).toEqual([
      ['criar', expect.any(Number)],
      ['desativar_falhas', null],
    ]);
    // Off: nothing more is sent, a test is refused with a clear answer, no second e-mail.
    const antes = rx.recebidos.length;
    await pedir();
    await rodar();
    expect(rx.recebidos).toHaveLength(antes);
    const t = await call({ method: 'POST', url: `${est(1)}/webhooks/${w.webhook.id}/teste/` });
    expect(t.statusCode).toBe(409);
    expect(t.json()).toEqual({ detail: M.desativado });
    expect(await mails()).toHaveLength(1);
    // Switched on again by the owner: a fresh start.
    const on = await call({
      method: 'PUT',
      url: `${est(1)}/webhooks/${w.webhook.id}/`,
      payload: { url: rx.url, eventos: ['pedido.criado'], ativo: true },
    });
    expect(on.json()).toMatchObject({ ativo: true, desativado_em: null, falhando_desde: null });
  });

  it('replays one delivery, and all since a time, with the same idempotency key; rotation signs with both secrets for 24 h, then the new one only', async () => {
    const w = await criar(['pedido.criado']);
    await pedir();
    await pedir();
    await rodar();
    expect(rx.recebidos).toHaveLength(2);
    const log = await entregas(w);
    const um = log[1]!;
    const res = await call({
      method: 'POST',
      url: `${est(1)}/webhooks/${w.webhook.id}/entregas/${um.id}/reenviar/`,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ id: um.id, status: 'pendente', tentativas: 0 });
    await rodar();
    expect(rx.recebidos).toHaveLength(3);
    expect(rx.recebidos[2]!.headers['rango-event-id']).toBe(um.chave);

    const rot = await call({ method: 'POST', url: `${est(1)}/webhooks/${w.webhook.id}/segredo/` });
    expect(rot.statusCode).toBe(200);
    const novo = webhookComSegredoSchema.parse(rot.json()).segredo;
    expect(novo).not.toBe(w.segredo);
    // Audited without the secret.
    expect((await auditoria(w.webhook.id)).map((r) => r.acao)).toEqual(['criar', 'segredo']);
    expect(JSON.stringify(await auditoria(w.webhook.id))).not.toMatch(/whsec_/);

    const desde = new Date(Date.parse(um.criado_em) - 1000).toISOString();
    const todas = await call({
      method: 'POST',
      url: `${est(1)}/webhooks/${w.webhook.id}/reenviar/`,
      payload: { desde },
    });
    expect(todas.statusCode, todas.body).toBe(202);
    expect(todas.json()).toEqual({ reenviadas: 2 });
    await rodar();
    const replays = rx.recebidos.slice(3);
    expect(replays.map((r) => r.headers['rango-event-id']).sort()).toEqual(log.map((e) => e.chave).sort());
    // Within the 24 h grace both secrets sign (two v1 entries): a receiver with either accepts.
    for (const r of replays) {
      expect(entradasV1(r)).toBe(2);
      expect(receptorAceita(novo, r, Math.floor(agora / 1000))).toBe(true);
      expect(receptorAceita(w.segredo, r, Math.floor(agora / 1000))).toBe(true);
      expect(receptorAceita('whsec_outro', r, Math.floor(agora / 1000))).toBe(false);
    }
    // Past the grace only the new secret signs.
    agora += DIA + MIN;
    const outra = await call({
      method: 'POST',
      url: `${est(1)}/webhooks/${w.webhook.id}/entregas/${um.id}/reenviar/`,
    });
    expect(outra.statusCode, outra.body).toBe(202);
    await rodar();
    const depois = rx.recebidos.at(-1)!;
    expect(depois.headers['rango-event-id']).toBe(um.chave);
    expect(entradasV1(depois)).toBe(1);
    expect(receptorAceita(novo, depois, Math.floor(agora / 1000))).toBe(true);
    expect(receptorAceita(w.segredo, depois, Math.floor(agora / 1000))).toBe(false);
    expect(await ta.app.segredos.describe(1, `webhook.${w.webhook.id}.anterior`)).toMatchObject({
      configurado: false,
    });
    // Filters and paging of the log.
    expect(await entregas(w, '?status=pendente')).toEqual([]);
    expect(await entregas(w, '?status=entregue')).toHaveLength(2);
    const ruim = await call({ url: `${est(1)}/webhooks/${w.webhook.id}/entregas/?status=talvez` });
    expect(ruim.statusCode).toBe(400);
    const data = await call({
      method: 'POST',
      url: `${est(1)}/webhooks/${w.webhook.id}/reenviar/`,
      payload: { desde: 'ontem' },
    });
    expect(data.statusCode).toBe(400);
    expect(data.json()).toEqual({ desde: [M.dataInvalida] });
    // 30 days later the log is purged.
    agora += 31 * DIA;
    await ta.app.webhooks.limpar();
    expect(await entregas(w)).toEqual([]);
  });

  it('bad input answers 400 in Portuguese; the attendant 403; another establishment 404', async () => {
    const post = (payload: unknown, headers = dono) =>
      call({ method: 'POST', url: `${est(1)}/webhooks/`, payload: payload as object }, headers);
    for (const [payload, body] of [
      [{ url: 'não é url', eventos: ['pedido.criado'] }, { url: [M.urlInvalida] }],
      [{ url: 'ftp://x.test/', eventos: ['pedido.criado'] }, { url: [M.urlInvalida] }],
      [{ url: 'https://a:b@x.test/', eventos: ['pedido.criado'] }, { url: [M.urlComSenha] }],
      [{ url: 'https://x.test/', eventos: [] }, { eventos: [M.eventosVazio] }],
      [{ url: 'https://x.test/', eventos: ['pedido.sumiu'] }, { 'eventos.0': [M.eventoInvalido] }],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(body);
    }
    expect((await post({ url: rx.url, eventos: ['pedido.criado'] }, atendente)).statusCode).toBe(403);
    const w = await criar();
    // The other establishment's owner, through their own establishment's path: 404.
    for (const [method, path] of [
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', 'segredo/'],
      ['POST', 'teste/'],
      ['GET', 'entregas/'],
    ] as const) {
      const res = await call(
        {
          method,
          url: `${est(2)}/webhooks/${w.webhook.id}/${path}`,
          payload: { url: rx.url, eventos: ['pedido.criado'] },
        },
        donoOutro,
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toEqual({ detail: M.naoEncontrado });
    }
    // …and through the first establishment's path, the staff guard's 404.
    expect((await call({ url: `${est(1)}/webhooks/` }, donoOutro)).statusCode).toBe(404);
    expect((await call({ url: `${est(1)}/webhooks/abc/entregas/` })).statusCode).toBe(404);
    const del = await call({ method: 'DELETE', url: `${est(1)}/webhooks/${w.webhook.id}/` });
    expect(del.statusCode).toBe(204);
    expect(await ta.app.segredos.describe(1, `webhook.${w.webhook.id}`)).toEqual({
      configurado: false,
      final: null,
    });
    // Nothing the other owner tried changed anything; the owner's own changes are audited.
    expect((await auditoria(w.webhook.id)).map((r) => r.acao)).toEqual(['criar', 'excluir']);
  });

  it('in production: https only, and no private, loopback or link-local address (no SSRF)', async () => {
    const nomes: Record<string, string[]> = {
      'publico.example': ['93.184.216.34'],
      'interno.example': ['93.184.216.34', '10.0.0.7'],
      'metadados.example': ['169.254.169.254'],
      'seis.example': ['::1'],
    };
    const svc = createWebhooks({
      db: ta.t.db,
      segredos: ta.app.segredos,
      mailer: { send: async () => undefined },
      log: { info: () => undefined, warn: () => undefined },
      producao: true,
      resolver: async (h) => {
        const r = nomes[h];
        if (!r) throw new Error('ENOTFOUND');
        return r;
      },
    });
    const tenta = (url: string) =>
      svc.criar({ idestabelecimento: 1, idfuncionario: null }, { url, eventos: ['pedido.criado'] }).then(
        () => null,
        (e: { statusCode: number; body: unknown }) => [e.statusCode, e.body],
      );
    expect(await tenta('http://publico.example/')).toEqual([400, { url: [M.urlHttps] }]);
    for (const url of [
      'https://127.0.0.1/',
      'https://10.1.2.3/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost/',
      'https://interno.example/',
      'https://metadados.example/',
      'https://seis.example/',
    ]) {
      expect(await tenta(url), url).toEqual([400, { url: [M.urlPrivada] }]);
    }
    expect(await tenta('https://sumiu.example/')).toEqual([400, { url: [M.urlSemEndereco] }]);
    expect(await tenta('https://publico.example/ganchos')).toBeNull();
    // At delivery time too: the connection refuses a private address (a name that moved there).
    const post = createHttpPost({ soPublico: true });
    await expect(post({ url: rx.url, headers: {}, corpo: '{}', timeoutMs: 1000 })).rejects.toThrow(/privado/);
    await expect(
      post({ url: rx.url.replace('127.0.0.1', 'localhost'), headers: {}, corpo: '{}', timeoutMs: 1000 }),
    ).rejects.toThrow(/privado/);
    expect(rx.recebidos).toHaveLength(0);
    // The connection goes to an address the check allowed (here loopback stands for a public one).
    const nomesDeTeste: Record<string, { address: string; family: number }[]> = {
      'receptor.test': [{ address: '127.0.0.1', family: 4 }],
      'misto.test': [
        { address: '10.0.0.9', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      'interno.test': [{ address: '10.0.0.9', family: 4 }],
    };
    const viaDns = createHttpPost({
      soPublico: true,
      resolver: async (h) => nomesDeTeste[h] ?? [],
      privado: (ip) => ip.startsWith('10.'),
    });
    const porta = new URL(rx.url).port;
    for (const host of ['receptor.test', 'misto.test']) {
      const r = await viaDns({ url: `http://${host}:${porta}/`, headers: {}, corpo: '{}', timeoutMs: 2000 });
      expect(r, host).toEqual({ status: 200, trecho: 'ok' });
    }
    expect(rx.recebidos).toHaveLength(2);
    await expect(
      viaDns({ url: `http://interno.test:${porta}/`, headers: {}, corpo: '{}', timeoutMs: 2000 }),
    ).rejects.toThrow(/privado/);
    await expect(
      viaDns({ url: 'http://10.0.0.9/', headers: {}, corpo: '{}', timeoutMs: 2000 }),
    ).rejects.toThrow(/privado/);
    expect(rx.recebidos).toHaveLength(2);
  });

  it('in production the panel route refuses a private address with a 400, never a 500', async () => {
    const prod = buildApp(
      testConfig({
        rateLimit: false,
        production: true,
        secretsKeys: new KeyRing([{ id: 'k1', key: randomBytes(32) }]),
      }),
      {
        db: ta.t.reopen(),
        webhooks: { semTarefa: true, resolver: async () => ['127.0.0.1'] },
      },
    );
    try {
      const post = (url: string) =>
        prod.inject({
          method: 'POST',
          url: `${est(1)}/webhooks/`,
          payload: { url, eventos: ['pedido.criado'] },
          headers: dono,
        });
      for (const [url, msg] of [
        [rx.url, M.urlHttps],
        ['https://127.0.0.1/', M.urlPrivada],
        ['https://169.254.169.254/latest/meta-data/', M.urlPrivada],
        ['https://hook.example/', M.urlPrivada],
      ] as const) {
        const res = await post(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ url: [msg] });
      }
      expect(await ta.t.db.selectFrom('webhook').select('id').execute()).toEqual([]);
    } finally {
      await prod.close();
    }
  });

  it('an endpoint switched off while a run is sending gets nothing more from that run (read again at each claim)', async () => {
    const w = await criar(['pedido.criado']);
    const n = PARALELO + 4;
    for (let i = 0; i < n; i++) {
      const id = await inserirPedido(ta.t.db, { tipo: 'DELIVERY' });
      await registrarEvento(ta.t.db, {
        idestabelecimento: 1,
        idpedido: id,
        tipo: 'pedido.novo',
        dados: { idpedido: id, status: STATUS.Realizado },
      });
    }
    let chamadas = 0;
    const svc = createWebhooks({
      db: ta.t.db,
      segredos: ta.app.segredos,
      mailer: { send: async () => undefined },
      log: { info: () => undefined, warn: () => undefined },
      producao: false,
      agora: () => new Date(agora),
      // The owner switches the endpoint off while the run's first POSTs are under way.
      http: async () => {
        if (++chamadas === 1)
          await ta.app.webhooks.mudar({ idestabelecimento: 1, idfuncionario: null }, w.webhook.id, {
            url: w.webhook.url,
            eventos: ['pedido.criado'],
            ativo: false,
          });
        await new Promise((r) => setTimeout(r, 20));
        return { status: 200, trecho: 'ok' };
      },
    });
    for (let i = 0; i < 200 && chamadas === 0; i++) {
      await svc.processar();
      if (chamadas === 0) await new Promise((r) => setTimeout(r, 10));
    }
    // Only the POSTs already started (one per parallel slot) went; none after it was switched off.
    expect(chamadas).toBeGreaterThan(0);
    expect(chamadas).toBeLessThanOrEqual(PARALELO);
  });

  it('three instances on one database deliver each event once, a failed one retried once', async () => {
    const outras = [0, 1].map(() =>
      buildApp(testConfig({ rateLimit: false }), {
        db: ta.t.reopen(),
        webhooks: { agora: () => new Date(agora), semTarefa: true },
      }),
    );
    const todas = [ta.app, ...outras];
    const juntas = () => Promise.all(todas.flatMap((app) => [rodar(app), rodar(app)]));
    try {
      await Promise.all(outras.map((o) => o.ready()));
      await criar(['pedido.criado', 'pedido.status']);
      rx.atrasoMs = 20;
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await pedir());
      for (const id of ids.slice(0, 3)) await moverPedido(ta.t.db, id, STATUS.Confirmado);
      await juntas();
      await juntas();
      const chaves = rx.recebidos.map((r) => String(r.headers['rango-event-id']));
      expect(chaves).toHaveLength(9);
      expect(new Set(chaves).size).toBe(9);
      // A 500 at the next event: each instance runs when it is due again; one retry, not three.
      rx.modo = 500;
      await pedir();
      await juntas();
      expect(rx.recebidos).toHaveLength(10);
      rx.modo = 200;
      agora += MIN;
      await juntas();
      await juntas();
      expect(rx.recebidos).toHaveLength(11);
      expect(rx.recebidos[10]!.headers['rango-event-id']).toBe(rx.recebidos[9]!.headers['rango-event-id']);
    } finally {
      await Promise.all(outras.map((o) => o.close()));
    }
  });
});
