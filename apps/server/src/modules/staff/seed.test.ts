import { afterAll, describe, expect, it } from 'vitest';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { seedDemo } from '../../db/seed/seeder.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { demoEstablishments } from '../../db/seed/data/index.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { createPasswords } from '../auth/passwords.ts';
import { DEMO_DONOS, SENHA_DEMO_PAINEL, seedDonosDemo } from './seed.ts';

describe.each(DIALECTS)('demo panel owners on %s', (dialect) => {
  const passwords = createPasswords(1);
  const abertos: TestDb[] = [];
  afterAll(async () => {
    await passwords.close();
    for (const t of abertos) await t.cleanup();
  });

  it('seeds one owner per demo establishment with the README password, once', async () => {
    const t = await openTestDb(dialect);
    abertos.push(t);
    await seedDemo(t.db, { alwaysOpen: true });
    const rows = await t.db
      .selectFrom('funcionario')
      .innerJoin('funcionario_papel', 'funcionario_papel.idfuncionario', 'funcionario.id')
      .select(['email', 'senha_hash', 'idestabelecimento', 'papel'])
      .orderBy('idestabelecimento')
      .execute();
    expect(rows.map((r) => [r.email, r.idestabelecimento, r.papel])).toEqual(
      DEMO_DONOS.map((d) => [d.email, d.idestabelecimento, 'dono']),
    );
    for (const r of rows) expect(await passwords.verifySenha(SENHA_DEMO_PAINEL, r.senha_hash)).toBe(true);
    // Idempotent: a second start adds nobody (and keeps a password the owner may have changed).
    expect(await seedDonosDemo(t.db, demoEstablishments)).toBe(0);
    await seedDemo(t.db, { alwaysOpen: true });
    expect(await t.db.selectFrom('funcionario').select('id').execute()).toHaveLength(DEMO_DONOS.length);
  });

  it('never gives a known password to an establishment that is not the demo’s own', async () => {
    const t = await openTestDb(dialect);
    abertos.push(t);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
    expect(await seedDonosDemo(t.db, demoEstablishments)).toBe(0);
    expect(await t.db.selectFrom('funcionario').select('id').execute()).toEqual([]);
  });
});
