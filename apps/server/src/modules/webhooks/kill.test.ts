import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENTO, STATUS } from '@rango/domain';
import { webhookComSegredoSchema } from '@rango/domain/painel/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import { filhos } from '../../test/filhos.ts';
import type { TestApp } from '../../test/app.ts';
import { registrarEvento } from '../events/record.ts';
import { inserirPedido } from '../operator/testing.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { RESERVA_MS } from './regras.ts';
import { receptor } from './testing.ts';
import type { Recebido } from './testing.ts';

const PEDIDOS = 16;

/** The receiver's check of the documented header (as in webhooks.test.ts, written from 'Como verificar'). */
function assinado(segredo: string, r: Recebido): boolean {
  const partes = String(r.headers['rango-signature'] ?? '')
    .split(',')
    .map((p) => p.split('=', 2) as [string, string]);
  const t = partes.find(([k]) => k === 't')?.[1] ?? '';
  const esperado = createHmac('sha256', segredo).update(`${t}.${r.corpo}`).digest();
  return partes.some(([k, v]) => {
    const dado = Buffer.from(k === 'v1' ? v : '', 'hex');
    return dado.length === esperado.length && timingSafeEqual(dado, esperado);
  });
}

/**
 * Issue 24 part 2 under kill -9: three sender instances (child processes) on one PostgreSQL
 * database share the outbox; the first, alone, kills itself with SIGKILL right after the receiver
 * answered a delivery and before recording it, then one of the other two is killed -9 from outside
 * while its POSTs are in flight (the receiver answers 150 ms after taking each). Their claims expire (the instances'
 * clock is moved past RESERVA_MS) and the survivor sends again what they held, under the same
 * Rango-Event-Id. Every event reaches the receiver at least once (none lost), each is recorded
 * once (one delivered row per event and endpoint), and a copy at the receiver exists only for a
 * delivery that a dead instance had claimed.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('webhooks: kill -9 no meio da entrega (PostgreSQL)', () => {
  let h: TestApp;
  let db: Db;
  let rx: Awaited<ReturnType<typeof receptor>>;
  const processos = filhos();
  const pasta = mkdtempSync(join(tmpdir(), 'rango-webhooks-kill-'));
  const relogio = join(pasta, 'relogio');

  const instancia = (schema: string, env: Record<string, string> = {}) =>
    processos.iniciar('src/test/child-webhooks.ts', { CHILD_SCHEMA: schema, RELOGIO: relogio, ...env });

  beforeAll(async () => {
    rx = await receptor();
    writeFileSync(relogio, '0');
    h = await openTestApp('postgres', { rateLimit: false }, { webhooks: { semTarefa: true } });
    db = h.t.db;
  });
  afterAll(async () => {
    processos.matarTodos();
    await h?.t.cleanup();
    await rx?.fechar();
    rmSync(pasta, { recursive: true, force: true });
  });

  it(
    'delivers every event at least once and records each once, with one instance dying after the receiver answered and another killed mid-delivery',
    { timeout: 120_000 },
    async () => {
      const dono = await staffBearer(h.app, db, 1, 'dono@pizzaria.test', 'dono');
      const res = await h.app.inject({
        method: 'POST',
        url: `${API}/painel/estabelecimento/1/webhooks/`,
        headers: dono,
        payload: { url: rx.url, eventos: ['pedido.criado'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { webhook, segredo } = webhookComSegredoSchema.parse(res.json());
      // Only the three children send from here on.
      await h.app.close();
      const schema = (
        await db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()
      ).s;
      for (let i = 0; i < PEDIDOS; i++) {
        const id = await inserirPedido(db, { tipo: 'DELIVERY' });
        await registrarEvento(db, {
          idestabelecimento: 1,
          idpedido: id,
          tipo: EVENTO.pedidoNovo,
          dados: { idpedido: id, status: STATUS.Realizado },
        });
      }
      rx.atrasoMs = 150;

      // The first instance alone: it takes the first deliveries and kills itself right after the
      // receiver answered its second (alone, it surely gets two; beside the others it once got
      // none and the test waited for its death until it timed out).
      const suicida = await instancia(schema, { MORRER_APOS_ENVIO: '2' });
      expect(await processos.saiu(suicida)).toBe('SIGKILL');
      const antes = rx.recebidos.length;
      // Then two more; kill -9 one of them from outside once its deliveries are flowing (each
      // instance spends most of its time waiting for the receiver's answer).
      const [vitima] = await Promise.all([instancia(schema), instancia(schema)]);
      for (let i = 0; i < 400 && rx.recebidos.length < antes + 2; i++)
        await new Promise((r) => setTimeout(r, 25));
      vitima!.kill('SIGKILL');
      expect(await processos.saiu(vitima!)).toBe('SIGKILL');
      // What the dead held stays claimed until its claim expires: move every clock past it.
      const linhas = () =>
        db
          .selectFrom('webhook_entrega')
          .selectAll()
          .where('idwebhook', '=', webhook.id)
          .orderBy('id')
          .execute();
      const presas = new Set((await linhas()).filter((r) => r.tentando_ate !== null).map((r) => r.chave));
      expect(presas.size).toBeGreaterThan(0);
      writeFileSync(relogio, String(RESERVA_MS + 60_000));

      let rows = await linhas();
      for (let i = 0; i < 600; i++) {
        if (rows.length === PEDIDOS && rows.every((r) => r.status === 'entregue')) break;
        await new Promise((r) => setTimeout(r, 50));
        rows = await linhas();
      }
      // Recorded once: one row per event for this endpoint, each delivered, none lost.
      expect(rows).toHaveLength(PEDIDOS);
      expect(rows.filter((r) => r.status !== 'entregue')).toEqual([]);
      expect(new Set(rows.map((r) => r.chave)).size).toBe(PEDIDOS);
      // At least once at the receiver, each signed; a copy only of a delivery a dead instance had
      // under way (taken again: more than one attempt), under the same Rango-Event-Id.
      const porChave = new Map<string, number>();
      for (const r of rx.recebidos) {
        expect(assinado(segredo, r)).toBe(true);
        const k = String(r.headers['rango-event-id']);
        porChave.set(k, (porChave.get(k) ?? 0) + 1);
      }
      for (const r of rows) expect(porChave.get(r.chave) ?? 0, r.chave).toBeGreaterThanOrEqual(1);
      for (const [k, n] of porChave) if (n > 1) expect(presas.has(k), k).toBe(true);
      const copias = [...porChave.values()].reduce((s, n) => s + n - 1, 0);
      console.info(
        `webhooks kill -9: ${rows.length} entregas registradas, ${presas.size} presas por instâncias mortas e retomadas, ${rx.recebidos.length} POSTs recebidos (${copias} cópia(s) com o mesmo Rango-Event-Id)`,
      );
    },
  );
});
