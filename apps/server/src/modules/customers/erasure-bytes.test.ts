import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pedidoCriadoSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { testConfig } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import {
  definirHorarios,
  entregarNaArea41,
  montarPedido,
  novoEndereco,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import { API, bearer, criarCliente } from './testing.ts';

/**
 * Issue 13 part 5: after an account's deletion, the SQLite files themselves (main file, WAL and
 * shared memory) hold no byte of the customer's e-mail, name, phone, CPF or street, in any of
 * the encodings and cases searched; the same search finds a customer who stays (the control).
 */
const EMAIL = 'Zuleica.Apagavel@Exemplo.com.br';
const NOME = 'Zuleica Apagável Tavares';
const TELEFONE = '(31) 97654-3210';
const CPF = '529.982.247-25';
const RUA = 'Rua Secretíssima da Zuleica';

const CONTROLE_EMAIL = 'controle.fica@exemplo.com.br';
const CONTROLE_NOME = 'Otacílio Permanece';
const CONTROLE_TELEFONE = '(21) 91234-5678';

/** Every form a value could be stored in: as typed, lower/upper case, digits only; UTF-8 and UTF-16. */
function formas(valor: string): Buffer[] {
  const textos = new Set([valor, valor.toLowerCase(), valor.toUpperCase()]);
  const digitos = valor.replace(/\D/g, '');
  if (digitos.length >= 8) textos.add(digitos);
  // The name's first word alone (8 letters, rare enough not to occur by chance).
  const primeira = valor.split(' ')[0] ?? '';
  if (primeira.length >= 7 && !/\d/.test(primeira)) {
    for (const t of [primeira, primeira.toLowerCase(), primeira.toUpperCase()]) textos.add(t);
  }
  return [...textos].flatMap((t) => [Buffer.from(t, 'utf8'), Buffer.from(t, 'utf16le')]);
}

function arquivos(file: string): { nome: string; bytes: Buffer }[] {
  return [file, `${file}-wal`, `${file}-shm`]
    .filter((f) => existsSync(f))
    .map((f) => ({ nome: f.slice(file.length) || '.db', bytes: readFileSync(f) }));
}

/** Where (file and form) a value is found in the database's files. */
function achados(file: string, valor: string): string[] {
  const hits: string[] = [];
  for (const a of arquivos(file)) {
    for (const forma of formas(valor)) {
      if (a.bytes.includes(forma)) hits.push(`${a.nome}: ${JSON.stringify(forma.toString('latin1'))}`);
    }
  }
  return hits;
}

describe('account deletion leaves no bytes behind (SQLite files)', () => {
  let dir: string;
  let file: string;
  let db: Db;
  let app: FastifyInstance;
  let produtos: Map<number, Produto>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rango-erasure-'));
    file = join(dir, 'rango.db');
    db = createDb(file);
    await migrateToLatest(db);
    await seedEstablishments(db, fixtureEstablishments, { alwaysOpen: false });
    app = buildApp(testConfig({ databaseUrl: file, rateLimit: false }), { db });
    await app.ready();
    await definirHorarios(db, 1);
    await entregarNaArea41(db);
    produtos = await produtosDoMenu(app, 1);
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  async function clienteComPedido(
    email: string,
    nome: string,
    telefone: string,
    rua: string,
    cpf: string | null,
  ) {
    const c = await criarCliente(app, db, email, { nomeourazaosocial: nome, telefone });
    if (cpf) {
      const perfil = await app.inject({
        method: 'PATCH',
        url: `${API}/controle/cliente/${c.id}/`,
        headers: bearer(c.access),
        payload: { cnpjoucpf: cpf.replace(/\D/g, '') },
      });
      expect(perfil.statusCode, perfil.body).toBe(200);
    }
    const endereco = await novoEndereco(db, c.id, { rua, detalhe: `Portão de ${nome}` });
    const input = montarPedido(produtos, {
      itens: [{ produto: 311, quantidade: 5 }],
      tipo: 'DELIVERY',
      endereco,
      taxaCents: 490,
      abonoCents: 6000,
      telefone,
      observacoes: `Chamar ${nome} no portão`,
    });
    input.cliente.nome = nome;
    input.cliente.cpf = cpf;
    input.cpf_pagador = cpf;
    const res = await app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      headers: bearer(c.access),
      payload: input,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id: idpedido } = pedidoCriadoSchema.parse(res.json());
    // A saved card (the sandbox vault's record too) and a card payment carry the holder's name and CPF.
    const agora = new Date().toISOString();
    const token = `tok-${c.id}-${Date.now()}`;
    await db
      .insertInto('sandbox_cartao')
      .values({
        token,
        bandeira: 'Visa',
        final: '1111',
        titular: nome.toUpperCase(),
        expiracao: '12/2099',
        criado_em: agora,
      })
      .execute();
    await db
      .insertInto('cartao')
      .values({
        idcliente: c.id,
        token,
        bandeira: 'Visa',
        numero: '************1111',
        titular: nome.toUpperCase(),
        cnpjoucpf: (cpf ?? '').replace(/\D/g, ''),
        datahora: agora,
      })
      .execute();
    await db
      .insertInto('pagamento')
      .values({
        idpedido,
        pedido_id: input.pedido_id,
        idcliente: c.id,
        chave: `${input.pedido_id.replace(/-/g, '')}p1`,
        gateway: 'sandbox',
        tipo: 'credito',
        valor: 3000,
        estado: 'pago',
        cartao_token: token,
        cartao_bandeira: 'Visa',
        cartao_numero: '************1111',
        cartao_titular: nome.toUpperCase(),
        cartao_cnpjoucpf: (cpf ?? '').replace(/\D/g, ''),
        criado_em: agora,
        atualizado_em: agora,
      })
      .execute();
    // A recovery mail too (its text greets them by name).
    const rec = await app.inject({
      method: 'POST',
      url: `${API}/controle/cliente/token-resete-senha/`,
      payload: { email },
    });
    expect(rec.statusCode, rec.body).toBeLessThan(300);
    await app.backgroundTasks.idle();
    return c;
  }

  it('finds nothing of the deleted customer in the .db, -wal and -shm files; the control stays findable', async () => {
    const fica = await clienteComPedido(
      CONTROLE_EMAIL,
      CONTROLE_NOME,
      CONTROLE_TELEFONE,
      'Rua do Controle Permanente',
      null,
    );
    const sai = await clienteComPedido(EMAIL, NOME, TELEFONE, RUA, CPF);
    expect(fica.id).not.toBe(sai.id);

    // Before: every value is in the files (so the search below can see them).
    for (const v of [EMAIL, NOME, TELEFONE, CPF, RUA]) expect(achados(file, v), v).not.toEqual([]);

    const del = await app.inject({
      method: 'DELETE',
      url: `${API}/controle/cliente/${sai.id}/`,
      headers: bearer(sai.access),
    });
    expect(del.statusCode, del.body).toBe(204);

    // The WAL was truncated by the deletion's checkpoint.
    expect(existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`).length : 0).toBe(0);
    for (const v of [EMAIL, NOME, TELEFONE, CPF, RUA]) expect(achados(file, v), v).toEqual([]);

    // The control: the customer who stays is still found by the same search, in the main file.
    expect(achados(file, CONTROLE_EMAIL).some((h) => h.startsWith('.db'))).toBe(true);
    expect(achados(file, CONTROLE_NOME).some((h) => h.startsWith('.db'))).toBe(true);
    expect(achados(file, CONTROLE_TELEFONE).some((h) => h.startsWith('.db'))).toBe(true);
  });
});
