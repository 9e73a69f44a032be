import { inserirPedido } from '../operator/testing.ts';
import { inserirPedidoDoCliente } from './testing.ts';
import { EVENTO, STATUS } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.ts';
import type { Db } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { avisarEventos, registrarEventoDoPagamento } from '../events/record.ts';
import { moverPedido } from '../orders/status.ts';
import { novoCliente } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { carregarVapid, createWebPushSender } from './push.ts';
import { startPushFake } from './push-fake.ts';
import type { PushFake } from './push-fake.ts';
import { notificacoesRepository } from './repository.ts';
import { createNotificacoesService } from './service.ts';
import { staffBearer } from '../staff/testing.ts';

const API = '/api/ead';
const CONSENT = `${API}/controle/cliente/notificacoes/`;
const PUSH = `${API}/controle/cliente/notificacoes/push/`;
const silencio = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const MIN = 60_000;

/**
 * Issue 22 part 1 (the rest): fallback to the next chosen channel, messages past their use, the
 * PIX code and its reminder, and a send taken again after its instance died mid-send — all on a
 * fake clock.
 */
describe.each(DIALECTS)('notificações: repasse, PIX e retomada on %s', (dialect) => {
  let h: TestApp;
  let fake: PushFake;
  let db: Db;
  /** The fake clock every service of a test reads. */
  let t = Date.now();
  const servico = () =>
    createNotificacoesService({
      db,
      mailer: createOutboxMailer(db, silencio),
      push: createWebPushSender(() => carregarVapid(db, testConfig()), fake.agent),
      publicUrl: 'http://rango.test',
      log: silencio,
      agora: () => new Date(t),
    });

  const escolher = async (c: ClienteTeste, canal: 'email' | 'push', ativo = true) => {
    const r = await h.app.inject({
      method: 'PUT',
      url: CONSENT,
      headers: c.headers,
      payload: { canal, ativo, origem: 'pedido' },
    });
    expect(r.statusCode).toBe(200);
  };
  const assinar = async (c: ClienteTeste) => {
    const a = fake.novaAssinatura();
    expect(
      (await h.app.inject({ method: 'POST', url: PUSH, headers: c.headers, payload: a })).statusCode,
    ).toBe(201);
    return a;
  };
  const pedidoDe = async (c: ClienteTeste, status: number = STATUS.Realizado) => {
    const id = await inserirPedidoDoCliente(db, c.id, { status });
    avisarEventos(db);
    return id;
  };
  const mensagens = (idpedido: number) =>
    db.selectFrom('notificacao').selectAll().where('idpedido', '=', idpedido).orderBy('id').execute();
  /** Follows the log until the order has `n` messages (PostgreSQL: the tail is read once older transactions end). */
  const escritas = async (idpedido: number, n: number) => {
    for (let i = 0; i < 100; i++) {
      await servico().seguirEventos();
      if ((await mensagens(idpedido)).length >= n) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('mensagens não escritas');
  };
  const emails = async (c: ClienteTeste) => {
    const cli = await db
      .selectFrom('cliente')
      .select('email')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    return db.selectFrom('mail_outbox').selectAll().where('para', '=', cli.email!).orderBy('id').execute();
  };
  const pushDe = (endpoint: string) =>
    fake.recebidas
      .filter((m) => endpoint.endsWith(`/${m.id}`))
      .map((m) => JSON.parse(m.corpo) as Record<string, string>);

  /** A PIX attempt of the order, moved to 'pendente' with its code as payments does it (its event). */
  const pix = async (idpedido: number, c: ClienteTeste, expiraEm: number, codigo: string) => {
    const agora = new Date(t).toISOString();
    return db.transaction().execute(async (trx) => {
      const p = await trx
        .insertInto('pagamento')
        .values({
          idpedido,
          pedido_id: `p-${idpedido}-${codigo}`,
          idcliente: c.id,
          chave: `k-${idpedido}-${codigo}`,
          gateway: 'sandbox',
          tipo: 'pix',
          valor: 9280,
          estado: 'pendente',
          payment_id: null,
          return_code: null,
          return_message: null,
          url: null,
          qrcode: codigo,
          imagem_qrcode: null,
          expira_em: new Date(expiraEm).toISOString(),
          cartao_token: null,
          cartao_bandeira: null,
          cartao_numero: null,
          cartao_titular: null,
          cartao_cnpjoucpf: null,
          criado_em: agora,
          atualizado_em: agora,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await registrarEventoDoPagamento(trx, p.id, EVENTO.pedidoPagamento, { estado: 'pendente' });
      return p.id;
    });
  };
  const pagar = async (idpagamento: number) => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('pagamento').set({ estado: 'pago' }).where('id', '=', idpagamento).execute();
      await registrarEventoDoPagamento(trx, idpagamento, EVENTO.pedidoPagamento, { estado: 'pago' });
    });
  };

  beforeAll(async () => {
    fake = await startPushFake();
    h = await openTestApp(dialect, {}, { pushAgent: fake.agent, notificacoesJob: false });
    db = h.t.db;
    const r = await h.app.inject({ url: `${API}/controle/notificacoes/chave-publica/` });
    fake.exigirChave(r.json<{ chave: string }>().chave);
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('a push subscription gone (410) hands the message to the next chosen channel within 60 s', async () => {
    t = Date.now();
    const c = await novoCliente(h.app, db);
    await escolher(c, 'push');
    const a = await assinar(c);
    const id = await pedidoDe(c);
    const s = servico();
    await escritas(id, 1);
    // E-mail chosen after the message was written: only push has it.
    await escolher(c, 'email');
    fake.responder(a.endpoint, 410);
    const falhaEm = t;
    await s.rodar();
    expect((await mensagens(id)).map((m) => [m.canal, m.estado])).toEqual([
      ['push', 'falhou'],
      ['email', 'pendente'],
    ]);
    expect(await emails(c)).toEqual([]);
    // The job's next run (it runs every second).
    t += 1000;
    await s.rodar();
    const rows = await mensagens(id);
    expect(rows.map((m) => [m.canal, m.tipo, m.estado])).toEqual([
      ['push', 'recebido', 'falhou'],
      ['email', 'recebido', 'enviada'],
    ]);
    expect(Date.parse(rows[1]!.enviado_em!) - falhaEm).toBeLessThanOrEqual(60_000);
    const mail = await emails(c);
    expect(mail.map((m) => m.assunto)).toEqual(['Pizzaria Teste: pedido recebido']);
    // Once: another failure of the same message, or another run, adds nothing.
    await s.rodar();
    expect(await mensagens(id)).toHaveLength(2);
    expect(pushDe(a.endpoint)).toEqual([]);
  });

  it('one run of the job works off a backlog larger than a batch: a status change behind 120 orders goes in that run', async () => {
    t = Date.now();
    const c = await novoCliente(h.app, db);
    await escolher(c, 'push');
    const a = await assinar(c);
    // A burst of orders (each one's 'pedido recebido'), then the last one is accepted.
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push(await pedidoDe(c));
    const ultimo = ids.at(-1)!;
    await moverPedido(db, ultimo, STATUS.Confirmado);
    avisarEventos(db);
    await escritas(ultimo, 2);
    const s = servico();
    // One run (the job runs it every second): before, it sent 50 and left the acceptance for
    // the third second behind the backlog (a minute's burst held status messages for minutes).
    await s.rodar();
    const rows = await db
      .selectFrom('notificacao')
      .select(['idpedido', 'tipo', 'estado'])
      .where('idcliente', '=', c.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(121);
    expect(rows.filter((r) => r.estado !== 'enviada')).toEqual([]);
    const recebidas = pushDe(a.endpoint);
    expect(recebidas).toHaveLength(121);
    expect(recebidas.filter((m) => m.titulo === 'Pizzaria Teste: pedido aceito').map((m) => m.url)).toEqual([
      `/pedido/${ultimo}`,
    ]);
    // Each order's 'pedido recebido' once.
    expect(new Set(recebidas.map((m) => `${m.url} ${m.titulo}`)).size).toBe(121);
  });

  it('a failure for good with no other chosen channel left ends there', async () => {
    t = Date.now();
    const c = await novoCliente(h.app, db);
    await escolher(c, 'push');
    const a = await assinar(c);
    fake.responder(a.endpoint, 404);
    const id = await pedidoDe(c);
    await escritas(id, 1);
    await servico().rodar();
    t += 1000;
    await servico().rodar();
    expect((await mensagens(id)).map((m) => [m.canal, m.estado, m.status_provedor])).toEqual([
      ['push', 'falhou', '404'],
    ]);
  });

  it('sends the PIX code with its expiry, reminds 5 min before it expires, and drops the reminder once paid', async () => {
    t = Date.now();
    const c = await novoCliente(h.app, db);
    await escolher(c, 'email');
    const id = await pedidoDe(c, STATUS.PgtoPendente);
    const expira = t + 30 * MIN;
    const idpix = await pix(id, c, expira, '00020126580014BR.GOV.BCB.PIX0136abc');
    await escritas(id, 3);
    const s = servico();
    await s.rodar();
    let rows = await mensagens(id);
    expect(rows.map((m) => [m.tipo, m.estado])).toEqual([
      ['recebido', 'enviada'],
      ['pix_pendente', 'enviada'],
      ['pix_lembrete', 'pendente'],
    ]);
    expect(Date.parse(rows[2]!.proxima_em)).toBe(expira - 5 * MIN);
    let mail = await emails(c);
    expect(mail[1]!.assunto).toBe('Pizzaria Teste: pague com PIX');
    expect(mail[1]!.texto).toMatch(
      /pague com o PIX copia e cola até \d\d:\d\d: 00020126580014BR\.GOV\.BCB\.PIX0136abc/,
    );
    // Not before its time.
    t = expira - 6 * MIN;
    await s.rodar();
    expect(await emails(c)).toHaveLength(2);
    t = expira - 5 * MIN;
    await s.rodar();
    mail = await emails(c);
    expect(mail).toHaveLength(3);
    expect(mail[2]!.assunto).toMatch(/^Pizzaria Teste: seu PIX vence às \d\d:\d\d$/);
    expect(mail[2]!.texto).toContain('Copia e cola: 00020126580014BR.GOV.BCB.PIX0136abc');

    // Another order, paid before its reminder: the reminder is dropped, 'PIX pago' is sent.
    t = Date.now();
    const id2 = await pedidoDe(c, STATUS.PgtoPendente);
    const idpix2 = await pix(id2, c, t + 30 * MIN, 'codigo-2');
    await escritas(id2, 3);
    await s.rodar();
    await pagar(idpix2);
    await escritas(id2, 4);
    await s.rodar();
    t += 25 * MIN;
    await s.rodar();
    rows = await mensagens(id2);
    expect(rows.map((m) => [m.tipo, m.estado, m.status_provedor])).toEqual([
      ['recebido', 'enviada', 'aceito'],
      ['pix_pendente', 'enviada', 'aceito'],
      ['pix_lembrete', 'descartada', 'PIX pago'],
      ['pix_pago', 'enviada', 'aceito'],
    ]);
    expect(idpix).toBeLessThan(idpix2);
  });

  it('drops the code and reminder of a PIX renewed before they went (only the new code is sent)', async () => {
    t = Date.now();
    const c = await novoCliente(h.app, db);
    await escolher(c, 'email');
    const id = await pedidoDe(c, STATUS.PgtoPendente);
    const s = servico();
    await s.rodar();
    await escritas(id, 1);
    const velho = await pix(id, c, t + 30 * MIN, 'codigo-velho');
    await escritas(id, 3);
    // Renewed ('Gerar novo código'): the old attempt expired, a new one is pending.
    await db.updateTable('pagamento').set({ estado: 'expirado' }).where('id', '=', velho).execute();
    await pix(id, c, t + 60 * MIN, 'codigo-novo');
    await escritas(id, 5);
    await s.rodar();
    const rows = await mensagens(id);
    expect(rows.map((m) => [m.tipo, m.idpagamento === velho, m.estado, m.status_provedor])).toEqual([
      ['recebido', false, 'enviada', 'aceito'],
      ['pix_pendente', true, 'descartada', 'PIX renovado'],
      // Not due yet: judged when it is.
      ['pix_lembrete', true, 'pendente', null],
      ['pix_pendente', false, 'enviada', 'aceito'],
      ['pix_lembrete', false, 'pendente', null],
    ]);
    const mail = await emails(c);
    expect(mail.map((m) => m.texto).join('\n')).not.toContain('codigo-velho');
    expect(mail.at(-1)!.texto).toContain('codigo-novo');
    // The old reminder's time: dropped (its attempt was renewed).
    t += 25 * MIN;
    await s.rodar();
    expect((await mensagens(id))[2]).toMatchObject({ estado: 'descartada', status_provedor: 'PIX renovado' });
    // The order is cancelled: the new reminder is dropped when due, never sent late.
    await moverPedido(db, id, STATUS.Cancelado, { motivo: 'PIX não pago' });
    await escritas(id, 6);
    t += 30 * MIN;
    await s.rodar();
    expect((await mensagens(id))[4]).toMatchObject({
      estado: 'descartada',
      status_provedor: 'pedido cancelado',
    });
    // Only the cancellation went since.
    expect((await emails(c)).slice(mail.length).map((m) => m.assunto)).toEqual([
      'Pizzaria Teste: pedido cancelado',
    ]);
  });

  it('a message left "enviando" by an instance that died mid-send is taken again after its claim, and e-mailed once', async () => {
    t = Date.now();
    const c = await novoCliente(h.app, db);
    await escolher(c, 'email');
    const id = await pedidoDe(c);
    await escritas(id, 1);
    const [n] = await mensagens(id);
    // The dead instance: it claimed the message ('enviando' recorded before the call), handed it
    // to the mail adapter with its Message-ID, and died before recording the answer.
    expect(await notificacoesRepository.reivindicar(db, n!.id, 0, new Date(t + 60_000).toISOString())).toBe(
      true,
    );
    await createOutboxMailer(db, silencio).send({
      para: (await db.selectFrom('cliente').select('email').where('id', '=', c.id).executeTakeFirstOrThrow())
        .email!,
      assunto: n!.titulo,
      texto: n!.texto,
      html: n!.texto,
      messageId: `<notificacao.${n!.id}@rango.test>`,
    });
    // Within its claim nobody touches it.
    await servico().rodar();
    expect((await mensagens(id))[0]).toMatchObject({ estado: 'enviando', tentativas: 1 });
    // Past it, another instance takes it again and re-sends under the same Message-ID: recorded once.
    t += 61_000;
    await servico().rodar();
    expect((await mensagens(id))[0]).toMatchObject({ estado: 'enviada', tentativas: 2 });
    const mail = await emails(c);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.message_id).toBe(`<notificacao.${n!.id}@rango.test>`);
    // A late answer of the dead attempt (tentativas 1) cannot overwrite the new one.
    expect(
      await notificacoesRepository.concluir(db, n!.id, 1, { estado: 'falhou', status_provedor: 'x' }),
    ).toBe(false);
  });

  it("the panel's order drawer: the order's messages with their state, its rating and the WhatsApp link; 404 for another establishment", async () => {
    t = Date.now();
    const c = await novoCliente(h.app, db);
    await escolher(c, 'email');
    await escolher(c, 'push');
    const a = await assinar(c);
    fake.responder(a.endpoint, 410);
    const id = await pedidoDe(c);
    await db.updateTable('cliente').set({ telefone: '(11) 98765-4321' }).where('id', '=', c.id).execute();
    await escritas(id, 2);
    await servico().rodar();
    await db
      .insertInto('avaliacao')
      .values({
        idpedido: id,
        idcliente: c.id,
        idestabelecimento: 1,
        nota: 4,
        comentario: 'Chegou quente',
        resposta: null,
        respondido_em: null,
        criado_em: new Date(t).toISOString(),
        atualizado_em: new Date(t).toISOString(),
      })
      .execute();
    const dono = await staffBearer(h.app, db, 1, `dono-${id}@rango.test`, 'dono');
    const atendente = await staffBearer(h.app, db, 1, `atendente-${id}@rango.test`, 'atendente');
    const outro = await staffBearer(h.app, db, 2, `outro-${id}@rango.test`, 'dono');
    const url = (est: number, p: number | string) =>
      `${API}/painel/estabelecimento/${est}/pedido/${p}/mensagens/`;
    const referencia = (
      await db.selectFrom('pedido').select('referencia').where('id', '=', id).executeTakeFirstOrThrow()
    ).referencia;
    for (const headers of [dono, atendente]) {
      const r = await h.app.inject({ url: url(1, id), headers });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        mensagens: [
          expect.objectContaining({
            canal: 'email',
            tipo: 'recebido',
            estado: 'enviada',
            enviado_em: expect.any(String),
          }),
          expect.objectContaining({ canal: 'push', tipo: 'recebido', estado: 'falhou', enviado_em: null }),
        ],
        avaliacao: { nota: 4, comentario: 'Chegou quente', resposta: null },
        whatsapp: `https://wa.me/5511987654321?text=${encodeURIComponent(`Olá! Sobre o pedido #${referencia}`)}`,
      });
    }
    // Another establishment's staff, or its own order asked under the other's id: 404, nothing told.
    expect((await h.app.inject({ url: url(2, id), headers: outro })).statusCode).toBe(404);
    expect((await h.app.inject({ url: url(1, id), headers: outro })).statusCode).toBe(404);
    const alheio = await inserirPedido(db, { idestabelecimento: 2 });
    expect((await h.app.inject({ url: url(1, alheio), headers: dono })).statusCode).toBe(404);
    expect((await h.app.inject({ url: url(1, 'abc'), headers: dono })).statusCode).toBe(404);
    expect((await h.app.inject({ url: url(1, id) })).statusCode).toBe(401);
  });
});
