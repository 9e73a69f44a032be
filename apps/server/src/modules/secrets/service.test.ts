import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { sqliteHandleOf } from '../../db/index.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { segredosRotacionarCommand } from './commands.ts';
import { KeyRing } from './keys.ts';
import {
  LOCAL_KEY_ID,
  MASCARA,
  Segredo,
  SegredoIlegivelError,
  createSegredos,
  resolveKeyRing,
  rotateSecrets,
  verifyKeys,
} from './service.ts';

const ring = (...ids: string[]) => new KeyRing(ids.map((id) => ({ id, key: KEYS[id]! })));
const KEYS: Record<string, Buffer> = { k1: randomBytes(32), k2: randomBytes(32), k3: randomBytes(32) };
const config = (r: KeyRing) => ({ production: true, secretsKeys: r });

/** A value no other byte of the database could contain by chance. */
const PLAIN = `APP_USR-${randomBytes(18).toString('hex')}-mp-token`;

describe.each(DIALECTS)('secrets store on %s', (dialect) => {
  // One database for the file (migrating one per test costs seconds on PostgreSQL); each test
  // starts with no secret and no local key.
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('segredo').execute();
    await t.db.deleteFrom('configuracao').where('chave', '=', 'segredos_chave_local').execute();
  });

  const chaveDe = async (id: number, nome: string) =>
    (
      await t.db
        .selectFrom('segredo')
        .select('chave_id')
        .where('idestabelecimento', '=', id)
        .where('nome', '=', nome)
        .executeTakeFirstOrThrow()
    ).chave_id;

  it('round trip: set, get, describe, list, replace, delete; each establishment sees only its own', async () => {
    const s = createSegredos(t.db, config(ring('k1')));
    expect(await s.describe(1, 'mercadopago.access_token')).toEqual({ configurado: false, final: null });
    expect(await s.get(1, 'mercadopago.access_token')).toBeUndefined();

    await s.set(1, 'mercadopago.access_token', PLAIN);
    await s.set(1, 'webhook.cielo', 'curto');
    const v = await s.get(1, 'mercadopago.access_token');
    expect(v?.revelar()).toBe(PLAIN);
    expect(await s.describe(1, 'mercadopago.access_token')).toEqual({
      configurado: true,
      final: PLAIN.slice(-4),
    });
    // A short value shows no characters at all (its last 4 would be most of it).
    expect(await s.describe(1, 'webhook.cielo')).toEqual({ configurado: true, final: null });
    expect(await s.list(1)).toEqual([
      { nome: 'mercadopago.access_token', configurado: true, final: PLAIN.slice(-4) },
      { nome: 'webhook.cielo', configurado: true, final: null },
    ]);
    // Tenant isolation: establishment 2 has none of it.
    expect(await s.get(2, 'mercadopago.access_token')).toBeUndefined();
    expect(await s.list(2)).toEqual([]);
    expect(await s.delete(2, 'mercadopago.access_token')).toBe(false);

    // Replaced: a new IV every time, even for the same value.
    const iv1 = (
      await t.db.selectFrom('segredo').select('iv').where('nome', '=', 'webhook.cielo').execute()
    )[0]?.iv;
    await s.set(1, 'webhook.cielo', 'curto');
    const iv2 = (
      await t.db.selectFrom('segredo').select('iv').where('nome', '=', 'webhook.cielo').execute()
    )[0]?.iv;
    expect(iv2).not.toBe(iv1);
    await s.set(1, 'webhook.cielo', new Segredo('outro-valor-mais-longo'));
    expect((await s.get(1, 'webhook.cielo'))?.revelar()).toBe('outro-valor-mais-longo');

    expect(await s.delete(1, 'webhook.cielo')).toBe(true);
    expect(await s.get(1, 'webhook.cielo')).toBeUndefined();
    expect(await s.delete(1, 'webhook.cielo')).toBe(false);

    await expect(s.set(1, 'Nome Inválido', 'x')).rejects.toThrow(RangeError);
    await expect(s.set(1, 'ok', '')).rejects.toThrow(RangeError);
    // No establishment 999: the foreign key refuses it.
    await expect(s.set(999, 'ok', PLAIN)).rejects.toThrow();
  });

  it('setMany: every value and the caller’s own write in one transaction, or none of them', async () => {
    const s = createSegredos(t.db, config(ring('k1')));
    await s.set(1, 'conta.9.mercadopago.refresh_token', 'velho-refresh-token');
    await expect(
      s.setMany(
        1,
        {
          'conta.9.mercadopago.access_token': 'novo-access-token',
          'conta.9.mercadopago.refresh_token': 'novo-refresh',
        },
        async () => {
          throw new Error('a escrita do chamador falhou');
        },
      ),
    ).rejects.toThrow('a escrita do chamador falhou');
    expect(await s.get(1, 'conta.9.mercadopago.access_token')).toBeUndefined();
    expect((await s.get(1, 'conta.9.mercadopago.refresh_token'))?.revelar()).toBe('velho-refresh-token');
    let escreveu = false;
    await s.setMany(
      1,
      {
        'conta.9.mercadopago.access_token': 'novo-access-token',
        'conta.9.mercadopago.refresh_token': 'novo-refresh',
      },
      async (trx) => {
        expect(
          (await trx.selectFrom('segredo').select('nome').where('idestabelecimento', '=', 1).execute())
            .length,
        ).toBeGreaterThanOrEqual(2);
        escreveu = true;
      },
    );
    expect(escreveu).toBe(true);
    expect((await s.get(1, 'conta.9.mercadopago.refresh_token'))?.revelar()).toBe('novo-refresh');
    expect((await s.get(1, 'conta.9.mercadopago.access_token'))?.revelar()).toBe('novo-access-token');
  });

  it('a Segredo prints, serialises and inspects as [segredo]', async () => {
    const s = createSegredos(t.db, config(ring('k1')));
    await s.set(1, 'whatsapp.token', PLAIN);
    const v = (await s.get(1, 'whatsapp.token'))!;
    for (const texto of [
      JSON.stringify({ v }),
      String(v),
      `${v}`,
      inspect(v),
      inspect({ deep: { v } }),
      JSON.stringify(ring('k1', 'k2')),
      inspect(ring('k1')),
    ]) {
      expect(texto).not.toContain(PLAIN);
      expect(texto).not.toContain(KEYS.k1!.toString('base64'));
    }
    expect(JSON.stringify({ v })).toBe(`{"v":"${MASCARA}"}`);
  });

  it('the value is bound to its establishment and name: a ciphertext copied elsewhere does not decrypt', async () => {
    const s = createSegredos(t.db, config(ring('k1')));
    await s.set(1, 'ifood.client_secret', PLAIN);
    const row = await t.db.selectFrom('segredo').selectAll().executeTakeFirstOrThrow();
    // Copied, as is, to establishment 2 under the same name, and to establishment 1 under another.
    await t.db
      .insertInto('segredo')
      .values({ ...row, idestabelecimento: 2 })
      .execute();
    await t.db
      .insertInto('segredo')
      .values({ ...row, nome: 'whatsapp.token' })
      .execute();
    await expect(s.get(2, 'ifood.client_secret')).rejects.toThrow(SegredoIlegivelError);
    await expect(s.get(2, 'ifood.client_secret')).rejects.toThrow(
      /'ifood.client_secret' do estabelecimento 2 não pôde ser decifrado com a chave 'k1'/,
    );
    await expect(s.get(1, 'whatsapp.token')).rejects.toThrow(SegredoIlegivelError);
    await expect(s.describe(2, 'ifood.client_secret')).rejects.toThrow(SegredoIlegivelError);
    // The original still reads; one changed byte of it does not (GCM's tag), never garbage.
    expect((await s.get(1, 'ifood.client_secret'))?.revelar()).toBe(PLAIN);
    const bytes = Buffer.from(row.cifra, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    await t.db
      .updateTable('segredo')
      .set({ cifra: bytes.toString('base64') })
      .where('idestabelecimento', '=', 1)
      .where('nome', '=', 'ifood.client_secret')
      .execute();
    const erro = await s.get(1, 'ifood.client_secret').catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(SegredoIlegivelError);
    expect(String(erro)).not.toContain(PLAIN);
  });

  it('a wrong key: a clear error on read and at start, nothing decrypted; an unknown key id too', async () => {
    await createSegredos(t.db, config(ring('k1'))).set(1, 'mercadopago.access_token', PLAIN);
    // Same id, another key (an operator's typo in SECRETS_KEYS).
    const errada = new KeyRing([{ id: 'k1', key: KEYS.k2! }]);
    const s = createSegredos(t.db, config(errada));
    await expect(s.get(1, 'mercadopago.access_token')).rejects.toThrow(
      /não pôde ser decifrado com a chave 'k1' \(chave errada/,
    );
    await expect(verifyKeys(t.db, config(errada))).rejects.toThrow(ConfigError);
    await expect(verifyKeys(t.db, config(errada))).rejects.toThrow(
      /a chave 'k1' de SECRETS_KEYS não decifra os segredos cifrados com ela/,
    );
    // The key left out of the ring.
    await expect(verifyKeys(t.db, config(ring('k2')))).rejects.toThrow(
      /segredos cifrados com a chave 'k1', que não está em SECRETS_KEYS/,
    );
    await expect(createSegredos(t.db, config(ring('k2'))).get(1, 'mercadopago.access_token')).rejects.toThrow(
      /cifrado com a chave 'k1', que não está em SECRETS_KEYS \(chaves: k2\)/,
    );
    await expect(verifyKeys(t.db, config(ring('k1')))).resolves.toBeUndefined();
    await expect(verifyKeys(t.db, config(ring('k2', 'k1')))).resolves.toBeUndefined();
  });

  it('a value under an old key stays readable; new values go under the current one', async () => {
    await createSegredos(t.db, config(ring('k1'))).set(1, 'a', PLAIN);
    const s = createSegredos(t.db, config(ring('k2', 'k1')));
    expect((await s.get(1, 'a'))?.revelar()).toBe(PLAIN);
    await s.set(1, 'b', `${PLAIN}-b`);
    expect(await chaveDe(1, 'a')).toBe('k1');
    expect(await chaveDe(1, 'b')).toBe('k2');
  });

  it('rotation: interrupted half way it loses nothing, a rerun finishes, a third run does nothing', async () => {
    const velho = createSegredos(t.db, config(ring('k1')));
    const valores: [number, string, string][] = [];
    for (const id of [1, 2]) {
      for (const nome of ['a', 'b', 'c']) {
        const valor = `${PLAIN}-${id}-${nome}`;
        valores.push([id, nome, valor]);
        await velho.set(id, nome, valor);
      }
    }
    const novo = ring('k2', 'k1');
    let feitos = 0;
    await expect(
      rotateSecrets(t.db, novo, {
        aposCada: () => {
          if (++feitos === 2) throw new Error('queda simulada');
        },
      }),
    ).rejects.toThrow('queda simulada');
    const porChave = async () =>
      (await t.db.selectFrom('segredo').select('chave_id').execute()).map((r) => r.chave_id).sort();
    expect(await porChave()).toEqual(['k1', 'k1', 'k1', 'k1', 'k2', 'k2']);
    const s = createSegredos(t.db, config(novo));
    for (const [id, nome, valor] of valores) expect((await s.get(id, nome))?.revelar()).toBe(valor);

    expect(await rotateSecrets(t.db, novo)).toEqual({
      chave: 'k2',
      recifrados: 4,
      jaNaChave: 2,
      ilegiveis: [],
    });
    expect(await rotateSecrets(t.db, novo)).toEqual({
      chave: 'k2',
      recifrados: 0,
      jaNaChave: 6,
      ilegiveis: [],
    });
    // The old key can go now.
    const so = createSegredos(t.db, config(ring('k2')));
    for (const [id, nome, valor] of valores) expect((await so.get(id, nome))?.revelar()).toBe(valor);
    await expect(verifyKeys(t.db, config(ring('k2')))).resolves.toBeUndefined();
  });

  it('rotation with an unreadable value: the others are re-encrypted, that one is named and left as it was', async () => {
    const velho = createSegredos(t.db, config(ring('k1')));
    await velho.set(1, 'a', `${PLAIN}-a`);
    await velho.set(1, 'b', `${PLAIN}-b`);
    await createSegredos(t.db, config(ring('k3'))).set(2, 'c', `${PLAIN}-c`);
    const novo = ring('k2', 'k1');
    const texto = await segredosRotacionarCommand(t.db, config(novo)).catch((e: Error) => e.message);
    expect(texto).toMatch(/Segredos na chave 'k2': 2 recifrados agora, 0 já estavam nela\./);
    expect(texto).toMatch(/1 não puderam ser lidos.*\n.*'c' do estabelecimento 2 .*chave 'k3'/);
    expect(texto).not.toContain(PLAIN);
    expect(await chaveDe(2, 'c')).toBe('k3');
    // With k3 back in the ring the rerun finishes.
    const tudo = ring('k2', 'k1', 'k3');
    expect(await segredosRotacionarCommand(t.db, config(tudo))).toMatch(
      /1 recifrados agora, 2 já estavam nela\.\nNenhum segredo depende de outra chave/,
    );
    expect((await createSegredos(t.db, config(ring('k2'))).get(2, 'c'))?.revelar()).toBe(`${PLAIN}-c`);
  });

  it('without SECRETS_KEYS outside production: one local key kept in the database, shared by every instance', async () => {
    const dev = { production: false, secretsKeys: undefined };
    await createSegredos(t.db, dev).set(1, 'a', PLAIN);
    expect(await chaveDe(1, 'a')).toBe(LOCAL_KEY_ID);
    const outra = t.reopen();
    expect((await createSegredos(outra, dev).get(1, 'a'))?.revelar()).toBe(PLAIN);
    // Configuring keys later: the local one is still read (after them), and rotation moves its values.
    const configurado = { production: false, secretsKeys: ring('k1') };
    expect((await createSegredos(t.db, configurado).get(1, 'a'))?.revelar()).toBe(PLAIN);
    expect((await rotateSecrets(t.db, await resolveKeyRing(t.db, configurado))).recifrados).toBe(1);
    expect((await createSegredos(t.db, config(ring('k1'))).get(1, 'a'))?.revelar()).toBe(PLAIN);
    // Production never falls back to it.
    await expect(resolveKeyRing(t.db, { production: true, secretsKeys: undefined })).rejects.toThrow(
      /SECRETS_KEYS é obrigatória/,
    );
  });

  it('the plaintext is in no byte of the database', async () => {
    const s = createSegredos(t.db, config(ring('k1')));
    await s.set(1, 'mercadopago.access_token', PLAIN);
    await s.set(2, 'whatsapp.app_secret', `${PLAIN}-2`);
    expect((await s.get(1, 'mercadopago.access_token'))?.revelar()).toBe(PLAIN);
    // Any part of it long enough to mean something: its hex middle, in UTF-8 and UTF-16.
    const procurados = [PLAIN, PLAIN.slice(8, 44)].flatMap((p) => [
      Buffer.from(p, 'utf8'),
      Buffer.from(p, 'utf16le'),
    ]);
    if (dialect === 'sqlite') {
      const file = sqliteHandleOf(t.db)!.name;
      const arquivos = [file, `${file}-wal`, `${file}-shm`].filter(existsSync);
      expect(arquivos).toContain(`${file}-wal`);
      for (const arquivo of arquivos) {
        const bytes = readFileSync(arquivo);
        for (const p of procurados) expect(bytes.indexOf(p), arquivo).toBe(-1);
      }
      await sql`pragma wal_checkpoint(truncate)`.execute(t.db);
      const main = readFileSync(file);
      expect(main.length).toBeGreaterThan(0);
      for (const p of procurados) expect(main.indexOf(p)).toBe(-1);
    } else {
      // Every row of every table of this test's schema, as text.
      const tabelas = await t.db.introspection.getTables();
      const esquema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s;
      let texto = '';
      for (const tabela of tabelas.filter((x) => x.schema === esquema)) {
        const r = await sql<{
          linha: string;
        }>`select t::text as linha from ${sql.table(tabela.name)} t`.execute(t.db);
        texto += r.rows.map((x) => x.linha).join('\n');
      }
      expect(texto).toContain('mercadopago.access_token');
      expect(texto).not.toContain(PLAIN);
      expect(texto).not.toContain(PLAIN.slice(8, 44));
    }
  });
});
