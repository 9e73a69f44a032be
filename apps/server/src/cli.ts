import { loadConfig } from './config.ts';
import { createDb } from './db/index.ts';
import type { Db } from './db/index.ts';
import { migrateToLatest } from './db/migrations.ts';
import { backupCommand, restaurarCommand, USO_BACKUP } from './db/backup-commands.ts';
import { seedDemo } from './db/seed/seeder.ts';
import { parseId } from './http/errors.ts';
import { CUPOM_CRIAR_USO, cupomCriarCommand } from './modules/coupons/operator.ts';
import {
  USO_APROVACAO,
  estabelecimentoAprovarCommand,
  estabelecimentosPendentesCommand,
} from './modules/establishments/commands.ts';
import {
  USO_DOMINIOS,
  dominioAdicionarCommand,
  dominioRemoverCommand,
  dominiosCommand,
} from './modules/establishments/dominio-commands.ts';
import { avisoEntreProcessos } from './modules/events/bus.ts';
import {
  USO as USO_OPERADOR,
  operadorChavesCommand,
  operadorRevogarCommand,
  operadorTokenCommand,
  pedidoCommand,
  pedidoStatusComEstornoCommand,
  pedidosCommand,
} from './modules/operator/commands.ts';
import { pedidoPort } from './modules/orders/status.ts';
import {
  USO_PAGAMENTOS,
  pagamentosCommand,
  pixPagarCommand,
  taxaPlataformaCommand,
} from './modules/payments/commands.ts';
import { mudarLojaNoBanco } from './modules/establishments/service.ts';
import { USO_STAFF, staffCriarCommand } from './modules/staff/commands.ts';
import { USO_SEGREDOS, segredosRotacionarCommand } from './modules/secrets/commands.ts';

/**
 * The operator's commands (`npm run operator -- <cmd>`), on the database DATABASE_URL names.
 * Each command returns the text it prints; a thrown error prints and exits with status 1.
 */
type Command =
  | { uso: string; run: (db: Db, args: string[]) => Promise<string> }
  /** A command that must not open the database itself (restaurar replaces its file). */
  | { uso: string; semBanco: (args: string[]) => Promise<string> };

function requireId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === undefined) throw new Error(`Id de estabelecimento inválido: ${raw ?? '(nenhum)'}`);
  return id;
}

async function setLoja(db: Db, raw: string | undefined, aberta: boolean): Promise<string> {
  const id = requireId(raw);
  // Like the panel's switch: clears a reopening time and tells the open panels (event 'loja').
  if (!(await mudarLojaNoBanco(db, id, aberta, null))) {
    throw new Error(`Estabelecimento ${id} não encontrado.`);
  }
  return `Estabelecimento ${id}: loja ${aberta ? 'aberta' : 'fechada'}.`;
}

export const COMMANDS: Record<string, Command> = {
  migrate: {
    uso: 'migrate            aplica as migrações pendentes',
    async run(db) {
      const feitas = await migrateToLatest(db);
      return feitas.length ? `Migrações aplicadas: ${feitas.join(', ')}` : 'Banco já está na última versão.';
    },
  },
  // Backups (issue 13): SQLite online copy and restore; PostgreSQL prints pg_dump/pg_restore.
  backup: { uso: USO_BACKUP.backup, run: backupCommand },
  restaurar: {
    uso: USO_BACKUP.restaurar,
    semBanco: (args) => restaurarCommand(loadConfig().databaseUrl, args),
  },
  seed: {
    uso: 'seed               carrega os dados de demonstração num banco vazio',
    async run(db) {
      await migrateToLatest(db);
      const r = await seedDemo(db, { alwaysOpen: loadConfig().demoAlwaysOpen });
      return r.seeded
        ? `Dados de demonstração carregados: ${r.estabelecimentos} estabelecimentos.`
        : 'O banco já tem estabelecimentos; nada foi carregado.';
    },
  },
  abrir: {
    uso: 'abrir <id>         abre a loja (lojaaberta = true)',
    run: (db, [id]) => setLoja(db, id, true),
  },
  fechar: {
    uso: 'fechar <id>        fecha a loja (lojaaberta = false)',
    run: (db, [id]) => setLoja(db, id, false),
  },
  // New establishments waiting for the platform (APROVACAO_ESTABELECIMENTOS=1).
  'estabelecimentos-pendentes': { uso: USO_APROVACAO.pendentes, run: estabelecimentosPendentesCommand },
  'estabelecimento-aprovar': { uso: USO_APROVACAO.aprovar, run: estabelecimentoAprovarCommand },
  dominios: { uso: USO_DOMINIOS.listar, run: (db, args) => dominiosCommand(db, args, loadConfig()) },
  'dominio-adicionar': {
    uso: USO_DOMINIOS.adicionar,
    run: (db, args) => dominioAdicionarCommand(db, args, loadConfig()),
  },
  'dominio-remover': {
    uso: USO_DOMINIOS.remover,
    run: (db, args) => dominioRemoverCommand(db, args, loadConfig()),
  },
  'cupom-criar': {
    uso: CUPOM_CRIAR_USO,
    run: cupomCriarCommand,
  },
  // The restaurant's side of orders (modules/operator).
  'operador-token': { uso: USO_OPERADOR.operadorToken, run: operadorTokenCommand },
  'operador-revogar': { uso: USO_OPERADOR.operadorRevogar, run: operadorRevogarCommand },
  'operador-chaves': { uso: USO_OPERADOR.operadorChaves, run: operadorChavesCommand },
  pedidos: { uso: USO_OPERADOR.pedidos, run: pedidosCommand },
  pedido: { uso: USO_OPERADOR.pedido, run: pedidoCommand },
  'pedido-status': {
    uso: USO_OPERADOR.pedidoStatus,
    run: (db, args) => pedidoStatusComEstornoCommand(db, args, loadConfig()),
  },
  // The restaurant panel's staff (modules/staff).
  'staff-criar': { uso: USO_STAFF.staffCriar, run: (db, args) => staffCriarCommand(db, args, loadConfig()) },
  // Online payments (modules/payments).
  pagamentos: { uso: USO_PAGAMENTOS.pagamentos, run: pagamentosCommand },
  'taxa-plataforma': { uso: USO_PAGAMENTOS.taxa, run: taxaPlataformaCommand },
  'pix-pagar': {
    uso: USO_PAGAMENTOS.pixPagar,
    run: (db, args) => pixPagarCommand(db, args, loadConfig(), pedidoPort(db)),
  },
  // The restaurants' credentials (modules/secrets): a new key in SECRETS_KEYS, then this.
  'segredos-rotacionar': {
    uso: USO_SEGREDOS.rotacionar,
    run: (db) => segredosRotacionarCommand(db, loadConfig()),
  },
};

export function usage(): string {
  return ['Uso: npm run operator -- <comando>', ...Object.values(COMMANDS).map((c) => `  ${c.uso}`)].join(
    '\n',
  );
}

async function cli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(usage());
    return name && name !== 'help' ? 1 : 0;
  }
  if ('semBanco' in command) {
    try {
      console.log(await command.semBanco(args));
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return 1;
    }
  }
  const db = createDb(loadConfig().databaseUrl);
  // A command that recorded live events wakes the servers on PostgreSQL (one NOTIFY at the end).
  const aviso = avisoEntreProcessos(db);
  try {
    console.log(await command.run(db, args));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await aviso.finalizar().catch(() => undefined);
    await db.destroy();
  }
}

process.exitCode = await cli(process.argv.slice(2));
