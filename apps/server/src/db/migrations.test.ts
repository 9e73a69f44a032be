import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureEstablishments } from '../test/fixtures.ts';
import { DIALECTS, openTestDb } from '../test/db.ts';
import type { TestDb } from '../test/db.ts';
import { migrateToLatest, migrations } from './migrations.ts';
import { seedEstablishments } from './seed/seed-establishments.ts';

describe.each(DIALECTS)('migrations and seed on %s', (dialect) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await openTestDb(dialect, { migrate: false });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('runs every migration once; a second run changes nothing', async () => {
    expect(await migrateToLatest(t.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(t.db)).toEqual([]);
    const tables = (await t.db.introspection.getTables()).map((x) => x.name).sort();
    expect(tables).toEqual(
      expect.arrayContaining([
        'abonotaxaentrega',
        'areaentrega',
        'estabelecimento',
        'fone',
        'formapgto',
        'grupomenu',
        'grupoopcao',
        'horariofuncionamento',
        'opcao',
        'produto',
        'produto_grupoopcao',
        'taxaentrega',
      ]),
    );
  });

  it('0015 offers every existing payment method on delivery, and online all but cash', async () => {
    await migrateToLatest(t.db);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
    const m = migrations['0015_formapgto_lados']!;
    await m.down!(t.db);
    await m.up(t.db);
    const rows = await t.db
      .selectFrom('formapgto')
      .select(['sttipopgto', 'na_entrega', 'online'])
      .where('idestabelecimento', '=', 1)
      .orderBy('idformapgto')
      .execute();
    expect(rows).toEqual([
      { sttipopgto: 0, na_entrega: 1, online: 0 },
      { sttipopgto: 200, na_entrega: 1, online: 1 },
      { sttipopgto: 60, na_entrega: 1, online: 1 },
    ]);
  });

  it('seeds only an empty database, money in cents', async () => {
    await migrateToLatest(t.db);
    const first = await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
    expect(first).toEqual({ seeded: true, estabelecimentos: 2 });
    await t.db
      .updateTable('estabelecimento')
      .set({ apelidooufantasia: 'Renomeada' })
      .where('id', '=', 1)
      .execute();

    const second = await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
    expect(second).toEqual({ seeded: false, estabelecimentos: 0 });
    const est = await t.db.selectFrom('estabelecimento').selectAll().orderBy('id').execute();
    expect(est.map((e) => e.id)).toEqual([1, 2]);
    expect(est[0]?.apelidooufantasia).toBe('Renomeada');
    expect(est[0]?.pedidominimo).toBe(2550);

    const produto = await t.db
      .selectFrom('produto')
      .selectAll()
      .where('idproduto', '=', 302)
      .executeTakeFirstOrThrow();
    expect([produto.preco, produto.precooferta]).toEqual([3990, 3490]);
    const opcao = await t.db
      .selectFrom('opcao')
      .selectAll()
      .where('idopcao', '=', 9101)
      .executeTakeFirstOrThrow();
    expect([opcao.preco, opcao.valorafetaopcao]).toEqual([4490, 12.5]);
    const area = await t.db
      .selectFrom('areaentrega')
      .selectAll()
      .where('idareaentrega', '=', 41)
      .executeTakeFirstOrThrow();
    expect([area.taxaentrega, area.valorminimo, area.raio]).toEqual([490, 6000, 3000]);
    // The shared 'Borda' group is stored once and linked to both pizzas.
    const links = await t.db
      .selectFrom('produto_grupoopcao')
      .selectAll()
      .where('idgrupoopcao', '=', 502)
      .execute();
    expect(links.map((l) => l.idproduto).sort()).toEqual([301, 302]);
    const horarios = await t.db
      .selectFrom('horariofuncionamento')
      .selectAll()
      .where('idestabelecimento', '=', 1)
      .execute();
    expect(horarios.map((h) => h.fechamento).sort()).toEqual(['02:00:00', '23:30:00']);
  });

  it('gives establishment 1 24-hour hours on every weekday when alwaysOpen', async () => {
    await migrateToLatest(t.db);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: true });
    const horarios = await t.db
      .selectFrom('horariofuncionamento')
      .select(['diadasemana', 'abertura', 'fechamento'])
      .where('idestabelecimento', '=', 1)
      .orderBy('diadasemana')
      .execute();
    expect(horarios).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((diadasemana) => ({
        diadasemana,
        abertura: '00:00:00',
        fechamento: '00:00:00',
      })),
    );
  });

  it('lets later inserts take new ids after the explicit seed ids', async () => {
    await migrateToLatest(t.db);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
    const row = await t.db
      .insertInto('formapgto')
      .values({ idestabelecimento: 2, descricao: 'Débito', sttipopgto: 61 })
      .returning('idformapgto')
      .executeTakeFirstOrThrow();
    expect(row.idformapgto).toBeGreaterThan(32);
  });

  it.skipIf(dialect === 'sqlite')('lets instances that start together seed once (PostgreSQL)', async () => {
    await migrateToLatest(t.db);
    const other = t.reopen();
    const results = await Promise.all([
      seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false }),
      seedEstablishments(other, fixtureEstablishments, { alwaysOpen: false }),
    ]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
  });

  it('rolls the whole seed back when one establishment fails', async () => {
    await migrateToLatest(t.db);
    const broken = [fixtureEstablishments[0]!, fixtureEstablishments[0]!];
    await expect(seedEstablishments(t.db, broken, { alwaysOpen: false })).rejects.toThrow();
    const count = await t.db.selectFrom('estabelecimento').select('id').execute();
    expect(count).toEqual([]);
  });
});
