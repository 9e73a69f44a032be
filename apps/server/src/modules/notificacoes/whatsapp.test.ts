import { randomBytes } from 'node:crypto';
import { EVENTO, STATUS } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.ts';
import type { Db } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { startWhatsAppFake } from '../../test/fakes/whatsapp.ts';
import type { ContaFake, WhatsAppFake } from '../../test/fakes/whatsapp.ts';
import { avisarEventos, registrarEvento } from '../events/record.ts';
import { inserirPedido } from '../operator/testing.ts';
import { PREVISAO_SO_ACEITO, definirPrevisao, moverPedido } from '../orders/status.ts';
import { novoCliente } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { staffBearer } from '../staff/testing.ts';
import { createNotificacoesService } from './service.ts';
import { createWhatsAppCloud } from './whatsapp/sender.ts';
import { MSG_WHATSAPP, createWhatsApp } from './whatsapp/service.ts';
import { MSG_TELEFONE, celularDoWaId, normalizarCelular } from './whatsapp/telefone.ts';
import { horaLocal } from './textos.ts';
import { MODELOS } from './whatsapp/templates.ts';

const API = '/api/ead';
const CONSENT = `${API}/controle/cliente/notificacoes/`;
const WEBHOOK = '/api/whatsapp/webhook';
const painel = (id: number) => `${API}/painel/estabelecimento/${id}/notificacoes`;
const silencio = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

const conta = (n: string): ContaFake => ({
  phoneNumberId: `10${n}0000000000`,
  wabaId: `20${n}0000000000`,
  token: `EAAG${randomBytes(24).toString('hex')}`,
  appSecret: randomBytes(16).toString('hex'),
});

describe('celular (E.164)', () => {
  it('normalises Brazilian mobiles and refuses what cannot be one', () => {
    for (const s of [
      '(11) 98765-4321',
      '11987654321',
      '+55 11 98765 4321',
      '5511987654321',
      '011 98765-4321',
    ])
      expect(normalizarCelular(s)).toBe('+5511987654321');
    for (const s of ['1133334444', '+1 415 555 0100', '(00) 98765-4321', '987654321', 'abc', '11 8765-4321'])
      expect(normalizarCelular(s)).toBeUndefined();
    // The provider names Brazilian senders without the mobile's 9.
    expect(celularDoWaId('551187654321')).toBe('+5511987654321');
  });
});

describe.each(DIALECTS)('WhatsApp Business (Cloud API) on %s', (dialect) => {
  let h: TestApp;
  let fake: WhatsAppFake;
  let db: Db;
  let dono1: { authorization: string };
  let dono2: { authorization: string };
  const c1 = conta('1');
  const c2 = conta('2');
  const agoraPadrao = () => new Date();

  const servico = (agora: () => Date = agoraPadrao) =>
    createNotificacoesService({
      db,
      mailer: createOutboxMailer(db, silencio),
      push: { enviar: async () => ({ status: 201 }) },
      publicUrl: 'http://rango.test',
      log: silencio,
      agora,
      whatsapp: createWhatsApp({
        db,
        segredos: h.app.segredos,
        sender: createWhatsAppCloud(fake.url),
        publicUrl: 'http://rango.test',
        log: silencio,
        agora,
      }),
    });
  const rodarAte = async (pronto: () => boolean | Promise<boolean>, s = servico()) => {
    for (let i = 0; i < 100; i++) {
      await s.rodar();
      if (await pronto()) return;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error(
      `não chegou: ${JSON.stringify(fake.mensagens.map((m) => [m.para, m.modelo]))} ${JSON.stringify(await db.selectFrom('notificacao').select(['idpedido', 'canal', 'tipo', 'estado', 'status_provedor']).where('canal', '=', 'whatsapp').execute())}`,
    );
  };
  const escolher = (c: ClienteTeste, canal: string, ativo: boolean, telefone?: string) =>
    h.app.inject({
      method: 'PUT',
      url: CONSENT,
      headers: c.headers,
      payload: { canal, ativo, ...(telefone ? { telefone } : {}) },
    });
  const pedidoDe = async (c: ClienteTeste, idestabelecimento = 1, tipo: 'DELIVERY' | 'TOGO' = 'DELIVERY') => {
    const id = await inserirPedido(db, { tipo, idestabelecimento });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('pedido').set({ idcliente: c.id }).where('id', '=', id).execute();
      await registrarEvento(trx, {
        idestabelecimento,
        idcliente: c.id,
        idpedido: id,
        tipo: EVENTO.pedidoNovo,
        dados: { idpedido: id, status: STATUS.Realizado },
      });
    });
    avisarEventos(db);
    return id;
  };
  const linhas = (idpedido: number, canal = 'whatsapp') =>
    db
      .selectFrom('notificacao')
      .selectAll()
      .where('idpedido', '=', idpedido)
      .where('canal', '=', canal as 'whatsapp')
      .orderBy('id')
      .execute();
  const conectar = (headers: { authorization: string }, c: ContaFake, id = 1) =>
    h.app.inject({
      method: 'PUT',
      url: `${painel(id)}/whatsapp/`,
      headers,
      payload: {
        phone_number_id: c.phoneNumberId,
        waba_id: c.wabaId,
        token: c.token,
        app_secret: c.appSecret,
      },
    });
  let numero = 0;
  /** A customer who chose WhatsApp on a fresh number. */
  const clienteWhats = async (outros: string[] = []) => {
    numero++;
    const cel = `1198${String(numero).padStart(7, '0')}`;
    const c = await novoCliente(h.app, db, { telefone: cel });
    expect((await escolher(c, 'whatsapp', true)).statusCode).toBe(200);
    for (const canal of outros) await escolher(c, canal, true);
    return { c, para: `55${cel}` };
  };
  const doFake = (para: string) => fake.mensagens.filter((m) => m.para === para);
  const post = (corpo: string, assinatura: string) =>
    h.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': assinatura },
      payload: corpo,
    });

  beforeAll(async () => {
    fake = await startWhatsAppFake([c1, c2]);
    // Establishment 1's templates are approved at Meta; establishment 2 has none yet.
    for (const m of MODELOS) fake.criarModelo(c1.wabaId, { name: m.nome, corpo: m.corpo });
    h = await openTestApp(dialect, { whatsapp: { api: 'cloud', graphUrl: fake.url } });
    db = h.t.db;
    dono1 = await staffBearer(h.app, db, 1, 'dono@pizzaria.test', 'dono');
    dono2 = await staffBearer(h.app, db, 2, 'dono@lanchonete.test', 'dono');
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('without a number the page says why; connecting keeps the token and app secret out of every answer', async () => {
    const antes = await h.app.inject({ url: `${painel(1)}/`, headers: dono1 });
    expect(antes.statusCode).toBe(200);
    expect(antes.json()).toMatchObject({ conta: null, motivo: MSG_WHATSAPP.semConta });
    const faltando = await h.app.inject({
      method: 'PUT',
      url: `${painel(1)}/whatsapp/`,
      headers: dono1,
      payload: { phone_number_id: c1.phoneNumberId, waba_id: c1.wabaId },
    });
    expect(faltando.statusCode).toBe(400);
    expect(faltando.json()).toEqual({
      token: [MSG_WHATSAPP.tokenObrigatorio],
      app_secret: [MSG_WHATSAPP.segredoObrigatorio],
    });
    const r = await conectar(dono1, c1);
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain(c1.token);
    expect(r.body).not.toContain(c1.appSecret);
    expect(r.json()).toMatchObject({
      motivo: null,
      conta: {
        phone_number_id: c1.phoneNumberId,
        estado: 'conectada',
        token: { configurado: true, final: c1.token.slice(-4) },
        app_secret: { configurado: true, final: c1.appSecret.slice(-4) },
      },
    });
    // Another establishment cannot take this number, nor read this one's page.
    const outro = await conectar(dono2, { ...c2, phoneNumberId: c1.phoneNumberId }, 2);
    expect(outro.statusCode).toBe(400);
    expect(outro.json()).toEqual({ phone_number_id: [MSG_WHATSAPP.numeroEmUso] });
    expect((await h.app.inject({ url: `${painel(1)}/`, headers: dono2 })).statusCode).toBe(404);
  });

  it('the customer chooses WhatsApp with a number in any format; a non-Brazilian mobile is refused in Portuguese', async () => {
    const c = await novoCliente(h.app, db, { telefone: '1133334444' });
    const fixo = await escolher(c, 'whatsapp', true);
    expect(fixo.statusCode).toBe(400);
    expect(fixo.json()).toEqual({ telefone: [MSG_TELEFONE.invalido] });
    expect((await escolher(c, 'whatsapp', true, '+1 415 555 0100')).json()).toEqual({
      telefone: [MSG_TELEFONE.invalido],
    });
    const ok = await escolher(c, 'whatsapp', true, '(21) 99876-5432');
    expect(ok.statusCode).toBe(200);
    const row = await db
      .selectFrom('notificacao_consentimento')
      .select(['telefone', 'ativo'])
      .where('idcliente', '=', c.id)
      .where('canal', '=', 'whatsapp')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ telefone: '+5521998765432', ativo: 1 });
  });

  it('each status goes as its approved template, with its parameters (the estimate in "aceito")', async () => {
    const { c, para } = await clienteWhats();
    const id = await pedidoDe(c);
    await db.transaction().execute(async (trx) => {
      await moverPedido(trx, id, STATUS.Confirmado);
      await definirPrevisao(trx, id, '2026-01-10T15:40:00.000Z');
    });
    await moverPedido(db, id, STATUS.Pronto);
    await moverPedido(db, id, STATUS.Entregue);
    await rodarAte(() => doFake(para).length === 4);
    const togo = await pedidoDe(c, 1, 'TOGO');
    await moverPedido(db, togo, STATUS.Confirmado);
    await moverPedido(db, togo, STATUS.Pronto);
    await rodarAte(() => doFake(para).length === 7);
    const cancelado = await pedidoDe(c);
    await moverPedido(db, cancelado, STATUS.Cancelado, { motivo: 'Acabou o queijo' });
    // The cancelled order's "recebido" is past its use (dropped); its cancellation goes.
    await rodarAte(() => doFake(para).length === 8);
    const m = doFake(para);
    // Two instances (this test's and the app's job) send: the order between them may vary.
    expect(m.map((x) => x.modelo).sort()).toEqual(
      [
        'rango_pedido_recebido',
        'rango_pedido_aceito',
        'rango_pedido_saiu',
        'rango_pedido_entregue',
        'rango_pedido_recebido',
        'rango_pedido_aceito',
        'rango_pedido_pronto',
        'rango_pedido_cancelado',
      ].sort(),
    );
    expect(m.every((x) => x.tipo === 'template')).toBe(true);
    const de = (modelo: string) => m.find((x) => x.modelo === modelo)!;
    expect(m.every((x) => x.phoneNumberId === c1.phoneNumberId)).toBe(true);
    const recebido = m.find(
      (x) => x.modelo === 'rango_pedido_recebido' && x.parametros[5]?.endsWith(`/${id}`),
    )!;
    expect(recebido.parametros[0]).toBe('Pizzaria Teste');
    expect(recebido.texto).toMatch(/Total R\$\s?92,80, pagamento: Dinheiro/);
    expect(m.filter((x) => x.modelo === 'rango_pedido_aceito').map((x) => x.texto)).toContainEqual(
      expect.stringContaining('Previsão: 12:40.'),
    );
    expect(de('rango_pedido_cancelado').texto).toContain('Motivo: Acabou o queijo.');
    expect(de('rango_pedido_entregue').parametros[2]).toBe(`http://rango.test/pedido/${id}`);
    const rows = await linhas(id);
    expect(rows.every((r) => r.estado === 'enviada' && r.status_provedor?.startsWith('wamid.'))).toBe(true);
    // Run again, and again: nothing is sent twice.
    await servico().rodar();
    await servico().rodar();
    expect(doFake(para)).toHaveLength(8);
    const mes = (await h.app.inject({ url: `${painel(1)}/`, headers: dono1 })).json<{
      resumo: { categorias: { categoria: string; mensagens: number }[]; custo_estimado: number };
    }>();
    expect(mes.resumo.categorias.find((x) => x.categoria === 'utility')?.mensagens).toBeGreaterThanOrEqual(8);
    expect(mes.resumo.custo_estimado).toBeGreaterThan(0);
  });

  it('a changed estimate reaches each chosen channel once per change ("previsão alterada", naming the restaurant)', async () => {
    const { c, para } = await clienteWhats(['email']);
    const id = await pedidoDe(c);
    const pedidoUrl = (est: number, p = id) => `${API}/painel/estabelecimento/${est}/pedido/${p}`;
    const mudar = (headers: { authorization: string }, previsao_minutos: unknown, est = 1, p = id) =>
      h.app.inject({
        method: 'PUT',
        url: `${pedidoUrl(est, p)}/previsao/`,
        headers,
        payload: { previsao_minutos },
      });
    // Not accepted yet: nothing to change (409), nothing recorded.
    const cedo = await mudar(dono1, 40);
    expect(cedo.statusCode).toBe(409);
    expect(cedo.json()).toEqual({ detail: PREVISAO_SO_ACEITO });
    const aceito = await h.app.inject({
      method: 'POST',
      url: `${pedidoUrl(1)}/status/`,
      headers: dono1,
      payload: { status: STATUS.Confirmado, previsao_minutos: 30 },
    });
    expect(aceito.statusCode).toBe(200);
    await rodarAte(() => doFake(para).length === 2);
    // Bad input: a clear Portuguese message, never a 500; another establishment's staff: 404.
    for (const v of [2, 241, 'trinta', null]) {
      const r = await mudar(dono1, v);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ previsao_minutos: ['Informe um tempo entre 5 e 240 minutos.'] });
    }
    expect((await mudar(dono2, 50, 2)).statusCode).toBe(404);
    expect((await mudar(dono2, 50, 1)).statusCode).toBe(404);
    const atendente = await staffBearer(h.app, db, 1, 'atendente-previsao@pizzaria.test', 'atendente');
    const antes = Date.now();
    const r = await mudar(atendente, 50);
    expect(r.statusCode).toBe(200);
    const previsao = r.json<{ previsao_em: string }>().previsao_em;
    expect(Date.parse(previsao) - antes).toBeGreaterThanOrEqual(50 * 60_000 - 1000);
    expect(Date.parse(previsao) - antes).toBeLessThan(50 * 60_000 + 5000);
    // The same estimate again is no change: nothing more is sent.
    expect((await mudar(dono1, 50)).statusCode).toBe(200);
    await rodarAte(() => doFake(para).length === 3);
    const m = doFake(para).find((x) => x.modelo === 'rango_previsao_alterada')!;
    expect(m.tipo).toBe('template');
    expect(m.parametros).toEqual(['Pizzaria Teste', expect.any(String), horaLocal(previsao)]);
    expect(m.texto).toBe(
      `Pizzaria Teste: a previsão do pedido ${m.parametros[1]} mudou para ${horaLocal(previsao)}.`,
    );
    const email = (await linhas(id, 'email')).filter((x) => x.tipo === 'previsao');
    expect(email).toHaveLength(1);
    expect(email[0]!.titulo).toBe('Pizzaria Teste: previsão alterada');
    expect(email[0]!.texto).toContain(`a previsão mudou para ${horaLocal(previsao)}`);
    // A second change is a second message; runs after it send nothing more.
    expect((await mudar(dono1, 70)).statusCode).toBe(200);
    await rodarAte(() => doFake(para).length === 4);
    await servico().rodar();
    await servico().rodar();
    expect(doFake(para).filter((x) => x.modelo === 'rango_previsao_alterada')).toHaveLength(2);
    expect((await linhas(id)).filter((x) => x.tipo === 'previsao')).toHaveLength(2);
    // A finished order's estimate cannot change.
    await moverPedido(db, id, STATUS.Pronto);
    await moverPedido(db, id, STATUS.Entregue);
    expect((await mudar(dono1, 20)).statusCode).toBe(409);
  });

  it('webhook: the handshake, a forged signature 401 with nothing changed, a replay changes nothing', async () => {
    const estado = (await h.app.inject({ url: `${painel(1)}/`, headers: dono1 })).json<{
      conta: { verify_token: string };
    }>();
    const vt = estado.conta.verify_token;
    const ok = await h.app.inject({
      url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${vt}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(
      (await h.app.inject({ url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1` }))
        .statusCode,
    ).toBe(403);

    const { c, para } = await clienteWhats();
    const id = await pedidoDe(c);
    await rodarAte(() => doFake(para).length === 1);
    const wamid = doFake(para)[0]!.wamid;
    const statusDe = async () =>
      (
        await db
          .selectFrom('whatsapp_mensagem')
          .select('status')
          .where('wamid', '=', wamid)
          .executeTakeFirstOrThrow()
      ).status;
    const lido = fake.corpoStatus(c1.phoneNumberId, wamid, 'read', para);
    expect((await post(lido, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(401);
    expect((await post(lido, fake.assinar(c2.phoneNumberId, lido))).statusCode).toBe(401);
    expect(await statusDe()).toBe('accepted');
    const entregue = fake.corpoStatus(c1.phoneNumberId, wamid, 'delivered', para);
    expect((await post(entregue, fake.assinar(c1.phoneNumberId, entregue))).statusCode).toBe(200);
    expect(await statusDe()).toBe('delivered');
    expect((await post(lido, fake.assinar(c1.phoneNumberId, lido))).statusCode).toBe(200);
    expect(await statusDe()).toBe('read');
    // The same 'delivered' again: nothing moves back, nothing is recorded twice.
    expect((await post(entregue, fake.assinar(c1.phoneNumberId, entregue))).statusCode).toBe(200);
    expect(await statusDe()).toBe('read');
    // A failure reported later (undeliverable) is recorded on the message and on the outbox's row.
    const falhou = fake.corpoStatus(c1.phoneNumberId, wamid, 'failed', para);
    expect((await post(falhou, fake.assinar(c1.phoneNumberId, falhou))).statusCode).toBe(200);
    expect(await statusDe()).toBe('failed');
    expect((await linhas(id))[0]).toMatchObject({
      estado: 'falhou',
      status_provedor: 'webhook: 131026 Message undeliverable',
    });
    const aplicados = await db
      .selectFrom('whatsapp_status')
      .select('status')
      .where('wamid', '=', wamid)
      .execute();
    expect(aplicados.map((a) => a.status).sort()).toEqual(['delivered', 'failed', 'read']);
    // Malformed, unknown number, too big.
    expect((await post('{"object":', 'sha256=00')).statusCode).toBe(400);
    expect((await post('{"entry": 3}', 'sha256=00')).statusCode).toBe(400);
    const desconhecido = fake
      .corpoStatus(c1.phoneNumberId, wamid, 'failed')
      .replace(c1.phoneNumberId, '999999999');
    expect((await post(desconhecido, 'sha256=00')).statusCode).toBe(200);
    expect(await statusDe()).toBe('failed');
    expect((await post(`{"object":"${'x'.repeat(600 * 1024)}","entry":[]}`, 'sha256=00')).statusCode).toBe(
      413,
    );
    expect(id).toBeGreaterThan(0);
  });

  it('"PARAR" stops the next message at once; other inbound messages get one automatic answer, then wait for a person', async () => {
    const { c, para } = await clienteWhats();
    const id = await pedidoDe(c);
    await rodarAte(() => doFake(para).length === 1);
    // Anything else first: answered with the menu link and the open order's status (inside the window).
    const oi = fake.corpoEntrada(c1.phoneNumberId, para, 'Oi, tudo bem?');
    expect((await post(oi, fake.assinar(c1.phoneNumberId, oi))).statusCode).toBe(200);
    const resposta = doFake(para).at(-1)!;
    expect(resposta.tipo).toBe('text');
    expect(resposta.texto).toContain('http://rango.test/estabelecimento/1');
    expect(resposta.texto).toMatch(/Seu pedido .* está recebido/);
    // A replay of the same inbound message: no second answer.
    expect((await post(oi, fake.assinar(c1.phoneNumberId, oi))).statusCode).toBe(200);
    expect(doFake(para)).toHaveLength(2);
    const outra = fake.corpoEntrada(c1.phoneNumberId, para, 'Quero trocar a bebida');
    await post(outra, fake.assinar(c1.phoneNumberId, outra));
    expect(doFake(para)).toHaveLength(2);
    const naoLidas = await h.app.inject({ url: `${painel(1)}/whatsapp/entradas/`, headers: dono1 });
    expect(naoLidas.json<{ texto: string }[]>().map((e) => e.texto)).toContain('Quero trocar a bebida');
    expect((await h.app.inject({ url: `${painel(2)}/whatsapp/entradas/`, headers: dono2 })).json()).toEqual(
      [],
    );

    const parar = fake.corpoEntrada(c1.phoneNumberId, para, ' Párar ');
    expect((await post(parar, fake.assinar(c1.phoneNumberId, parar))).statusCode).toBe(200);
    const consent = await db
      .selectFrom('notificacao_consentimento')
      .select(['ativo', 'origem'])
      .where('idcliente', '=', c.id)
      .where('canal', '=', 'whatsapp')
      .executeTakeFirstOrThrow();
    expect(consent).toEqual({ ativo: 0, origem: 'whatsapp' });
    const antes = doFake(para).length;
    await moverPedido(db, id, STATUS.Confirmado);
    await servico().rodar();
    await servico().rodar();
    expect(doFake(para)).toHaveLength(antes);
    expect(doFake(para).filter((m) => m.modelo === 'rango_pedido_aceito')).toEqual([]);
  });

  it("the automatic answer links to the restaurant's own host when it has one", async () => {
    const host = 'pedidos.pizzaria.com.br';
    const d = await h.app.inject({
      method: 'POST',
      url: `${API}/painel/estabelecimento/1/dominios/`,
      headers: dono1,
      payload: { host },
    });
    expect(d.statusCode, d.body).toBe(201);
    try {
      const { c, para } = await clienteWhats();
      const id = await pedidoDe(c);
      await rodarAte(() => doFake(para).length === 1);
      const oi = fake.corpoEntrada(c1.phoneNumberId, para, 'Oi');
      expect((await post(oi, fake.assinar(c1.phoneNumberId, oi))).statusCode).toBe(200);
      const texto = doFake(para).at(-1)!.texto ?? '';
      // Its menu is the host's `/`; the order's page is on that host too.
      expect(texto).toContain(`pelo cardápio: http://${host}/\n`);
      expect(texto).toContain(`http://${host}/pedido/${id}`);
      expect(texto).not.toContain('rango.test');
    } finally {
      const { id } = d.json<{ id: number }>();
      await h.app.inject({
        method: 'DELETE',
        url: `${API}/painel/estabelecimento/1/dominios/${id}/`,
        headers: dono1,
      });
    }
  });

  it("an order of another establishment never goes out on this establishment's number", async () => {
    const { c, para } = await clienteWhats(['email']);
    const id = await pedidoDe(c, 2);
    await rodarAte(async () => (await linhas(id))[0]?.estado === 'falhou');
    expect((await linhas(id))[0]!.status_provedor).toBe('sem número conectado');
    expect(doFake(para)).toEqual([]);
    // The e-mail still goes.
    await rodarAte(async () => (await linhas(id, 'email'))[0]?.estado === 'enviada');
  });

  it('rate limits are retried with backoff; an undeliverable number fails for good', async () => {
    const { c, para } = await clienteWhats();
    fake.falharProximas(1, 130429);
    const id = await pedidoDe(c);
    await rodarAte(async () => (await linhas(id))[0]?.tentativas === 1);
    expect((await linhas(id))[0]).toMatchObject({
      estado: 'pendente',
      status_provedor: expect.stringMatching(/^130429/),
    });
    const depois = () => new Date(Date.now() + 60_000);
    await rodarAte(async () => (await linhas(id))[0]?.estado === 'enviada', servico(depois));
    expect(doFake(para)).toHaveLength(1);

    const b = await clienteWhats();
    fake.naoEntregavel(b.para);
    const id2 = await pedidoDe(b.c);
    await rodarAte(async () => (await linhas(id2))[0]?.estado === 'falhou');
    expect((await linhas(id2))[0]!.status_provedor).toMatch(/^131026/);
  });

  it('templates: the list with their state at Meta, submitted for approval; a test message', async () => {
    const r = await h.app.inject({ url: `${painel(1)}/whatsapp/modelos/`, headers: dono1 });
    expect(r.statusCode).toBe(200);
    expect(r.json<{ status: string }[]>().every((m) => m.status === 'APPROVED')).toBe(true);
    expect((await h.app.inject({ url: `${painel(2)}/whatsapp/modelos/`, headers: dono2 })).statusCode).toBe(
      409,
    );
    expect((await conectar(dono2, c2, 2)).statusCode).toBe(200);
    const ausentes = await h.app.inject({ url: `${painel(2)}/whatsapp/modelos/`, headers: dono2 });
    expect(ausentes.json<{ status: string }[]>().every((m) => m.status === 'AUSENTE')).toBe(true);
    const sub = await h.app.inject({
      method: 'POST',
      url: `${painel(2)}/whatsapp/modelos/`,
      headers: dono2,
      payload: {},
    });
    expect(sub.statusCode).toBe(200);
    expect(sub.json<{ status: string }[]>().every((m) => m.status === 'PENDING')).toBe(true);
    expect(fake.modelos(c2.wabaId)).toHaveLength(MODELOS.length);
    // Not approved yet: the test message is refused by the provider, said in Portuguese.
    const cedo = await h.app.inject({
      method: 'POST',
      url: `${painel(2)}/whatsapp/teste/`,
      headers: dono2,
      payload: { telefone: '(11) 91234-5678' },
    });
    expect(cedo.statusCode).toBe(502);
    expect(cedo.json<{ detail: string }>().detail).toMatch(/^O WhatsApp recusou o pedido \(132001\)/);
    fake.aprovar(c2.wabaId, 'rango_teste');
    const teste = await h.app.inject({
      method: 'POST',
      url: `${painel(2)}/whatsapp/teste/`,
      headers: dono2,
      payload: { telefone: '(11) 91234-5678' },
    });
    expect(teste.statusCode).toBe(200);
    expect(doFake('5511912345678').at(-1)).toMatchObject({
      modelo: 'rango_teste',
      phoneNumberId: c2.phoneNumberId,
    });
    const ruim = await h.app.inject({
      method: 'POST',
      url: `${painel(2)}/whatsapp/teste/`,
      headers: dono2,
      payload: { telefone: '+44 20 7946 0958' },
    });
    expect(ruim.json()).toEqual({ telefone: [MSG_TELEFONE.invalido] });
    // A status message turned off is not sent on WhatsApp.
    const off = await h.app.inject({
      method: 'PUT',
      url: `${painel(2)}/mensagens/`,
      headers: dono2,
      payload: { tipo: 'recebido', ativo: false },
    });
    expect(
      off
        .json<{ mensagens: { tipo: string; ativo: boolean }[] }>()
        .mensagens.find((m) => m.tipo === 'recebido')?.ativo,
    ).toBe(false);
  });

  it('an invalid token puts the number in error (the owner sees it); the customer still gets the e-mail', async () => {
    const { c, para } = await clienteWhats(['email']);
    fake.revogarToken(c1.phoneNumberId);
    const id = await pedidoDe(c);
    await rodarAte(
      async () =>
        (await linhas(id))[0]?.estado === 'falhou' && (await linhas(id, 'email'))[0]?.estado === 'enviada',
    );
    expect((await linhas(id))[0]!.status_provedor).toMatch(/^190/);
    expect(doFake(para)).toEqual([]);
    const pagina = await h.app.inject({ url: `${painel(1)}/`, headers: dono1 });
    expect(pagina.json()).toMatchObject({ conta: { estado: 'erro' }, motivo: MSG_WHATSAPP.erroConta });
  });
});
