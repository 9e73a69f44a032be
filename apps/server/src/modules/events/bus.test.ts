import { EVENTO, STATUS } from '@rango/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { moverPedido } from '../orders/status.ts';
import { inserirPedido } from '../operator/testing.ts';
import { MAX_REPLAY, createEventBus } from './bus.ts';
import type { EventBus } from './bus.ts';
import { avisarEventos, registrarEvento } from './record.ts';
import { pausa } from './testing.ts';

const log = { warn: () => undefined, error: () => undefined };

interface Recebido {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** A subscriber collecting parsed frames. */
function coletor() {
  const recebidos: Recebido[] = [];
  return {
    recebidos,
    enviar(frame: string) {
      const id = /^id: (\d+)$/m.exec(frame)?.[1];
      const event = /^event: (.+)$/m.exec(frame)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? '{}') as Record<string, unknown>;
      recebidos.push({ id: Number(id ?? 0), event, data });
    },
    ids: () => recebidos.map((r) => r.id),
  };
}

async function ate(cond: () => boolean, ms = 3000): Promise<void> {
  const fim = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > fim) throw new Error('condição não atingida a tempo');
    await pausa(10);
  }
}

describe.each(DIALECTS)('event bus on %s', (dialect) => {
  let t: TestDb;
  let bus: EventBus;
  let idcliente: number;
  let outroCliente: number;

  const novoCliente = async () =>
    (
      await t.db
        .insertInto('cliente')
        .values({
          uuid: crypto.randomUUID(),
          nomeourazaosocial: 'Cliente',
          email: `${crypto.randomUUID()}@exemplo.com.br`,
          telefone: '11987654321',
          confirmado: 1,
          criado_em: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** An order of `cliente` at establishment `est`. */
  const pedidoDe = async (cliente: number, est = 1) => {
    const id = await inserirPedido(t.db, { idestabelecimento: est });
    await t.db.updateTable('pedido').set({ idcliente: cliente }).where('id', '=', id).execute();
    return id;
  };
  const eventoIds = async () =>
    (await t.db.selectFrom('evento').select('id').orderBy('id').execute()).map((r) => Number(r.id));

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
    idcliente = await novoCliente();
    outroCliente = await novoCliente();
  });
  afterAll(async () => {
    await t.cleanup();
  });
  afterEach(async () => {
    await bus?.parar();
  });

  it("fans each event out to its establishment's and its customer's subscribers only, in order", async () => {
    bus = createEventBus(t.db, { log, pollMs: 60_000 });
    await bus.iniciar();
    const painel1 = coletor();
    const painel2 = coletor();
    const cliente = coletor();
    const outro = coletor();
    await bus.assinar({ idestabelecimento: 1 }, null, painel1.enviar);
    await bus.assinar({ idestabelecimento: 2 }, null, painel2.enviar);
    await bus.assinar({ idcliente }, null, cliente.enviar);
    const sub = await bus.assinar({ idcliente: outroCliente }, null, outro.enviar);

    const a = await pedidoDe(idcliente, 1);
    const b = await pedidoDe(outroCliente, 2);
    await moverPedido(t.db, a, STATUS.Confirmado);
    await moverPedido(t.db, b, STATUS.Confirmado);
    await moverPedido(t.db, a, STATUS.Pronto);
    // Woken by the commits themselves (avisarEventos), not by the minute-long poll.
    await ate(() => painel1.recebidos.length === 2 && outro.recebidos.length === 1);
    expect(painel1.recebidos.map((r) => [r.event, r.data])).toEqual([
      [EVENTO.pedidoStatus, { idpedido: a, de: STATUS.Realizado, para: STATUS.Confirmado, canal: 'rango' }],
      [EVENTO.pedidoStatus, { idpedido: a, de: STATUS.Confirmado, para: STATUS.Pronto, canal: 'rango' }],
    ]);
    expect(cliente.ids()).toEqual(painel1.ids());
    expect(painel2.recebidos.map((r) => r.data.idpedido)).toEqual([b]);
    expect(outro.recebidos.map((r) => r.data.idpedido)).toEqual([b]);
    expect(painel1.ids()[0]).toBeLessThan(painel1.ids()[1]!);

    // A cancelled subscription hears nothing more.
    sub.cancelar();
    await moverPedido(t.db, b, STATUS.Pronto);
    await ate(() => painel2.recebidos.length === 2);
    expect(outro.recebidos).toHaveLength(1);
    expect(bus.assinantes()).toBe(3);
  });

  it('resumes after a Last-Event-ID with exactly the missed events of that audience, then live', async () => {
    bus = createEventBus(t.db, { log, pollMs: 60_000 });
    await bus.iniciar();
    const a = await pedidoDe(idcliente);
    const b = await pedidoDe(outroCliente);
    await moverPedido(t.db, a, STATUS.Confirmado);
    const visto = (await eventoIds()).at(-1)!;
    await moverPedido(t.db, b, STATUS.Confirmado);
    await moverPedido(t.db, a, STATUS.Pronto);
    await moverPedido(t.db, a, STATUS.Entregue);
    const perdidos = (await eventoIds()).filter((id) => id > visto);
    await bus.lerTudo();

    const c = coletor();
    const sub = await bus.assinar({ idcliente }, visto, c.enviar);
    expect(sub.reset).toBe(false);
    // The other customer's event is not among them.
    expect(c.ids()).toEqual([perdidos[1], perdidos[2]]);
    await moverPedido(t.db, a, STATUS.Concluido);
    await ate(() => c.recebidos.length === 3);
    expect(c.recebidos.map((r) => r.data.para)).toEqual([STATUS.Pronto, STATUS.Entregue, STATUS.Concluido]);
    await pausa(100);
    expect(c.recebidos).toHaveLength(3);

    // 0: everything kept for this audience.
    const tudo = coletor();
    await bus.assinar({ idcliente: outroCliente }, 0, tudo.enviar);
    const doOutro = await t.db
      .selectFrom('evento')
      .select('id')
      .where('idcliente', '=', outroCliente)
      .orderBy('id')
      .execute();
    expect(tudo.ids()).toEqual(doOutro.map((r) => Number(r.id)));
  });

  it('resumes with no duplicate and no gap while events are being written', async () => {
    bus = createEventBus(t.db, { log, pollMs: 60_000 });
    await bus.iniciar();
    const pedidos = await Promise.all([1, 2, 3, 4].map(() => pedidoDe(idcliente)));
    const visto = (await eventoIds()).at(-1) ?? 0;
    // Writers run while the subscriber's replay does.
    const escrita = (async () => {
      for (const p of pedidos) {
        await moverPedido(t.db, p, STATUS.Confirmado);
        await moverPedido(t.db, p, STATUS.Pronto);
      }
    })();
    const c = coletor();
    await pausa(5);
    await bus.assinar({ idcliente }, visto, c.enviar);
    await escrita;
    const esperados = (
      await t.db
        .selectFrom('evento')
        .select('id')
        .where('idcliente', '=', idcliente)
        .where('id', '>', visto)
        .orderBy('id')
        .execute()
    ).map((r) => Number(r.id));
    expect(esperados).toHaveLength(8);
    await ate(() => c.recebidos.length >= 8);
    await pausa(50);
    expect(c.ids()).toEqual(esperados);
  });

  it('answers a reset for an unknown, expired or too distant Last-Event-ID, then goes live', async () => {
    bus = createEventBus(t.db, { log, pollMs: 60_000 });
    await bus.iniciar();
    const desconhecido = coletor();
    expect((await bus.assinar({ idcliente }, 987_654_321, desconhecido.enviar)).reset).toBe(true);
    expect(desconhecido.recebidos.map((r) => r.event)).toEqual([EVENTO.reset]);

    const a = await pedidoDe(idcliente);
    await moverPedido(t.db, a, STATUS.Confirmado);
    await bus.lerTudo();
    const velho = (await eventoIds()).at(-1)!;
    await t.db
      .updateTable('evento')
      .set({ criado_em: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('id', '=', velho)
      .execute();
    const antigo = coletor();
    expect((await bus.assinar({ idcliente }, velho, antigo.enviar)).reset).toBe(true);
    await moverPedido(t.db, a, STATUS.Pronto);
    await ate(() => antigo.recebidos.length === 2);
    expect(antigo.recebidos.map((r) => r.event)).toEqual([EVENTO.reset, EVENTO.pedidoStatus]);
    expect(desconhecido.recebidos.map((r) => r.event)).toEqual([
      EVENTO.reset,
      EVENTO.pedidoStatus,
      EVENTO.pedidoStatus,
    ]);
  });

  it(`resets a resume that would replay more than ${MAX_REPLAY} events`, async () => {
    bus = createEventBus(t.db, { log, pollMs: 60_000 });
    await bus.iniciar();
    const inicio = (await eventoIds()).at(-1) ?? 0;
    // A live subscriber: once it has every new event, the bus has read them (no fixed sleep; a
    // 50 ms pause lost the race on a loaded PostgreSQL).
    const vivo = coletor();
    await bus.assinar({ idestabelecimento: 3 }, null, vivo.enviar);
    const agora = new Date().toISOString();
    await t.db
      .insertInto('evento')
      .values(
        Array.from({ length: MAX_REPLAY + 1 }, () => ({
          idestabelecimento: 3,
          idcliente: null,
          idpedido: null,
          tipo: EVENTO.loja,
          dados: '{"aberta":true}',
          criado_em: agora,
        })),
      )
      .execute();
    avisarEventos(t.db);
    await expect.poll(() => vivo.recebidos.length, { timeout: 15_000 }).toBe(MAX_REPLAY + 1);
    const c = coletor();
    expect((await bus.assinar({ idestabelecimento: 3 }, inicio, c.enviar)).reset).toBe(true);
    expect(c.recebidos.map((r) => r.event)).toEqual([EVENTO.reset]);
  });

  it('finds events written by another connection (another process, the CLI) by its poll', async () => {
    bus = createEventBus(t.db, { log, pollMs: 200 });
    await bus.iniciar();
    const c = coletor();
    await bus.assinar({ idestabelecimento: 1 }, null, c.enviar);
    const outro = t.reopen();
    const a = await pedidoDe(idcliente);
    const inicio = Date.now();
    // Through another connection: this bus is not woken by the commit.
    await moverPedido(outro, a, STATUS.Confirmado);
    await ate(() => c.recebidos.length === 1, 2000);
    expect(Date.now() - inicio).toBeLessThan(1000);
    expect(c.recebidos[0]!.data).toMatchObject({ idpedido: a, para: STATUS.Confirmado });
  });

  it('deletes events past the retention window (limpar: the app runs it as a periodic job)', async () => {
    const velho = new Date(Date.now() - 48 * 3_600_000).toISOString();
    await t.db
      .insertInto('evento')
      .values([
        { idestabelecimento: 1, tipo: EVENTO.loja, dados: '{}', criado_em: velho },
        { idestabelecimento: 1, tipo: EVENTO.loja, dados: '{}', criado_em: new Date().toISOString() },
      ])
      .execute();
    bus = createEventBus(t.db, { log, retencaoHoras: 24 });
    await bus.iniciar();
    await bus.limpar();
    const restantes = await t.db.selectFrom('evento').select('id').where('criado_em', '=', velho).execute();
    expect(restantes).toHaveLength(0);
  });

  it('keeps the newest event however old, so ids never start again from 1 (SQLite) after a purge', async () => {
    const velho = new Date(Date.now() - 48 * 3_600_000).toISOString();
    await t.db.deleteFrom('evento').execute();
    const inserir = () =>
      t.db
        .insertInto('evento')
        .values({ idestabelecimento: 1, tipo: EVENTO.loja, dados: '{}', criado_em: velho })
        .returning('id')
        .executeTakeFirstOrThrow();
    await inserir();
    const ultimo = Number((await inserir()).id);
    bus = createEventBus(t.db, { log, retencaoHoras: 24 });
    await bus.iniciar();
    await bus.limpar();
    const restantes = await t.db.selectFrom('evento').select('id').execute();
    expect(restantes.map((r) => Number(r.id))).toEqual([ultimo]);
    expect(Number((await inserir()).id)).toBeGreaterThan(ultimo);
  });

  it.runIf(dialect === 'postgres')(
    'PostgreSQL: an earlier transaction committing after a later one is still delivered, in (txid, id) order',
    async () => {
      bus = createEventBus(t.db, { log, pollMs: 60_000 });
      await bus.iniciar();
      const c = coletor();
      await bus.assinar({ idestabelecimento: 4 }, null, c.enviar);
      const ev = (aberta: boolean) => ({
        idestabelecimento: 4,
        tipo: EVENTO.loja,
        dados: { aberta },
      });
      let liberar!: () => void;
      const segura = new Promise<void>((r) => (liberar = r));
      let escreveu!: () => void;
      const primeiraEscrita = new Promise<void>((r) => (escreveu = r));
      // A: takes the first id, then waits before committing.
      const a = t.db.transaction().execute(async (trx) => {
        await registrarEvento(trx, ev(true));
        escreveu();
        await segura;
      });
      await primeiraEscrita;
      // B: a later id, committed first.
      await t.db.transaction().execute((trx) => registrarEvento(trx, ev(false)));
      avisarEventos(t.db);
      await pausa(300);
      // B is held back while A runs: delivering it would move the cursor past A's event.
      expect(c.recebidos).toHaveLength(0);
      liberar();
      await a;
      avisarEventos(t.db);
      await ate(() => c.recebidos.length === 2);
      const [ra, rb] = c.recebidos;
      expect(ra!.data).toEqual({ aberta: true });
      expect(rb!.data).toEqual({ aberta: false });
      expect(ra!.id).toBeLessThan(rb!.id);
    },
  );
});
