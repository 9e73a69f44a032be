import { STATUS } from '@rango/domain';
import type { Produto } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { metricas } from '../../http/metrics.ts';
import { DIALECTS, openTestDb, testConfig } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { inserirPedido } from '../operator/testing.ts';
import { definirHorarios, novoCliente, produtosDoMenu } from '../orders/testing.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { cenarios, gatewayQueFalha } from './testing.ts';
import { createJobRunner } from './jobs.ts';
import type { JobRunner } from './jobs.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ate(cond: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const fim = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await sleep(100);
  }
}

const tarefas = async (tarefa: string, resultado: 'ok' | 'falha') =>
  (await metricas.tarefas.get()).values.find(
    (v) => v.labels.tarefa === tarefa && v.labels.resultado === resultado,
  )?.value ?? 0;

describe.each(DIALECTS)('periodic jobs on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect, { migrate: false });
  });
  afterAll(async () => t.cleanup());

  /** `n` runners on the same database (one on SQLite: one process owns the file). */
  function runners(n: number): JobRunner[] {
    return Array.from({ length: dialect === 'postgres' ? n : 1 }, (_, i) =>
      createJobRunner({ db: i === 0 ? t.db : t.reopen(), log: silent, maintenanceSeconds: 1 }),
    );
  }

  it('three instances: one run per period, never two at once', async () => {
    const rs = runners(3);
    const runs: { by: number; at: number }[] = [];
    let active = 0;
    let overlap = 0;
    rs.forEach((r, by) =>
      r.define({
        name: 'contar',
        everyMs: 1000,
        leaseSeconds: 30,
        async run() {
          if (++active > 1) overlap++;
          runs.push({ by, at: Date.now() });
          await sleep(100);
          active--;
        },
      }),
    );
    expect(rs[0]!.kind).toBe(dialect === 'postgres' ? 'pg-boss' : 'in-process');
    await Promise.all(rs.map((r) => r.start()));
    await sleep(4500);
    await Promise.all(rs.map((r) => r.stop()));
    expect(overlap).toBe(0);
    // ~4 periods: 3 to 6 runs (slot boundaries), not 3 × that.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(6);
  });

  it('a failing run is counted as a failure and the job goes on', async () => {
    const [r] = runners(1);
    let n = 0;
    r!.define({
      name: 'falhar',
      everyMs: 1000,
      leaseSeconds: 30,
      async run() {
        if (++n === 1) throw new Error('falhou');
      },
    });
    const falhas = await tarefas('falhar', 'falha');
    const oks = await tarefas('falhar', 'ok');
    await r!.start();
    try {
      await ate(async () => (await tarefas('falhar', 'ok')) > oks, 6000);
      expect(await tarefas('falhar', 'falha')).toBe(falhas + 1);
    } finally {
      await r!.stop();
    }
  });

  it('stop releases the run under way: another instance takes it over at once, not after its lease', async () => {
    const [a, b] = runners(2);
    let soltar: () => void = () => undefined;
    const preso = new Promise<void>((r) => (soltar = r));
    let aComecou = false;
    const deB: number[] = [];
    a!.define({
      name: 'soltar',
      everyMs: 2000,
      leaseSeconds: 300,
      async run() {
        aComecou = true;
        await preso;
      },
    });
    await a!.start();
    if (dialect === 'sqlite') {
      // One process: nothing to hand over; stop waits for the run under way.
      await ate(() => aComecou, 10_000);
      let parado = false;
      const parando = a!.stop().then(() => (parado = true));
      await sleep(300);
      expect(parado).toBe(false);
      soltar();
      await parando;
      return;
    }
    await ate(() => aComecou, 10_000);
    b!.define({
      name: 'soltar',
      everyMs: 2000,
      leaseSeconds: 300,
      async run() {
        deB.push(Date.now());
      },
    });
    await b!.start();
    const parou = Date.now();
    await a!.stop({ graceMs: 1000 });
    try {
      // Lease 300 s; the retry comes within the retry delay and B's polling.
      await ate(() => deB.length > 0, 10_000);
      expect(deB[0]! - parou).toBeLessThan(10_000);
    } finally {
      soltar();
      await b!.stop();
    }
  });
});

/** The app's own wiring: config switches, and several app instances on one database. */
describe.each(DIALECTS)("the app's periodic jobs on %s", (dialect) => {
  let t: TestDb;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.cleanup();
  });

  /** `n` app instances on the same database (one on SQLite), each counting its gateway's refunds. */
  function instancias(n: number, config: Parameters<typeof testConfig>[0], falhar = { depois: false }) {
    return Array.from({ length: dialect === 'postgres' ? n : 1 }, (_, i) => {
      const estornos: string[] = [];
      const conta = (g: PaymentGateway): PaymentGateway => {
        const f = gatewayQueFalha(falhar)(g);
        return {
          ...f,
          async estornar(id, valor) {
            estornos.push(id);
            return f.estornar(id, valor);
          },
        };
      };
      const app = buildApp(testConfig(config), {
        db: i === 0 ? t.db : t.reopen(),
        wrapGateway: conta,
        jobsMaintenanceSeconds: 1,
      });
      apps.push(app);
      return { app, estornos };
    });
  }

  it('the app runs its jobs on the runner of its database', async () => {
    const app = buildApp(testConfig(), { db: t.db });
    await app.ready();
    expect(app.jobs.kind).toBe(dialect === 'postgres' ? 'pg-boss' : 'in-process');
    await app.close();
  });

  it('three instances reconciling every second: a card in time-out, an expired PIX and a refund, each once', async () => {
    const falhar = { depois: false };
    const inst = instancias(
      3,
      { rateLimit: false, payments: { ...testConfig().payments, reconciliarSegundos: 1 } },
      falhar,
    );
    const a = inst[0]!.app;
    await a.ready();
    await definirHorarios(t.db, 1);
    const produtos: Map<number, Produto> = await produtosDoMenu(a, 1);
    const c = cenarios(a, t.db, produtos, await novoCliente(a, t.db));
    falhar.depois = true;
    const pago = await c.cartaoSemResposta();
    const aEstornar = await c.cartaoSemRespostaCancelado();
    falhar.depois = false;
    const pix = await c.pixVencido();
    // The reconciler leaves attempts asked about in the last 10 s: as if asked long ago.
    await c.esquecerConsultas();
    await Promise.all(inst.slice(1).map((i) => i.app.ready()));
    await ate(async () => {
      const estados = await Promise.all(
        [pago, aEstornar, pix].map(async (id) => (await c.pagamento(id)).estado),
      );
      return estados.join() === 'pago,estornado,expirado';
    }, 15_000);
    // A few more periods: nothing happens twice.
    await sleep(2500);
    expect(await c.historico(pago)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
    expect(await c.mudancasDoPagamento(pago)).toEqual(['incerto', 'pago']);
    expect(await c.historico(pix)).toEqual([STATUS.PgtoPendente, STATUS.Cancelado]);
    expect(await c.mudancasDoPagamento(pix)).toEqual(['pendente', 'expirado']);
    expect(await c.historico(aEstornar)).toEqual([STATUS.PgtoPendente, STATUS.Cancelado]);
    expect(await c.mudancasDoPagamento(aEstornar)).toEqual([
      'incerto',
      'pago',
      'estorno_pendente',
      'estornado',
    ]);
    expect(inst.flatMap((i) => i.estornos)).toEqual([(await c.pagamento(aEstornar)).payment_id]);
    for (const i of inst) await i.app.close();
  }, 30_000);

  it.runIf(dialect === 'postgres')(
    'an instance closing (SIGTERM) mid-reconciliation releases the job: another instance finishes it in seconds, not after the 120 s lease',
    async () => {
      const falhar = { depois: false };
      const config = { rateLimit: false, payments: { ...testConfig().payments, reconciliarSegundos: 1 } };
      // A: its gateway stops answering queries once `travar` (a run stuck mid-item).
      let travar = false;
      let travou: () => void = () => undefined;
      const travada = new Promise<void>((r) => (travou = r));
      const a = buildApp(testConfig(config), {
        db: t.db,
        jobsMaintenanceSeconds: 1,
        wrapGateway: (g) => {
          const f = gatewayQueFalha(falhar)(g);
          return {
            ...f,
            async consultarPorChave(chave) {
              if (travar) {
                travou();
                return new Promise<never>(() => undefined);
              }
              return f.consultarPorChave(chave);
            },
          };
        },
      });
      await a.ready();
      await definirHorarios(t.db, 1);
      const c = cenarios(a, t.db, await produtosDoMenu(a, 1), await novoCliente(a, t.db));
      falhar.depois = true;
      const id = await c.cartaoSemResposta();
      falhar.depois = false;
      await c.esquecerConsultas();
      travar = true;
      await travada;
      const [b] = instancias(1, config);
      await b!.app.ready();
      const fechou = Date.now();
      await a.close();
      await ate(async () => (await c.historico(id)).includes(STATUS.Sincronizado), 20_000);
      expect(Date.now() - fechou).toBeLessThan(20_000);
      await sleep(1500);
      expect((await c.pagamento(id)).estado).toBe('pago');
      expect(await c.historico(id)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
      await b!.app.close();
    },
    40_000,
  );

  it('three instances with the demo simulator: an order walks to Concluído, each step once', async () => {
    const inst = instancias(3, {
      demoSimulator: true,
      demoSimulatorSteps: { confirmar: 0, preparar: 0, entregar: 0, concluir: 0 },
    });
    const id = await inserirPedido(t.db);
    await Promise.all(inst.map((i) => i.app.ready()));
    const historico = async () =>
      (
        await t.db
          .selectFrom('pedido_historico')
          .select('status')
          .where('idpedido', '=', id)
          .orderBy('id')
          .execute()
      ).map((h) => h.status);
    await ate(async () => (await historico()).includes(STATUS.Concluido), 20_000);
    await sleep(2500);
    const h = await historico();
    expect(h.slice(-4)).toEqual([STATUS.Confirmado, STATUS.Pronto, STATUS.Entregue, STATUS.Concluido]);
    expect(new Set(h).size).toBe(h.length);
    for (const i of inst) await i.app.close();
  }, 40_000);
});
