import { inserirPedidoDoCliente } from './testing.ts';
import { EVENTO, STATUS } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { avisarEventos, registrarEventoDoPagamento } from '../events/record.ts';
import { definirPrevisao, moverPedido } from '../orders/status.ts';
import { definirHorarios, montarPedido, novoCliente, pedidoUrl, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { carregarVapid, createWebPushSender } from './push.ts';
import { startPushFake } from './push-fake.ts';
import type { PushFake } from './push-fake.ts';
import { createNotificacoesService } from './service.ts';

const API = '/api/ead';
const CONSENT = `${API}/controle/cliente/notificacoes/`;
const PUSH = `${API}/controle/cliente/notificacoes/push/`;
const silencio = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

describe.each(DIALECTS)('notificações (push e e-mail) on %s', (dialect) => {
  let h: TestApp;
  let fake: PushFake;
  let db: Db;
  const servico = (d: Db, agora?: () => Date) =>
    createNotificacoesService({
      db: d,
      mailer: createOutboxMailer(d, silencio),
      push: createWebPushSender(() => carregarVapid(d, testConfig()), fake.agent),
      publicUrl: 'http://rango.test',
      log: silencio,
      ...(agora ? { agora } : {}),
    });

  /** Runs the outbox (as the job does) until `pronto` holds, or fails after ~5 s. */
  const rodarAte = async (pronto: () => boolean | Promise<boolean>, s = servico(db)) => {
    for (let i = 0; i < 100; i++) {
      await s.rodar();
      if (await pronto()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('não chegou');
  };

  const escolher = (c: ClienteTeste, canal: 'email' | 'push', ativo: boolean) =>
    h.app.inject({
      method: 'PUT',
      url: CONSENT,
      headers: c.headers,
      payload: { canal, ativo, origem: 'pedido' },
    });

  const assinar = async (c: ClienteTeste) => {
    const a = fake.novaAssinatura();
    const r = await h.app.inject({ method: 'POST', url: PUSH, headers: c.headers, payload: a });
    expect(r.statusCode).toBe(201);
    return a;
  };

  /** An order of `c` placed as the orders module does it (its pedido.novo event in the same transaction). */
  const pedidoDe = async (c: ClienteTeste, tipo: 'DELIVERY' | 'TOGO' = 'DELIVERY') => {
    const id = await inserirPedidoDoCliente(db, c.id, { tipo });
    avisarEventos(db);
    return id;
  };

  const mensagens = (idpedido: number) =>
    db.selectFrom('notificacao').selectAll().where('idpedido', '=', idpedido).orderBy('id').execute();
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

  beforeAll(async () => {
    fake = await startPushFake();
    h = await openTestApp(dialect, {}, { pushAgent: fake.agent, notificacoesJob: false });
    db = h.t.db;
    const r = await h.app.inject({ url: `${API}/controle/notificacoes/chave-publica/` });
    expect(r.statusCode).toBe(200);
    // The fake accepts only JWTs signed with the server's VAPID key.
    fake.exigirChave(r.json<{ chave: string }>().chave);
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('keeps the VAPID pair generated at first start, never answering the private key', async () => {
    // Kept in configuracao, so every instance on the database shares it.
    const guardada = await db
      .selectFrom('configuracao')
      .select('valor')
      .where('chave', '=', 'vapid')
      .executeTakeFirst();
    expect(guardada).toBeDefined();
    const a = await carregarVapid(db, testConfig());
    expect(JSON.parse(guardada!.valor)).toEqual({ publicKey: a.publicKey, privateKey: a.privateKey });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: a.publicKey })).toThrow(/as duas ou nenhuma/);
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 'q', VAPID_SUBJECT: 'mailto:a@b.c' }).vapid,
    ).toEqual({
      publicKey: 'p',
      privateKey: 'q',
      subject: 'mailto:a@b.c',
    });
    const b = await carregarVapid(h.t.reopen(), testConfig());
    expect(b).toEqual(a);
    const r = await h.app.inject({ url: `${API}/controle/notificacoes/chave-publica/` });
    expect(r.json()).toEqual({ chave: a.publicKey });
    expect(r.body).not.toContain(a.privateKey);
  });

  it('the push-service fake refuses a JWT signed by another VAPID key (403)', async () => {
    const a = fake.novaAssinatura();
    const outra = createWebPushSender(
      async () => ({ ...webpush.generateVAPIDKeys(), subject: 'mailto:x@rango.test' }),
      fake.agent,
    );
    expect(
      await outra.enviar({ endpoint: a.endpoint, ...a.keys }, '{}', { topico: 'x', ttlSegundos: 60 }),
    ).toEqual({ status: 403 });
    expect(fake.recusadas.at(-1)).toMatchObject({ status: 403, motivo: 'chave pública desconhecida' });
  });

  it('records consent with time and source; refuses bad input in Portuguese', async () => {
    const c = await novoCliente(h.app, db);
    expect((await h.app.inject({ url: CONSENT })).statusCode).toBe(401);
    const r = await escolher(c, 'email', true);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      canais: [{ canal: 'email', ativo: true, origem: 'pedido' }],
      dispositivos: 0,
    });
    const ruim = await h.app.inject({
      method: 'PUT',
      url: CONSENT,
      headers: c.headers,
      payload: { canal: 'sms', ativo: true },
    });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json()).toEqual({ canal: ['Escolha e-mail, notificações neste aparelho ou WhatsApp.'] });
    for (const endpoint of ['http://push.example.com/x', 'javascript:alert(1)', 'x']) {
      const p = await h.app.inject({
        method: 'POST',
        url: PUSH,
        headers: c.headers,
        payload: { endpoint, keys: { p256dh: 'abc', auth: 'def' } },
      });
      expect(p.statusCode).toBe(400);
      expect(p.json()).toEqual({
        endpoint: ['Endereço de notificação inválido: use o do navegador (https).'],
      });
    }
    const a = await assinar(c);
    expect((await h.app.inject({ url: CONSENT, headers: c.headers })).json()).toMatchObject({
      dispositivos: 1,
    });
    const del = await h.app.inject({
      method: 'DELETE',
      url: PUSH,
      headers: c.headers,
      payload: { endpoint: a.endpoint },
    });
    expect(del.statusCode).toBe(204);
    const de2 = await h.app.inject({
      method: 'DELETE',
      url: PUSH,
      headers: c.headers,
      payload: { endpoint: a.endpoint },
    });
    expect(de2.statusCode).toBe(404);
  });

  it('sends each status once on each chosen channel; a second instance sends nothing again', async () => {
    const c = await novoCliente(h.app, db);
    await escolher(c, 'email', true);
    await escolher(c, 'push', true);
    const a = await assinar(c);
    const id = await pedidoDe(c);
    await db.transaction().execute(async (trx) => {
      await moverPedido(trx, id, STATUS.Confirmado);
      await definirPrevisao(trx, id, '2026-01-10T15:40:00.000Z');
    });
    await moverPedido(db, id, STATUS.Pronto);
    await moverPedido(db, id, STATUS.Entregue);
    await rodarAte(async () => pushDe(a.endpoint).length === 4 && (await emails(c)).length === 4);

    expect(pushDe(a.endpoint).map((m) => m.titulo)).toEqual([
      'Pizzaria Teste: pedido recebido',
      'Pizzaria Teste: pedido aceito',
      'Pizzaria Teste: saiu para entrega',
      'Pizzaria Teste: pedido entregue',
    ]);
    expect(pushDe(a.endpoint)[0]).toMatchObject({ url: `/pedido/${id}`, tag: `pedido-${id}` });
    expect(pushDe(a.endpoint)[0]!.texto).toMatch(/Total R\$\s?92,80, pagamento: Dinheiro\./);
    expect(pushDe(a.endpoint)[1]!.texto).toContain('Previsão: 12:40.');
    const mail = await emails(c);
    expect(mail.map((m) => m.assunto)).toEqual(pushDe(a.endpoint).map((m) => m.titulo));
    expect(mail[0]!.link).toBe(`http://rango.test/pedido/${id}`);
    // The confirmation carries the receipt (its items and total); a status e-mail only its line.
    expect(mail[0]!.html).toContain('<p>Olá, Maria Cliente!</p>');
    expect(mail[0]!.html).toMatch(/Pedido #\d+ - Pizzaria Teste/);
    expect(mail[0]!.html).toMatch(/R\$\s?92,80/);
    expect(mail[1]!.html).not.toContain('R$');

    // Again, and from another instance on the same database: nothing new is written or sent.
    const outra = servico(h.t.reopen());
    await outra.rodar();
    await servico(db).rodar();
    expect(pushDe(a.endpoint)).toHaveLength(4);
    expect(await emails(c)).toHaveLength(4);
    const rows = await mensagens(id);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.estado === 'enviada' && r.tentativas === 1)).toBe(true);
    expect(fake.recusadas.filter((r) => a.endpoint.endsWith(r.id))).toEqual([]);
  });

  it('drops an acceptance past its use (the order was cancelled) and sends the cancellation with its reason', async () => {
    const c = await novoCliente(h.app, db);
    await escolher(c, 'push', true);
    const a = await assinar(c);
    const id = await pedidoDe(c, 'TOGO');
    await moverPedido(db, id, STATUS.Confirmado);
    await moverPedido(db, id, STATUS.Cancelado, { motivo: 'Acabou o queijo' });
    await rodarAte(() => pushDe(a.endpoint).length >= 1);
    const rows = await mensagens(id);
    expect(rows.map((r) => [r.tipo, r.estado])).toEqual([
      ['recebido', 'descartada'],
      ['aceito', 'descartada'],
      ['cancelado', 'enviada'],
    ]);
    expect(pushDe(a.endpoint).map((m) => m.texto)).toEqual([
      expect.stringMatching(/cancelado\. Motivo: Acabou o queijo$/),
    ]);
  });

  it('410 from the push service removes the subscription; 429 is retried with backoff', async () => {
    const c = await novoCliente(h.app, db);
    await escolher(c, 'push', true);
    const a = await assinar(c);
    const id = await pedidoDe(c);
    fake.responder(a.endpoint, 429);
    const s = servico(db);
    await rodarAte(async () => (await mensagens(id))[0]?.status_provedor === '429', s);
    const [pendente] = await mensagens(id);
    expect(pendente).toMatchObject({ estado: 'pendente', tentativas: 1 });
    expect(Date.parse(pendente!.proxima_em)).toBeGreaterThan(Date.now() + 3000);
    // Later (the backoff passed), the service answers 201.
    fake.responder(a.endpoint, 201);
    const depois = servico(db, () => new Date(Date.now() + 10_000));
    await rodarAte(async () => (await mensagens(id))[0]?.estado === 'enviada', depois);
    expect(pushDe(a.endpoint)).toHaveLength(1);

    fake.responder(a.endpoint, 410);
    await moverPedido(db, id, STATUS.Confirmado);
    await rodarAte(async () => (await mensagens(id))[1]?.estado === 'falhou');
    expect((await mensagens(id))[1]!.status_provedor).toBe('410');
    const restantes = await db
      .selectFrom('notificacao_push')
      .select('id')
      .where('idcliente', '=', c.id)
      .execute();
    expect(restantes).toEqual([]);
    // No device left: the next status writes no push message.
    await moverPedido(db, id, STATUS.Pronto);
    await servico(db).rodar();
    expect(await mensagens(id)).toHaveLength(2);
  });

  it('revoked consent stops the next message', async () => {
    const c = await novoCliente(h.app, db);
    await escolher(c, 'email', true);
    const id = await pedidoDe(c);
    await rodarAte(async () => (await emails(c)).length === 1);
    await moverPedido(db, id, STATUS.Confirmado);
    // Written (PostgreSQL: once the log's tail is ready), not yet sent, when the customer revokes.
    for (let i = 0; i < 100 && (await mensagens(id)).length < 2; i++) {
      await servico(db).seguirEventos();
      await new Promise((r) => setTimeout(r, 20));
    }
    // Written, not yet sent, when the customer revokes: it is not sent.
    expect(await escolher(c, 'email', false)).toMatchObject({ statusCode: 200 });
    await servico(db).rodar();
    expect((await mensagens(id)).map((r) => [r.tipo, r.estado, r.status_provedor])).toEqual([
      ['recebido', 'enviada', 'aceito'],
      ['aceito', 'descartada', 'consentimento revogado'],
    ]);
    await moverPedido(db, id, STATUS.Pronto);
    await servico(db).rodar();
    expect(await mensagens(id)).toHaveLength(2);
    expect(await emails(c)).toHaveLength(1);
  });

  it("is part of 'Baixar meus dados' and goes with the account", async () => {
    const c = await novoCliente(h.app, db, { telefone: '(11) 97654-3210' });
    await escolher(c, 'email', true);
    await escolher(c, 'push', true);
    await escolher(c, 'push', false);
    // Chosen at checkout: the source and the number are kept with the choice.
    const w = await h.app.inject({
      method: 'PUT',
      url: CONSENT,
      headers: c.headers,
      payload: { canal: 'whatsapp', ativo: true, origem: 'checkout' },
    });
    expect(w.statusCode).toBe(200);
    expect(w.json<{ canais: unknown[] }>().canais).toContainEqual({
      canal: 'whatsapp',
      ativo: true,
      origem: 'checkout',
      atualizado_em: expect.any(String),
      telefone: '+5511976543210',
    });
    const origemInvalida = await h.app.inject({
      method: 'PUT',
      url: CONSENT,
      headers: c.headers,
      payload: { canal: 'email', ativo: true, origem: 'site' },
    });
    expect(origemInvalida.statusCode).toBe(400);
    const a = await assinar(c);
    const id = await pedidoDe(c);
    await rodarAte(async () => (await emails(c)).length === 1);
    const r = await h.app.inject({ url: `${API}/controle/cliente/meus-dados/`, headers: c.headers });
    expect(r.statusCode).toBe(200);
    const n = r.json<{ notificacoes: Record<string, unknown[]> }>().notificacoes;
    expect(n.consentimentos).toEqual([
      { canal: 'email', ativo: true, origem: 'pedido', atualizado_em: expect.any(String), telefone: null },
      { canal: 'push', ativo: false, origem: 'pedido', atualizado_em: expect.any(String), telefone: null },
      {
        canal: 'whatsapp',
        ativo: true,
        origem: 'checkout',
        atualizado_em: expect.any(String),
        telefone: '+5511976543210',
      },
    ]);
    expect(n.dispositivos).toEqual([{ servico: new URL(a.endpoint).host }]);
    expect(r.body).not.toContain(a.keys.auth);
    // E-mail sent; WhatsApp without a connected number (failed): both are the customer's, both exported.
    expect(n.mensagens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ idpedido: id, canal: 'email', tipo: 'recebido', estado: 'enviada' }),
        expect.objectContaining({ idpedido: id, canal: 'whatsapp', tipo: 'recebido' }),
      ]),
    );

    const del = await h.app.inject({
      method: 'DELETE',
      url: `${API}/controle/cliente/${c.id}/`,
      headers: c.headers,
    });
    expect(del.statusCode).toBe(204);
    for (const t of ['notificacao', 'notificacao_push', 'notificacao_consentimento'] as const) {
      const rows = await db.selectFrom(t).select('idcliente').where('idcliente', '=', c.id).execute();
      expect(rows, t).toEqual([]);
    }
  });

  it('the channels ticked at checkout are recorded with the order, in its transaction; ticking without ordering records nothing', async () => {
    await definirHorarios(db, 1);
    const produtos = await produtosDoMenu(h.app, 1);
    const c = await novoCliente(h.app, db, { telefone: '(11) 97654-3210' });
    await escolher(c, 'email', true);
    const consentimentos = async () =>
      (await h.app.inject({ url: CONSENT, headers: c.headers })).json<{
        canais: { canal: string; ativo: boolean; origem: string; atualizado_em: string }[];
      }>().canais;
    const antes = await consentimentos();
    const pedido = (notificacoes?: ('email' | 'push' | 'whatsapp')[]) => ({
      ...montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] }),
      ...(notificacoes ? { notificacoes } : {}),
    });
    const post = (payload: object) =>
      h.app.inject({ method: 'POST', url: pedidoUrl(1), headers: c.headers, payload });

    // Without the field (the spec's order as it was): the saved choice stays.
    expect((await post(pedido())).statusCode).toBe(201);
    expect(await consentimentos()).toEqual(antes);

    // WhatsApp ticked, e-mail left ticked: WhatsApp chosen with the order's instant and source
    // 'checkout'; e-mail, already chosen in /cliente, keeps its own time and source.
    const r = await post(pedido(['email', 'whatsapp']));
    expect(r.statusCode).toBe(201);
    const { id } = r.json<{ id: number }>();
    const gravado = await db
      .selectFrom('pedido')
      .select('dthrpedido')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await consentimentos()).toEqual([
      antes[0],
      {
        canal: 'whatsapp',
        ativo: true,
        origem: 'checkout',
        atualizado_em: gravado.dthrpedido,
        telefone: '+5511976543210',
      },
    ]);

    // E-mail unticked: revoked, with the order.
    expect((await post(pedido(['whatsapp']))).statusCode).toBe(201);
    expect((await consentimentos()).map((x) => [x.canal, x.ativo, x.origem])).toEqual([
      ['email', false, 'checkout'],
      ['whatsapp', true, 'checkout'],
    ]);

    // A refused order records nothing (a closed store: 422).
    await definirHorarios(db, 1, []);
    const depois = await consentimentos();
    const fechada = await post(pedido(['email', 'whatsapp']));
    expect(fechada.statusCode).toBe(422);
    expect(await consentimentos()).toEqual(depois);
    await definirHorarios(db, 1);

    // A phone that cannot be a Brazilian mobile: the order is refused in Portuguese, nothing stored.
    const fixo = await novoCliente(h.app, db, { telefone: '(11) 3333-4444' });
    const n = await db.selectFrom('pedido').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const semCelular = await h.app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      headers: fixo.headers,
      payload: pedido(['whatsapp']),
    });
    expect(semCelular.statusCode).toBe(400);
    expect(semCelular.json<{ telefone: string[] }>().telefone[0]).toMatch(/celular/);
    expect(await db.selectFrom('pedido').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(
      n,
    );
    expect(
      await db.selectFrom('notificacao_consentimento').selectAll().where('idcliente', '=', fixo.id).execute(),
    ).toEqual([]);

    // A channel that is not one: the order's malformed-body refusal.
    expect((await post({ ...pedido(), notificacoes: ['sms'] })).statusCode).toBe(400);
  });

  it("'PIX pago' for a paid PIX, nothing for a paid card", async () => {
    const c = await novoCliente(h.app, db);
    await escolher(c, 'email', true);
    const pago = async (tipo: 'pix' | 'credito') => {
      const id = await pedidoDe(c);
      await rodarAte(async () => (await mensagens(id)).length === 1);
      const agora = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        const p = await trx
          .insertInto('pagamento')
          .values({
            idpedido: id,
            pedido_id: `p-${id}`,
            idcliente: c.id,
            chave: `k-${id}`,
            gateway: 'sandbox',
            tipo,
            valor: 9280,
            estado: 'pago',
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
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // As payments records it (modules/payments/repository.ts).
        await registrarEventoDoPagamento(trx, p.id, EVENTO.pedidoPagamento, { estado: 'pago' });
      });
      await moverPedido(db, id, STATUS.Confirmado);
      await rodarAte(async () => (await mensagens(id)).some((m) => m.tipo === 'aceito'));
      return (await mensagens(id)).map((m) => [m.tipo, m.titulo]);
    };
    expect(await pago('pix')).toEqual([
      ['recebido', 'Pizzaria Teste: pedido recebido'],
      ['pix_pago', 'Pizzaria Teste: PIX pago'],
      ['aceito', 'Pizzaria Teste: pedido aceito'],
    ]);
    expect((await pago('credito')).map(([t]) => t)).toEqual(['recebido', 'aceito']);
  });
});
