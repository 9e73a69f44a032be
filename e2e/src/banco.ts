/**
 * A PostgreSQL database of a test file's own on the test cluster (TEST_DATABASE_URL), never the
 * shared one itself: created here, dropped by `apagar` (with force: a server killed by the test
 * may still hold connections).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface BancoProprio {
  nome: string;
  url: string;
  apagar: () => Promise<void>;
}

/** `prefixo`: the file's word in the database's name (`rango_<prefixo>_<8 hex>`). */
export async function criarBanco(clusterUrl: string, prefixo: string): Promise<BancoProprio> {
  const nome = `rango_${prefixo}_${randomUUID().slice(0, 8)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: clusterUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${nome}`);
  const u = new URL(clusterUrl);
  u.pathname = `/${nome}`;
  return { nome, url: u.toString(), apagar: () => admin(`drop database if exists ${nome} with (force)`) };
}
