import { inserirPedidoDoCliente } from './testing.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import { filhos } from '../../test/filhos.ts';
import type { TestApp } from '../../test/app.ts';
import { novoCliente } from '../orders/testing.ts';
import { startPushFake } from './push-fake.ts';
import type { PushFake } from './push-fake.ts';

const API = '/api/ead';
const PEDIDOS = 12;

/**
 * Issue 22, 'exactly once after a crash': three sender instances (child processes) on one
 * PostgreSQL database share the outbox; one kills itself with SIGKILL right after the provider
 * accepted an e-mail and before recording it, another is killed -9 from outside while its push
 * requests are in flight (the push-service fake answers 150 ms after storing each message). Every
 * message is delivered, none lost; each e-mail exactly once (its Message-ID recorded once); a
 * push accepted by the service just before its sender died is sent again under the same Topic
 * (Web Push has no way to ask whether it was received): at most one such copy per killed instance.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('notificações: kill -9 no meio do envio (PostgreSQL)', () => {
  let fake: PushFake;
  let h: TestApp;
  let db: Db;
  const processos = filhos();

  const instancia = (schema: string, env: Record<string, string> = {}) =>
    processos.iniciar('src/test/child-notificacoes.ts', {
      CHILD_SCHEMA: schema,
      PUSH_CA: fake.certificadoPem,
      PRAZO_MS: '1500',
      ...env,
    });

  beforeAll(async () => {
    fake = await startPushFake();
    h = await openTestApp('postgres', {}, { pushAgent: fake.agent });
    db = h.t.db;
  });
  afterAll(async () => {
    processos.matarTodos();
    await h?.t.cleanup();
    await fake?.close();
  });

  it(
    'delivers every message, none lost, each e-mail once, with one instance dying after the provider accepted and another killed mid-send',
    { timeout: 120_000 },
    async () => {
      const chave = await h.app.inject({ url: `${API}/controle/notificacoes/chave-publica/` });
      fake.exigirChave(chave.json<{ chave: string }>().chave);
      const c = await novoCliente(h.app, db);
      for (const canal of ['email', 'push'])
        await h.app.inject({
          method: 'PUT',
          url: `${API}/controle/cliente/notificacoes/`,
          headers: c.headers,
          payload: { canal, ativo: true, origem: 'pedido' },
        });
      const a = fake.novaAssinatura();
      await h.app.inject({
        method: 'POST',
        url: `${API}/controle/cliente/notificacoes/push/`,
        headers: c.headers,
        payload: a,
      });
      // Only the three children send from here on.
      await h.app.close();
      const schema = (
        await db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()
      ).s;

      const ids: number[] = [];
      for (let i = 0; i < PEDIDOS; i++) {
        ids.push(await inserirPedidoDoCliente(db, c.id));
      }
      fake.atrasar(150);

      // The first instance alone: it sends and kills itself after its third e-mail (alone, it
      // surely gets three; beside the others it could get fewer and never die).
      const suicida = await instancia(schema, { MORRER_APOS_EMAIL: '3' });
      expect(await processos.saiu(suicida)).toBe('SIGKILL');
      const antes = fake.recebidas.length;
      // Then two more; kill -9 one of them from outside once its pushes are flowing (each instance
      // spends most of its time waiting for the fake's 201).
      const [vitima] = await Promise.all([instancia(schema), instancia(schema)]);
      for (let i = 0; i < 400 && fake.recebidas.length < antes + 2; i++)
        await new Promise((r) => setTimeout(r, 25));
      vitima!.kill('SIGKILL');
      expect(await processos.saiu(vitima!)).toBe('SIGKILL');

      const linhas = () =>
        db.selectFrom('notificacao').selectAll().where('idcliente', '=', c.id).orderBy('id').execute();
      let rows = await linhas();
      for (let i = 0; i < 600; i++) {
        if (rows.length === 2 * PEDIDOS && rows.every((r) => r.estado === 'enviada')) break;
        await new Promise((r) => setTimeout(r, 50));
        rows = await linhas();
      }
      // None lost.
      expect(rows).toHaveLength(2 * PEDIDOS);
      expect(rows.filter((r) => r.estado !== 'enviada')).toEqual([]);
      // A message was taken again after its instance died (the e-mail accepted, never recorded).
      const retomadas = rows.filter((r) => r.tentativas > 1);
      expect(retomadas.some((r) => r.canal === 'email')).toBe(true);

      // E-mail: exactly once each, under the message's own Message-ID.
      const cli = await db
        .selectFrom('cliente')
        .select('email')
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      const mails = await db
        .selectFrom('mail_outbox')
        .select('message_id')
        .where('para', '=', cli.email!)
        .execute();
      const esperados = rows
        .filter((r) => r.canal === 'email')
        .map((r) => `<notificacao.${r.id}@rango.test>`);
      expect(mails.map((m) => m.message_id).sort()).toEqual(esperados.sort());

      // Push: every order's message at the fake at least once; a copy only under the same Topic, at
      // most one per killed instance.
      const porPedido = new Map<string, string[]>();
      for (const m of fake.recebidas) {
        const url = (JSON.parse(m.corpo) as { url: string }).url;
        porPedido.set(url, [...(porPedido.get(url) ?? []), m.topic ?? '']);
      }
      for (const id of ids)
        expect(porPedido.get(`/pedido/${id}`)?.length ?? 0, `pedido ${id}`).toBeGreaterThanOrEqual(1);
      const copias = [...porPedido.values()].reduce((n, t) => n + t.length - 1, 0);
      for (const topicos of porPedido.values()) expect(new Set(topicos).size).toBe(1);
      expect(copias).toBeLessThanOrEqual(2);
      console.info(
        `kill -9: ${rows.length} mensagens, ${retomadas.length} retomadas, e-mails ${mails.length}/${PEDIDOS}, push ${fake.recebidas.length}/${PEDIDOS} (${copias} cópia(s) sob o mesmo Topic)`,
      );
    },
  );
});
