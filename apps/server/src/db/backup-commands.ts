import { loadConfig } from '../config.ts';
import { arquivoSqlite, backupSqlite, comandoPgDump, comandoPgRestore, restaurarSqlite } from './backup.ts';
import type { Db } from './index.ts';

export const USO_BACKUP = {
  backup:
    'backup <pasta>     cópia online do banco SQLite para <pasta>/rango-<data>.db (PostgreSQL: mostra o pg_dump)',
  restaurar:
    'restaurar <arquivo> [--forcar]  substitui o banco SQLite pelo backup verificado (o atual fica ao lado; recusa com o servidor aberto)',
} as const;

export async function backupCommand(db: Db, [pasta]: string[]): Promise<string> {
  if (!pasta) throw new Error(`Uso: npm run operator -- ${USO_BACKUP.backup}`);
  if (arquivoSqlite(loadConfig().databaseUrl) === null) return comandoPgDump(pasta);
  const r = await backupSqlite(db, pasta);
  return `Backup: ${r.arquivo} (${r.paginas} páginas, ${r.bytes} bytes; integrity_check ok)`;
}

export async function restaurarCommand(databaseUrl: string, args: string[]): Promise<string> {
  const forcar = args.includes('--forcar');
  const [arquivo] = args.filter((a) => a !== '--forcar');
  if (!arquivo) throw new Error(`Uso: npm run operator -- ${USO_BACKUP.restaurar}`);
  const alvo = arquivoSqlite(databaseUrl);
  if (alvo === null) return comandoPgRestore(arquivo);
  if (alvo === ':memory:') throw new Error('DATABASE_URL aponta para um banco em memória.');
  const r = restaurarSqlite(alvo, arquivo, { forcar });
  return [
    `Banco restaurado: ${r.alvo} (integrity_check ok).`,
    r.anterior ? `O banco anterior ficou em ${r.anterior}` : 'Não havia banco anterior.',
  ].join('\n');
}
