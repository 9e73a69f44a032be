import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { STATUS } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/index.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import {
  formatDataHora,
  operadorChavesCommand,
  operadorRevogarCommand,
  operadorTokenCommand,
  pedidoCommand,
  pedidoStatusCommand,
  pedidosCommand,
} from './commands.ts';
import { anonimizarPedidoJson } from '../orders/anonimizar.ts';
import { estabelecimentoDaChave } from './service.ts';
import { inserirPedido } from './testing.ts';

const KEY_RE = /^rop_[A-Za-z0-9_-]{43}$/m;
const { Pronto, Concluido, Cancelado } = STATUS;

describe.each(DIALECTS)('operator commands on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  const jsonDe = async (id: number) =>
    (await t.db.selectFrom('pedido').select('pedido_json').where('id', '=', id).executeTakeFirstOrThrow())
      .pedido_json;
  const statusDe = async (id: number) =>
    (await t.db.selectFrom('pedido').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('operador-token prints the key once (it works), operador-chaves lists, operador-revogar revokes', async () => {
    const out = await operadorTokenCommand(t.db, ['1', 'Caixa', 'da', 'frente']);
    const chave = KEY_RE.exec(out)?.[0];
    expect(chave).toBeDefined();
    expect(out).toMatch(
      /^Chave de operador criada \(id (\d+), "Caixa da frente"\) para o estabelecimento 1 \(Pizzaria Teste\):/,
    );
    expect(out).toContain('Authorization: Bearer <chave>');
    const id = /id (\d+)/.exec(out)![1]!;
    expect(out).toContain(`operador-revogar ${id}`);
    expect(await estabelecimentoDaChave(t.db, chave!)).toBe(1);

    const lista = await operadorChavesCommand(t.db, ['1']);
    expect(lista.split('\n')[0]).toMatch(/^id\s+nome\s+criada em\s+revogada em$/);
    expect(lista).toMatch(
      new RegExp(`^\\s*${id}  Caixa da frente\\s+\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}  -$`, 'm'),
    );
    expect(lista).not.toContain(chave!.slice(4));

    expect(await operadorRevogarCommand(t.db, [id])).toBe(`Chave ${id} revogada.`);
    expect(await operadorRevogarCommand(t.db, [id])).toBe(`Chave ${id} já estava revogada.`);
    expect(await estabelecimentoDaChave(t.db, chave!)).toBeUndefined();
    expect(await operadorChavesCommand(t.db, ['1'])).not.toMatch(new RegExp(`^\\s*${id} .*  -$`, 'm'));
    expect(await operadorChavesCommand(t.db, ['2'])).toBe('O estabelecimento 2 não tem chaves de operador.');
    // The default name.
    expect(await operadorTokenCommand(t.db, ['2'])).toContain('"Operador"');
  });

  it.each([
    [operadorTokenCommand, [], 'Id de estabelecimento inválido: (nenhum)'],
    [operadorTokenCommand, ['abc'], 'Id de estabelecimento inválido: abc'],
    [operadorTokenCommand, ['999'], 'Estabelecimento 999 não encontrado.'],
    [operadorRevogarCommand, ['x'], 'Id de chave inválido: x'],
    [operadorRevogarCommand, ['9999'], 'Chave 9999 não encontrada.'],
    [operadorChavesCommand, ['999'], 'Estabelecimento 999 não encontrado.'],
    [pedidosCommand, [], 'Id de estabelecimento inválido: (nenhum)'],
    [pedidosCommand, ['999'], 'Estabelecimento 999 não encontrado.'],
    [pedidosCommand, ['1', '--tudo'], 'Opção desconhecida: --tudo'],
    [pedidosCommand, ['1', '2'], 'Uso: pedidos'],
    [pedidoCommand, ['0'], 'Id de pedido inválido: 0'],
    [pedidoCommand, ['99999'], 'Pedido 99999 não encontrado.'],
    [pedidoStatusCommand, ['1'], 'Uso: pedido-status'],
    [pedidoStatusCommand, ['1', 'voar'], 'Uso: pedido-status'],
    [pedidoStatusCommand, ['1', 'constructor'], 'Uso: pedido-status'],
    [pedidoStatusCommand, ['1', '0'], 'Uso: pedido-status'],
    [pedidoStatusCommand, ['99999', 'confirmar'], 'Pedido não encontrado.'],
  ] as const)('%o %j refuses: %s', async (cmd, args, msg) => {
    await expect(cmd(t.db, [...args])).rejects.toThrow(msg);
  });

  it('pedidos: a table of the open orders, newest first; --todos adds the finished', async () => {
    const antigo = await inserirPedido(t.db, {
      idestabelecimento: 2,
      referencia: '1234',
      dthrpedido: '2030-03-14T22:32:05.000Z',
    });
    const novo = await inserirPedido(t.db, {
      idestabelecimento: 2,
      referencia: '5678',
      tipo: 'TOGO',
      status: Pronto,
      dthrpedido: '2030-03-14T22:40:00.000Z',
      entregue_as: '2030-03-15T00:30:00.000Z',
    });
    const fim = await inserirPedido(t.db, { idestabelecimento: 2, referencia: '9012', status: Concluido });
    const out = await pedidosCommand(t.db, ['2']);
    const linhas = out.split('\n');
    expect(linhas[0]).toBe('Lanchonete Vazia (estabelecimento 2): 2 pedidos abertos:');
    expect(linhas[1]).toMatch(/^\s*id\s+ref\s+status\s+tipo\s+total\s+pedido em\s+para$/);
    expect(linhas[2]).toMatch(
      new RegExp(
        `^\\s*${novo}  #5678  Pronto\\s+Retirada\\s+R\\$ 87,80  14/03/2030 19:40:00  14/03/2030 21:30:00$`,
      ),
    );
    expect(linhas[3]).toMatch(
      new RegExp(`^\\s*${antigo}  #1234  Realizado  Entrega\\s+R\\$ 92,80  14/03/2030 19:32:05  agora$`),
    );
    expect(linhas).toHaveLength(4);
    expect(out).not.toContain('#9012');
    const todos = await pedidosCommand(t.db, ['--todos', '2']);
    expect(todos.split('\n')[0]).toMatch(/: 3 pedidos:$/);
    expect(todos).toMatch(new RegExp(`^\\s*${fim}  #9012  Concluido `, 'm'));
    expect(await pedidosCommand(t.db, ['1'])).toBe(
      'Pizzaria Teste (estabelecimento 1): nenhum pedido aberto.',
    );
  });

  it('pedido: the details and the history', async () => {
    const id = await inserirPedido(t.db, { referencia: '4321', dthrpedido: '2030-03-14T22:32:05.000Z' });
    await pedidoStatusCommand(t.db, [String(id), 'confirmar']);
    await pedidoStatusCommand(t.db, [String(id), 'cancelar', 'Acabou', 'a', 'massa']);
    const out = await pedidoCommand(t.db, [String(id)]);
    expect(out).toContain(`Pedido #4321 (id ${id}): Cancelado`);
    expect(out).toContain('Tipo: Entrega');
    expect(out).toContain('Feito em: 14/03/2030 19:32:05');
    expect(out).toContain('Cliente: Maria Teste 11987654321');
    expect(out).toContain(
      'Endereço: Rua Haddock Lobo, 595 apto 12, Cerqueira César, São Paulo/SP, 01414-001',
    );
    expect(out).toContain('Referência: portão azul');
    expect(out).toContain('  2 × Pizza Margherita  R$ 79,80');
    expect(out).toContain('      Obs.: sem cebola');
    expect(out).toContain('Observações: Tocar a campainha');
    expect(out).toContain('Taxa de entrega: R$ 5,00');
    expect(out).toContain('Total: R$ 92,80');
    expect(out).toContain('Pagamento: Dinheiro (na entrega), troco para R$ 100,00');
    expect(out).toMatch(
      /Histórico:\n {2}14\/03\/2030 19:32:05 {2}Realizado\n {2}.* {2}Confirmado\n {2}.* {2}Cancelado \(Acabou a massa\)$/,
    );
    // A deleted account's order (the orders module blanks the customer in pedido_json).
    await t.db
      .updateTable('pedido')
      .set({ pedido_json: anonimizarPedidoJson(await jsonDe(id)) })
      .where('id', '=', id)
      .execute();
    const anonimo = await pedidoCommand(t.db, [String(id)]);
    expect(anonimo).toContain('Cliente: (conta excluída)\n');
    expect(anonimo).toContain('Endereço: Cerqueira César, São Paulo/SP\n');
  });

  it('pedido-status: names and numbers, each move printed; refusals are the API texts', async () => {
    const id = await inserirPedido(t.db, { referencia: '2468' });
    const s = String(id);
    expect(await pedidoStatusCommand(t.db, [s, 'confirmar'])).toMatch(
      new RegExp(
        `^Pedido #2468 \\(id ${id}\\): Realizado → Confirmado em \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}\\.$`,
      ),
    );
    await expect(pedidoStatusCommand(t.db, [s, 'concluir'])).rejects.toThrow(
      'Transição de status não permitida: Confirmado → Concluido.',
    );
    expect(await pedidoStatusCommand(t.db, [s, '30'])).toContain('Confirmado → Pronto');
    expect(await pedidoStatusCommand(t.db, [s, 'ENTREGUE'])).toContain('Pronto → Entregue');
    await expect(pedidoStatusCommand(t.db, [s, 'cancelar'])).rejects.toThrow(
      'Informe o motivo do cancelamento.',
    );
    expect(await pedidoStatusCommand(t.db, [s, '100'])).toContain('Entregue → Concluido');
    expect(await statusDe(id)).toBe(Concluido);

    const togo = String(await inserirPedido(t.db, { tipo: 'TOGO' }));
    await pedidoStatusCommand(t.db, [togo, '21']);
    await pedidoStatusCommand(t.db, [togo, 'pronto']);
    await expect(pedidoStatusCommand(t.db, [togo, 'entregue'])).rejects.toThrow('Pronto → Entregue');
    expect(await pedidoStatusCommand(t.db, [togo, '50', 'Cliente', 'não', 'veio'])).toContain(
      'Pronto → Cancelado',
    );
    expect(await statusDe(Number(togo))).toBe(Cancelado);
  });

  it('formatDataHora: São Paulo wall clock', () => {
    expect(formatDataHora('2030-01-01T02:59:00.000Z')).toBe('31/12/2029 23:59:00');
    expect(formatDataHora('não é data')).toBe('não é data');
  });
});

describe('npm run operator (the real process, SQLite file)', () => {
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'rango-operador-'));
  const file = join(dir, 'rango.db');
  const run = async (...args: string[]) =>
    (
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: file },
      })
    ).stdout;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a key and moves an order through to Concluído', async () => {
    const db = createDb(file);
    await migrateToLatest(db);
    await seedEstablishments(db, fixtureEstablishments, { alwaysOpen: false });
    const id = await inserirPedido(db, { referencia: '7777' });
    const chave = KEY_RE.exec(await run('operador-token', '1', 'e2e'))?.[0];
    expect(chave && (await estabelecimentoDaChave(db, chave))).toBe(1);
    expect(await run('pedidos', '1')).toMatch(new RegExp(`^\\s*${id}  #7777  Realizado `, 'm'));
    for (const acao of ['confirmar', 'pronto', 'entregue', 'concluir'])
      await run('pedido-status', String(id), acao);
    expect(
      (await db.selectFrom('pedido').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe(STATUS.Concluido);
    const err = await run('pedido-status', String(id), 'cancelar', 'x').catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(err).toMatchObject({
      code: 1,
      stderr: 'Transição de status não permitida: Concluido → Cancelado.\n',
    });
    expect(await run('help')).toBe('');
    await db.destroy();
  }, 60_000);
});
