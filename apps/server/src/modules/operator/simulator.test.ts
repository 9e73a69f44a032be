import { STATUS } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { DIALECTS, openTestDb, testConfig } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { moverPedido } from '../orders/status.ts';
import { SIMULATOR_INTERVAL_MS, createDemoSimulator } from './simulator.ts';
import { inserirPedido } from './testing.ts';

const { Realizado, PgtoPendente, PgtoConfirmado, Confirmado, Pronto, Entregue, Concluido, Cancelado } =
  STATUS;
const STEPS = { confirmar: 8, preparar: 15, entregar: 15, concluir: 10 };
const T0 = Date.parse('2030-03-14T22:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);
const iso = (s: number) => at(s).toISOString();

function fakeLog() {
  const lines: string[] = [];
  const log = {
    info: (_o: unknown, msg: string) => lines.push(msg),
    error: (_o: unknown, msg: string) => lines.push(`ERRO ${msg}`),
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe.each(DIALECTS)('demo simulator on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  // Each test sees only its own orders.
  afterEach(async () => {
    await t.db.deleteFrom('pedido').execute();
  });

  const statusDe = async (id: number) =>
    (await t.db.selectFrom('pedido').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const historico = async (id: number) =>
    t.db
      .selectFrom('pedido_historico')
      .select(['status', 'datahora'])
      .where('idpedido', '=', id)
      .orderBy('id')
      .execute();

  it('moves a delivery through every step after its delay, one log line per move', async () => {
    const { log, lines } = fakeLog();
    const sim = createDemoSimulator({ db: t.db, log, steps: STEPS });
    const id = await inserirPedido(t.db, { dthrpedido: iso(0), referencia: '1111' });
    const passos: [number, number][] = [
      [7.9, Realizado],
      [8, Confirmado],
      [22.9, Confirmado],
      [23, Pronto],
      [37, Pronto],
      [38, Entregue],
      [47, Entregue],
      [48, Concluido],
      [500, Concluido],
    ];
    for (const [s, esperado] of passos) {
      await sim.tick(at(s));
      expect(await statusDe(id), `t=${s}s`).toBe(esperado);
    }
    expect((await historico(id)).map((h) => h.datahora)).toEqual([iso(0), iso(8), iso(23), iso(38), iso(48)]);
    expect(lines).toEqual([
      `Simulador: pedido #1111 (id ${id}) Realizado → Confirmado`,
      `Simulador: pedido #1111 (id ${id}) Confirmado → Pronto`,
      `Simulador: pedido #1111 (id ${id}) Pronto → Entregue`,
      `Simulador: pedido #1111 (id ${id}) Entregue → Concluido`,
    ]);
  });

  it('a pickup goes Pronto → Concluído; a late tick moves one step, the next waits from that move', async () => {
    const sim = createDemoSimulator({ db: t.db, log: fakeLog().log, steps: STEPS });
    const id = await inserirPedido(t.db, { tipo: 'TOGO', dthrpedido: iso(0) });
    const vistos: number[] = [];
    for (const s of [1000, 1000, 1014, 1015, 1029, 1030, 2000]) {
      await sim.tick(at(s));
      vistos.push(await statusDe(id));
    }
    expect(vistos).toEqual([Confirmado, Confirmado, Confirmado, Pronto, Pronto, Concluido, Concluido]);
  });

  it('leaves payment-pending, cancelled and finished orders alone; a confirmed payment moves on', async () => {
    const sim = createDemoSimulator({ db: t.db, log: fakeLog().log, steps: STEPS });
    const pendente = await inserirPedido(t.db, { status: PgtoPendente, dthrpedido: iso(0) });
    const pago = await inserirPedido(t.db, { status: PgtoConfirmado, dthrpedido: iso(0) });
    const cancelado = await inserirPedido(t.db, { dthrpedido: iso(0) });
    await moverPedido(t.db, cancelado, Cancelado, { motivo: 'teste', agora: at(1) });
    expect(await sim.tick(at(3600))).toBe(1);
    expect(await statusDe(pendente)).toBe(PgtoPendente);
    expect(await statusDe(pago)).toBe(Confirmado);
    expect(await statusDe(cancelado)).toBe(Cancelado);
    expect(await historico(cancelado)).toHaveLength(2);
  });

  it('a scheduled order waits until its whole path fits before its time', async () => {
    const sim = createDemoSimulator({ db: t.db, log: fakeLog().log, steps: STEPS });
    // Delivery at t = 3600 s: 48 s of steps, so it starts at 3552 and is confirmed at 3560.
    const id = await inserirPedido(t.db, { dthrpedido: iso(0), entregue_as: iso(3600) });
    await sim.tick(at(60));
    await sim.tick(at(3559));
    expect(await statusDe(id)).toBe(Realizado);
    await sim.tick(at(3560));
    expect(await statusDe(id)).toBe(Confirmado);
    for (const s of [3575, 3590, 3600]) await sim.tick(at(s));
    expect(await statusDe(id)).toBe(Concluido);
    // One already late starts at once.
    const atrasado = await inserirPedido(t.db, { dthrpedido: iso(0), entregue_as: iso(10) });
    await sim.tick(at(8));
    expect(await statusDe(atrasado)).toBe(Confirmado);
  });

  it('an order the operator moved meanwhile is left to its new step, never moved twice', async () => {
    const sim = createDemoSimulator({ db: t.db, log: fakeLog().log, steps: STEPS });
    const id = await inserirPedido(t.db, { dthrpedido: iso(0) });
    await moverPedido(t.db, id, Confirmado, { agora: at(5) });
    await sim.tick(at(13));
    expect(await statusDe(id)).toBe(Confirmado);
    await sim.tick(at(20));
    expect(await statusDe(id)).toBe(Pronto);
  });

  it('two instances ticking at once: each order moves one step, the loser skips quietly', async () => {
    const a = fakeLog();
    const b = fakeLog();
    const outra = dialect === 'postgres' ? t.reopen() : t.db;
    const simA = createDemoSimulator({ db: t.db, log: a.log, steps: STEPS });
    const simB = createDemoSimulator({ db: outra, log: b.log, steps: STEPS });
    const ids = await Promise.all([1, 2, 3, 4].map(() => inserirPedido(t.db, { dthrpedido: iso(0) })));
    const [na, nb] = await Promise.all([simA.tick(at(9)), simB.tick(at(9))]);
    expect(na + nb).toBe(4);
    for (const id of ids) {
      expect((await historico(id)).map((h) => h.status)).toEqual([Realizado, Confirmado]);
    }
    expect([...a.lines, ...b.lines].filter((l) => l.startsWith('ERRO'))).toEqual([]);
  });

  // On PostgreSQL the app runs it through the pg-boss queue: modules/jobs/jobs.test.ts.
  it.skipIf(dialect === 'postgres')(
    'runs in the app: started on ready, moving an order to Concluído tick by tick, stopped on close',
    async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        const app = buildApp(
          testConfig({
            demoSimulator: true,
            demoSimulatorSteps: { confirmar: 0, preparar: 0, entregar: 0, concluir: 0 },
          }),
          { db: t.db },
        );
        const id = await inserirPedido(t.db);
        // Other parts of the app keep timers of their own (the events bus's poll and clean-up):
        // the simulator is the one more than an app without it has.
        const semSimulador = await timersDeUmApp(testConfig());
        expect(vi.getTimerCount()).toBe(0);
        await app.ready();
        expect(vi.getTimerCount()).toBe(semSimulador + 1);
        for (const esperado of [Confirmado, Pronto, Entregue, Concluido]) {
          vi.advanceTimersByTime(SIMULATOR_INTERVAL_MS);
          await vi.waitFor(async () => expect(await statusDe(id)).toBe(esperado), { timeout: 5000 });
        }
        await app.close();
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it.skipIf(dialect === 'postgres')('is off unless configured', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sem = await timersDeUmApp(testConfig());
      const com = await timersDeUmApp(testConfig({ demoSimulator: true }));
      expect(com).toBe(sem + 1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  /** The intervals an app with this config keeps once ready (fake timers on); closed after. */
  async function timersDeUmApp(config: ReturnType<typeof testConfig>): Promise<number> {
    const app = buildApp(config, { db: t.db });
    await app.ready();
    const n = vi.getTimerCount();
    await app.close();
    return n;
  }
});
