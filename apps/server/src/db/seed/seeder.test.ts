import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  areasEntregaSchema,
  estabelecimentoDetalheSchema,
  formasPgtoSchema,
  menuSchema,
} from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DIALECTS, openTestDb, testConfig } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { demoEstablishments } from './data/index.ts';
import { seedDemo } from './seeder.ts';

/** The real demo data through the seeder and every route: the contract between the two helpers. */
describe.each(DIALECTS)('demo data on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('seeds once and serves every establishment in the contract, images on disk', async () => {
    expect(await seedDemo(t.db, { alwaysOpen: true })).toEqual({
      seeded: true,
      estabelecimentos: demoEstablishments.length,
    });
    expect((await seedDemo(t.db, { alwaysOpen: true })).seeded).toBe(false);
    const mediaDir = loadConfig({}).mediaDir;
    const app = buildApp(testConfig({ mediaDir }), { db: t.db });
    const images = new Set<string>();
    for (const seed of demoEstablishments) {
      const id = seed.detalhe.id;
      const get = async (path: string) => {
        const res = await app.inject(`/api/ead${path}`);
        expect(res.statusCode, path).toBe(200);
        return res.json();
      };
      const detalhe = estabelecimentoDetalheSchema.parse(await get(`/controle/estabelecimento/${id}/`));
      const menu = menuSchema.parse(await get(`/api/estabelecimento/${id}/menu/`));
      expect(formasPgtoSchema.parse(await get(`/api/estabelecimento/${id}/formapgto/`))).toEqual(
        [...seed.formaspgto]
          .sort((a, b) => a.idformapgto - b.idformapgto)
          // Issue 12: seeded methods keep the old offer (cash on delivery only).
          .map((f) => ({ ...f, na_entrega: true, online: f.sttipopgto !== 0 })),
      );
      expect(areasEntregaSchema.parse(await get(`/api/estabelecimento/${id}/areas_entrega/`))).toEqual(
        [...seed.areasEntrega]
          .sort((a, b) => a.idareaentrega - b.idareaentrega)
          .map((a) => ({ ...a, idestabelecimento: id })),
      );
      // The menu round-trips: same groups, products, option groups and options, same order and money.
      expect(menu).toEqual(seed.menu);
      expect(detalhe.pedidominimo).toBe(seed.detalhe.pedidominimo);
      expect(detalhe.taxaentrega_set).toEqual(seed.detalhe.taxaentrega_set);
      if (id === 1) {
        expect(detalhe.horariofuncionamento_set).toHaveLength(7);
        expect(detalhe.horariofuncionamento_set.every((h) => h.abertura === h.fechamento)).toBe(true);
      }
      for (const p of [detalhe.logo, detalhe.estabelecimento.logo, detalhe.estabelecimento.imgpessoa]) {
        if (p) images.add(p);
      }
      for (const g of menu.grupos) for (const p of g.produtos) if (p.imagem) images.add(p.imagem);
    }
    for (const path of images) {
      expect(path.startsWith('/api/ead/media/'), path).toBe(true);
      expect(existsSync(join(mediaDir, path.slice('/api/ead/media/'.length))), path).toBe(true);
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
    }
    await app.close();
  });
});
