import { STATUS, currentStatus } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { MOTIVO_OBRIGATORIO, MovimentoRecusado, moverPedido } from './status.ts';
import { inserirPedido } from '../operator/testing.ts';

const {
  Realizado,
  PgtoPendente,
  PgtoConfirmado,
  Sincronizado,
  Confirmado,
  Pronto,
  Entregue,
  Cancelado,
  Concluido,
} = STATUS;

describe.each(DIALECTS)('moverPedido on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const historico = (id: number) =>
    t.db
      .selectFrom('pedido_historico')
      .select(['status', 'datahora', 'motivo'])
      .where('idpedido', '=', id)
      .orderBy('id')
      .execute();
  const statusDe = async (id: number) =>
    (await t.db.selectFrom('pedido').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  /** Refused with this cause and status code, the order untouched. */
  const recusa = async (id: number, para: number, causa: string, code: number, opts = {}) => {
    const antes = await historico(id);
    const err = await moverPedido(t.db, id, para, opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MovimentoRecusado);
    expect(err).toMatchObject({ causa, statusCode: code });
    expect(await historico(id)).toEqual(antes);
    return err as MovimentoRecusado;
  };

  it.each([
    ['DELIVERY', Realizado, [Confirmado, Pronto, Entregue, Concluido]],
    ['TOGO', Realizado, [Confirmado, Pronto, Concluido]],
    ['DELIVERY', PgtoConfirmado, [Confirmado, Pronto, Entregue, Concluido]],
    ['TOGO', Sincronizado, [Confirmado, Pronto, Concluido]],
  ] as const)('%s from %i walks the whole path; history and status follow', async (tipo, inicio, path) => {
    const id = await inserirPedido(t.db, { tipo, status: inicio });
    let de: number = inicio;
    for (const para of path) {
      const m = await moverPedido(t.db, id, para);
      expect(m).toMatchObject({ id, de, para, tipo, motivo: null });
      expect(await statusDe(id)).toBe(para);
      de = para;
    }
    const h = await historico(id);
    expect(h.map((e) => e.status)).toEqual([inicio, ...path]);
    expect(currentStatus(h)).toBe(Concluido);
    const row = await t.db
      .selectFrom('pedido')
      .select('atualizado_em')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.atualizado_em).toBe(h.at(-1)!.datahora);
    // Finished: nothing moves it any more.
    for (const para of [Confirmado, Pronto, Entregue, Concluido, Cancelado]) {
      await recusa(id, para, 'transicao', 409, { motivo: 'x' });
    }
  });

  it('refuses illegal moves with 409 and the statuses named', async () => {
    const id = await inserirPedido(t.db);
    const e = await recusa(id, Pronto, 'transicao', 409);
    expect(e.body).toEqual({ detail: 'Transição de status não permitida: Realizado → Pronto.' });
    expect(e.message).toBe('Transição de status não permitida: Realizado → Pronto.');
    await recusa(id, Concluido, 'transicao', 409);
    await recusa(id, Entregue, 'transicao', 409);
    await recusa(id, Realizado, 'transicao', 409);
    await recusa(id, 999, 'transicao', 409);
    await moverPedido(t.db, id, Confirmado);
    await recusa(id, Confirmado, 'transicao', 409);
    await recusa(id, Realizado, 'transicao', 409);
    await recusa(id, Concluido, 'transicao', 409);
  });

  it('a pickup is never Entregue', async () => {
    const id = await inserirPedido(t.db, { tipo: 'TOGO' });
    await moverPedido(t.db, id, Confirmado);
    await moverPedido(t.db, id, Pronto);
    const e = await recusa(id, Entregue, 'transicao', 409);
    expect(e.body).toEqual({ detail: 'Transição de status não permitida: Pronto → Entregue.' });
  });

  it.each([
    ['DELIVERY', [] as number[]],
    ['DELIVERY', [Confirmado]],
    ['DELIVERY', [Confirmado, Pronto]],
    ['DELIVERY', [Confirmado, Pronto, Entregue]],
    ['TOGO', [Confirmado, Pronto]],
  ] as const)('%s cancels after %j with a reason, never without', async (tipo, antes) => {
    const id = await inserirPedido(t.db, { tipo });
    for (const s of antes) await moverPedido(t.db, id, s);
    for (const motivo of [undefined, null, '', '   ']) {
      const e = await recusa(id, Cancelado, 'motivo', 400, { motivo });
      expect(e.body).toEqual({ motivo: [MOTIVO_OBRIGATORIO] });
    }
    await recusa(id, Cancelado, 'motivo', 400, { motivo: 'x'.repeat(201) });
    const m = await moverPedido(t.db, id, Cancelado, { motivo: '  Cliente desistiu  ' });
    expect(m.motivo).toBe('Cliente desistiu');
    expect((await historico(id)).at(-1)).toMatchObject({ status: Cancelado, motivo: 'Cliente desistiu' });
    await recusa(id, Confirmado, 'transicao', 409);
    await recusa(id, Cancelado, 'transicao', 409, { motivo: 'de novo' });
  });

  it('an order awaiting payment can only be cancelled', async () => {
    const id = await inserirPedido(t.db, { status: PgtoPendente });
    await recusa(id, Confirmado, 'transicao', 409);
    await moverPedido(t.db, id, Cancelado, { motivo: 'Pagamento não efetuado' });
    expect(await statusDe(id)).toBe(Cancelado);
  });

  it('keeps a reason only on a cancellation', async () => {
    const id = await inserirPedido(t.db);
    const m = await moverPedido(t.db, id, Confirmado, { motivo: 'ignorado' });
    expect(m.motivo).toBeNull();
    expect((await historico(id)).at(-1)!.motivo).toBeNull();
  });

  it('datahora strictly increases, bumped by 1 ms when the clock has not moved (or went back)', async () => {
    const placed = '2030-03-14T22:32:05.120Z';
    const id = await inserirPedido(t.db, { dthrpedido: placed });
    const mesmo = new Date(placed);
    await moverPedido(t.db, id, Confirmado, { agora: mesmo });
    await moverPedido(t.db, id, Pronto, { agora: mesmo });
    await moverPedido(t.db, id, Entregue, { agora: new Date('2030-03-14T22:00:00.000Z') });
    await moverPedido(t.db, id, Concluido, { agora: new Date('2030-03-14T23:00:00.000Z') });
    const h = await historico(id);
    expect(h.map((e) => e.datahora)).toEqual([
      placed,
      '2030-03-14T22:32:05.121Z',
      '2030-03-14T22:32:05.122Z',
      '2030-03-14T22:32:05.123Z',
      '2030-03-14T23:00:00.000Z',
    ]);
    expect(currentStatus(h)).toBe(Concluido);
  });

  it('uses the real clock by default', async () => {
    const id = await inserirPedido(t.db, { dthrpedido: '2020-01-01T00:00:00.000Z' });
    const antes = Date.now();
    const m = await moverPedido(t.db, id, Confirmado);
    expect(Date.parse(m.datahora)).toBeGreaterThanOrEqual(antes);
    expect(Date.parse(m.datahora)).toBeLessThanOrEqual(Date.now());
  });

  it("another establishment's order and an unknown id are not found", async () => {
    const id = await inserirPedido(t.db, { idestabelecimento: 2 });
    const e = await recusa(id, Confirmado, 'nao-encontrado', 404, { idestabelecimento: 1 });
    expect(e.body).toEqual({ detail: 'Pedido não encontrado.' });
    await recusa(987654, Confirmado, 'nao-encontrado', 404);
    await moverPedido(t.db, id, Confirmado, { idestabelecimento: 2 });
  });

  it('`de`: a move decided on an older read is refused once the status changed', async () => {
    const id = await inserirPedido(t.db);
    await moverPedido(t.db, id, Confirmado, { de: Realizado });
    await recusa(id, Pronto, 'transicao', 409, { de: Realizado });
    await moverPedido(t.db, id, Pronto, { de: Confirmado });
  });

  it("inside a caller's transaction it is part of it: a rollback undoes the move", async () => {
    const id = await inserirPedido(t.db);
    const err = await t.db
      .transaction()
      .execute(async (trx) => {
        await moverPedido(trx, id, Confirmado);
        throw new Error('desfazer');
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'desfazer' });
    expect(await statusDe(id)).toBe(Realizado);
    expect(await historico(id)).toHaveLength(1);
    await t.db.transaction().execute((trx) => moverPedido(trx, id, Confirmado));
    expect(await statusDe(id)).toBe(Confirmado);
  });

  it('two concurrent Confirmado moves of one order: exactly one succeeds', async () => {
    for (let i = 0; i < 5; i++) {
      const id = await inserirPedido(t.db);
      const r = await Promise.allSettled([
        moverPedido(t.db, id, Confirmado),
        moverPedido(t.db, id, Confirmado),
      ]);
      expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      const falha = r.find((x) => x.status === 'rejected');
      expect(falha?.reason).toMatchObject({ causa: 'transicao', statusCode: 409 });
      expect((await historico(id)).map((h) => h.status)).toEqual([Realizado, Confirmado]);
    }
  });

  it.runIf(dialect === 'postgres')(
    'two instances (connections) racing on one order: one move each step, history consistent',
    async () => {
      const outra = t.reopen();
      for (let i = 0; i < 5; i++) {
        const id = await inserirPedido(t.db);
        const r = await Promise.allSettled([
          moverPedido(t.db, id, Confirmado),
          moverPedido(outra, id, Confirmado),
          moverPedido(outra, id, Cancelado, { motivo: 'corrida' }),
        ]);
        expect(r.filter((x) => x.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
        const h = await historico(id);
        // Whatever order they ran in, each step was legal from the one before.
        expect(h.map((e) => e.status)).toEqual(expect.arrayContaining([Realizado]));
        expect(new Set(h.map((e) => e.status)).size).toBe(h.length);
        expect(h.filter((e) => e.status === Confirmado).length).toBeLessThanOrEqual(1);
        for (let k = 1; k < h.length; k++) expect(h[k]!.datahora > h[k - 1]!.datahora).toBe(true);
        expect(await statusDe(id)).toBe(currentStatus(h));
      }
    },
  );
});
