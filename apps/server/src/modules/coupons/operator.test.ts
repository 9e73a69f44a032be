import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { seedDemo } from '../../db/seed/seeder.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { cupomCriarCommand } from './operator.ts';

describe.each(DIALECTS)('coupon operator command and demo seed on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('cupom-criar creates percent and fixed coupons, in cents, upper-case', async () => {
    expect(
      await cupomCriarCommand(t.db, ['1', 'natal', 'percentual', '12,5', '--limite', '20', '--usos', '100']),
    ).toBe('Cupom NATAL criado (id 1) no estabelecimento 1.');
    await cupomCriarCommand(t.db, [
      '2',
      'DEZ',
      'fixo',
      '10,50',
      '--minimo',
      '40',
      '--ate',
      '2030-01-31',
      '--usos-cliente',
      '1',
    ]);
    const rows = await t.db.selectFrom('cupom').selectAll().orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, desconto: Number(r.desconto), criado_em: typeof r.criado_em }))).toEqual([
      expect.objectContaining({
        idestabelecimento: 1,
        codigo: 'NATAL',
        ehpercentual: 1,
        desconto: 12.5,
        limitedesconto: 2000,
        subtotalminimo: 0,
        limite_total: 100,
        limite_por_cliente: null,
        valido_ate: null,
        ativo: 1,
        criado_em: 'string',
      }),
      expect.objectContaining({
        idestabelecimento: 2,
        codigo: 'DEZ',
        ehpercentual: 0,
        desconto: 1050,
        subtotalminimo: 4000,
        valido_ate: '2030-01-31T23:59:59.999Z',
        limite_por_cliente: 1,
      }),
    ]);
  });

  it.each([
    [['x', 'A', 'fixo', '5'], 'Id de estabelecimento inválido: x'],
    [['999', 'A', 'fixo', '5'], 'Estabelecimento 999 não encontrado.'],
    [['1', 'natal', 'fixo', '5'], 'O estabelecimento 1 já tem o cupom NATAL.'],
    [['1', 'A', 'fixo', '5,999'], 'Valor inválido em valor: 5,999'],
    [['1', 'A', 'percentual', '101'], 'Desconto inválido'],
    [['1', 'A B', 'fixo', '5'], 'Código inválido'],
    [['1', 'A', 'metade', '5'], 'Uso:'],
    [['1', 'A', 'fixo', '5', '--cor', 'azul'], 'Opção desconhecida: --cor'],
  ])('cupom-criar %j refuses: %s', async (args, message) => {
    await expect(cupomCriarCommand(t.db, args)).rejects.toThrow(message);
  });
});

describe.each(DIALECTS)('demo coupons on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('seeds BEMVINDO10, PIZZA5 and an expired one, once', async () => {
    await seedDemo(t.db, { alwaysOpen: true });
    await seedDemo(t.db, { alwaysOpen: true });
    const rows = await t.db
      .selectFrom('cupom')
      .select([
        'idestabelecimento',
        'codigo',
        'ehpercentual',
        'desconto',
        'limitedesconto',
        'subtotalminimo',
        'valido_ate',
      ])
      .orderBy('codigo')
      .execute();
    expect(rows.map((r) => ({ ...r, desconto: Number(r.desconto) }))).toEqual([
      {
        idestabelecimento: 1,
        codigo: 'BEMVINDO10',
        ehpercentual: 1,
        desconto: 10,
        limitedesconto: 1500,
        subtotalminimo: 0,
        valido_ate: null,
      },
      {
        idestabelecimento: 2,
        codigo: 'PIZZA5',
        ehpercentual: 0,
        desconto: 500,
        limitedesconto: 0,
        subtotalminimo: 4000,
        valido_ate: null,
      },
      {
        idestabelecimento: 1,
        codigo: 'VERAO2024',
        ehpercentual: 1,
        desconto: 20,
        limitedesconto: 0,
        subtotalminimo: 0,
        valido_ate: '2024-03-20T23:59:59.999Z',
      },
    ]);
  });
});
