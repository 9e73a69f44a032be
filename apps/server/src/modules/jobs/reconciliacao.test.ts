import { STATUS } from '@rango/domain';
import type { Produto } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { definirHorarios, novoCliente, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { createJobRunner } from './jobs.ts';
import type { JobRunner } from './jobs.ts';
import { cenarios, gatewayQueFalha, instancia, silentLog } from './testing.ts';

const { PgtoPendente, Sincronizado, Cancelado } = STATUS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ate(cond: () => Promise<boolean>, ms: number): Promise<void> {
  const fim = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await sleep(100);
  }
}

/**
 * The reconciler's items done exactly once whatever runs them: concurrent runs on several
 * instances, and a run whose instance died mid-item (its lease expired, the job retried by
 * another instance; and that instance waking up late).
 */
describe.each(DIALECTS)('reconciliation run by several instances, on %s', (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  const falhar = { depois: false };
  let c: ReturnType<typeof cenarios>;
  /** Another instance's database (its own pool on PostgreSQL; the same file on SQLite). */
  const outroDb = () => (dialect === 'postgres' ? h.t.reopen() : h.t.db);

  beforeAll(async () => {
    h = await openTestApp(dialect, { rateLimit: false }, { wrapGateway: gatewayQueFalha(falhar) });
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    produtos = await produtosDoMenu(h.app, 1);
    maria = await novoCliente(h.app, h.t.db);
    c = cenarios(h.app, h.t.db, produtos, maria);
  });
  afterAll(async () => h.close());

  it('three runs at once: a card in time-out, a PIX past expiry and two refunds are each done once', async () => {
    falhar.depois = true;
    const pago = await c.cartaoSemResposta();
    const aEstornar = await c.cartaoSemRespostaCancelado();
    falhar.depois = false;
    const pix = await c.pixVencido();
    const retentativa = await c.estornoPendente();
    await c.esquecerConsultas();
    expect((await c.pagamento(pago)).estado).toBe('incerto');

    const inst = [instancia(h.t.db), instancia(outroDb()), instancia(outroDb())];
    await Promise.all(inst.map((i) => i.payments.reconciliar()));

    expect((await c.pagamento(pago)).estado).toBe('pago');
    expect(await c.historico(pago)).toEqual([PgtoPendente, Sincronizado]);
    expect(await c.mudancasDoPagamento(pago)).toEqual(['incerto', 'pago']);

    expect((await c.pagamento(pix)).estado).toBe('expirado');
    expect(await c.historico(pix)).toEqual([PgtoPendente, Cancelado]);
    expect(await c.mudancasDoPagamento(pix)).toEqual(['pendente', 'expirado']);

    // Paid after its order was cancelled: refunded once.
    expect((await c.pagamento(aEstornar)).estado).toBe('estornado');
    expect(await c.historico(aEstornar)).toEqual([PgtoPendente, Cancelado]);
    expect(await c.mudancasDoPagamento(aEstornar)).toEqual([
      'incerto',
      'pago',
      'estorno_pendente',
      'estornado',
    ]);

    expect((await c.pagamento(retentativa)).estado).toBe('estornado');

    const estornos = inst.flatMap((i) => i.chamadas.estornos);
    expect(estornos.sort()).toEqual(
      [(await c.pagamento(aEstornar)).payment_id!, (await c.pagamento(retentativa)).payment_id!].sort(),
    );
  });

  it('a run that died between a payment and its order: the next runs move the order once', async () => {
    falhar.depois = true;
    const id = await c.cartaoSemResposta();
    falhar.depois = false;
    // As left by a process killed right after recording the payment (before moving the order).
    await h.t.db.updateTable('pagamento').set({ estado: 'pago' }).where('idpedido', '=', id).execute();
    expect(await c.historico(id)).toEqual([PgtoPendente]);
    const inst = [instancia(h.t.db), instancia(outroDb()), instancia(outroDb())];
    await Promise.all(inst.map((i) => i.payments.reconciliar()));
    expect(await c.historico(id)).toEqual([PgtoPendente, Sincronizado]);
  });

  it('the restaurant cancels a paid order on two instances at once: one refund', async () => {
    const id = await c.cartaoSemResposta();
    expect((await c.pagamento(id)).estado).toBe('pago');
    const { moverPedido } = await import('../orders/status.ts');
    await moverPedido(h.t.db, id, Cancelado, { motivo: 'Acabou o gás' });
    const inst = [instancia(h.t.db), instancia(outroDb())];
    await Promise.all(inst.map((i) => i.payments.estornar(id)));
    expect(inst.flatMap((i) => i.chamadas.estornos)).toHaveLength(1);
    expect((await c.pagamento(id)).estado).toBe('estornado');
  });

  it('a refund still pending is not asked again before ESTORNO_RETRY_MS (it may be under way)', async () => {
    const id = await c.estornoPendente();
    await h.t.db
      .updateTable('pagamento')
      .set({ atualizado_em: new Date(Date.now() - 30_000).toISOString(), consultado_em: null })
      .where('idpedido', '=', id)
      .execute();
    const i = instancia(h.t.db);
    await i.payments.reconciliar();
    expect(i.chamadas.estornos).toHaveLength(0);
    expect((await c.pagamento(id)).estado).toBe('estorno_pendente');
  });

  it.runIf(dialect === 'postgres')(
    'an instance dies mid-run: its lease expires, another runs the job, each item done once (also when the first wakes up late)',
    async () => {
      falhar.depois = true;
      const pago = await c.cartaoSemResposta();
      const aEstornar = await c.cartaoSemRespostaCancelado();
      falhar.depois = false;
      await c.esquecerConsultas();

      // Instance A freezes on its first gateway refund (after claiming it) and on every query
      // after that: as far as the cluster can tell, dead mid-run, holding the job's lease.
      let acordarA: () => void = () => undefined;
      const congelada = new Promise<never>((_, reject) => {
        acordarA = () => reject(new Error('A acordou tarde demais'));
      });
      let aTravou: () => void = () => undefined;
      const travou = new Promise<void>((r) => (aTravou = r));
      let congelar = false;
      const a = instancia(h.t.db, {
        travar: (chamada) => {
          if (chamada === 'estorno') congelar = true;
          if (!congelar) return null;
          aTravou();
          return congelada;
        },
      });
      // B and C: a clock minutes ahead, as if the lease ran long (the refund retry waits 2 min).
      const adiante = () => new Date(Date.now() + 3 * 60_000);
      const b = instancia(outroDb(), { agora: adiante });
      const cc = instancia(outroDb(), { agora: adiante });

      const runner = (db: ReturnType<typeof outroDb>, run: () => Promise<unknown>): JobRunner => {
        const r = createJobRunner({ db, log: silentLog, maintenanceSeconds: 1 });
        r.define({ name: 'conciliar-teste', everyMs: 1000, leaseSeconds: 2, run });
        return r;
      };
      const ra = runner(h.t.db, () => a.payments.reconciliar());
      await ra.start();
      await travou;
      expect((await c.pagamento(aEstornar)).estado).toBe('estorno_pendente');
      const rb = runner(outroDb(), () => b.payments.reconciliar());
      const rc = runner(outroDb(), () => cc.payments.reconciliar());
      await Promise.all([rb.start(), rc.start()]);
      try {
        await ate(async () => (await c.pagamento(aEstornar)).estado === 'estornado', 15_000);
        expect((await c.pagamento(pago)).estado).toBe('pago');
        expect(await c.historico(pago)).toEqual([PgtoPendente, Sincronizado]);
        expect(await c.historico(aEstornar)).toEqual([PgtoPendente, Cancelado]);
        // A's refund never reached the gateway; B or C asked once.
        expect(a.chamadas.estornos).toHaveLength(0);
        const id = (await c.pagamento(aEstornar)).payment_id;
        expect([...b.chamadas.estornos, ...cc.chamadas.estornos].filter((e) => e === id)).toHaveLength(1);
        // A wakes up (its gateway call fails late): it changes nothing more.
        acordarA();
        await sleep(300);
        expect(await c.mudancasDoPagamento(aEstornar)).toEqual([
          'incerto',
          'pago',
          'estorno_pendente',
          'estornado',
        ]);
        expect(await c.mudancasDoPagamento(pago)).toEqual(['incerto', 'pago']);
      } finally {
        await Promise.all([ra.stop({ graceMs: 1000 }), rb.stop(), rc.stop()]);
      }
    },
    30_000,
  );
});
