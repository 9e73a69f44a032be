/**
 * The owner's sales report (issue 12, 'Relatórios') over a year of orders on PostgreSQL: 500,000
 * orders of one establishment over the last 365 days (plus 50,000 of another, which the report
 * must skip) generated in SQL (INSERT … SELECT generate_series in chunks, with triggers and
 * foreign-key checks off for the session; their items and options then copied from the orders'
 * JSON by the same set-based SQL as migration 0011's trigger) in a dedicated schema of
 * BENCH_PG_ADMIN's database, dropped afterwards. Then the report's service (modules/reports: what
 * GET …/relatorio/ runs) over the whole year: the first report (every day computed, the closed
 * ones kept in relatorio_dia), then BENCH_REPORT_RUNS timed reports (today and yesterday computed,
 * 363 days read): median and p95 wall clock, target ≤ 500 ms. Also the PostgreSQL backend's CPU
 * time for the whole year's aggregates (queries in sequence, no parallel workers), which the
 * machine's load does not inflate.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { wallClock } from '@rango/domain';
import { periodoUtc } from '@rango/domain/painel/relatorio';
import { createDb } from '../../apps/server/src/db/index.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrations.ts';
import { reportsRepository as repo } from '../../apps/server/src/modules/reports/repository.ts';
import { createReportsService } from '../../apps/server/src/modules/reports/service.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { cpuMs, isMain, median } from './lib/server.ts';

const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PEDIDOS = Number(process.env.BENCH_REPORT_ORDERS ?? 500_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 15);
const CHUNK = 50_000;
const TARGET_MS = 500;

const p95 = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? Number.NaN;
};
const ms = (v: number) => Math.round(v * 10) / 10;

/** Orders [de, ate] (1-based series) of establishment `idest`, `g` spread over 365 days. */
const inserirPedidos = (idest: number, de: number, ate: number) => sql`
  insert into pedido (pedido_id, idcliente, idestabelecimento, referencia, tipo, status, subtotal, taxa_entrega,
    desconto, total, codigo_cupom, entregue_as, formapgto, pedido_json, dthrpedido, atualizado_em)
  select 'bench-' || ${idest} || '-' || g, null, ${idest}, lpad((1000 + g % 9000)::text, 4, '0'), o.tipo, o.status,
    o.total, null, 0, o.total, null, null, o.forma,
    json_build_object(
      'tipo', o.tipo, 'total', o.total, 'subtotal', o.total, 'observacoes', '', 'origem', 'web',
      'cliente', json_build_object('nome', 'Cliente ' || g, 'telefone', '(11) 98765-4321'),
      'pagamentos', json_build_array(json_build_object('descricaoFormaPgto', o.forma, 'formapgto_id', 1,
        'pre_pago', false, 'valor', o.total)),
      'itens', it.itens)::text,
    o.dthr, o.dthr
  from generate_series(${de}::int, ${ate}::int) g
  cross join lateral (
    select
      case when g % 100 < 65 then 'DELIVERY' else 'TOGO' end as tipo,
      case when g % 100 = 97 then 10 when g % 100 = 98 then 51 when g % 50 = 7 then 50 else 100 end as status,
      (array['Dinheiro', 'PIX', 'Crédito', 'Débito', 'Vale-refeição'])[1 + (g * 7) % 5] as forma,
      1500 + ((g::bigint * 7919) % 12000)::int as total,
      to_char(
        (current_date - (g % 365)) + make_interval(
          hours => ((array[11, 11, 12, 12, 12, 13, 13, 14, 15, 17, 18, 19, 19, 20, 20, 20, 21, 21, 22, 0])
            [1 + (g * 31) % 20] + 3) % 24,
          mins => (g * 17) % 60, secs => (g * 13) % 60),
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as dthr
  ) o
  cross join lateral (
    select json_agg(json_build_object(
      'produto_id', 1000 + (g * 13 + k * 7) % 60,
      'descricao', 'Produto ' || (1000 + (g * 13 + k * 7) % 60),
      'quantidade', 1 + (g + k) % 2,
      'preco_unit', 2990, 'preco_total', (1 + (g + k) % 2) * (1990 + ((g * 13 + k * 7) % 60) * 50), 'ajuste', 0,
      'observacoes', '',
      'subitens', case when (g + k) % 3 = 0 then '[]'::json else json_build_array(json_build_object(
        'grupoopcao_id', 500, 'stprecopraticado', 0,
        'sub_subitens', json_build_array(json_build_object(
          'opcao_id', 9000 + (g * 11 + k) % 40, 'descricao', 'Opção ' || ((g * 11 + k) % 40),
          'quantidade', 1, 'quantidade_adicionada', 0, 'preco_unit', 300, 'preco_total', 300 + ((g + k) % 40) * 10,
          'ajuste', 0)))) end)) as itens
    from generate_series(0, g % 3) k
  ) it`;

/**
 * The orders' items and options from their JSON, set-based: the statements of migration 0011's
 * trigger (pedido_itens) over the whole table, for orders inserted with the triggers off.
 */
const ITENS = [
  sql`insert into pedido_item (idpedido, idestabelecimento, dthrpedido, idproduto, descricao, quantidade, valor)
    select p.id, p.idestabelecimento, p.dthrpedido, (i->>'produto_id')::int, i->>'descricao',
      (i->>'quantidade')::int, (i->>'preco_total')::int
    from pedido p, jsonb_array_elements(p.pedido_json::jsonb->'itens') i`,
  sql`insert into pedido_item_opcao (idpedido, idestabelecimento, dthrpedido, idopcao, descricao, quantidade, valor)
    select p.id, p.idestabelecimento, p.dthrpedido, (o->>'opcao_id')::int, o->>'descricao',
      (o->>'quantidade')::int * (i->>'quantidade')::int, (o->>'preco_total')::int * (i->>'quantidade')::int
    from pedido p, jsonb_array_elements(p.pedido_json::jsonb->'itens') i,
      jsonb_array_elements(i->'subitens') s, jsonb_array_elements(s->'sub_subitens') o`,
];

export async function runReport(): Promise<BenchResult> {
  const schema =
    process.env.BENCH_REPORT_SCHEMA ?? `bench_relatorio_${Math.random().toString(36).slice(2, 8)}`;
  const admin = createDb(PG_ADMIN);
  await sql.raw(`create schema ${schema}`).execute(admin);
  const db = createDb(PG_ADMIN, { schema });
  try {
    await migrateToLatest(db);
    await sql`insert into estabelecimento (id, idpessoa, apelidooufantasia, nomeourazaosocial, rua, numero, bairro, cep, cidade, uf_descricao, uf_sigla)
      values (1, 1, 'Bench', 'Bench Ltda', 'Rua A', '1', 'Centro', '01001-000', 'São Paulo', 'São Paulo', 'SP'),
             (2, 2, 'Outro', 'Outro Ltda', 'Rua B', '2', 'Centro', '01001-000', 'São Paulo', 'São Paulo', 'SP')`.execute(
      db,
    );
    const t0 = performance.now();
    // One session with triggers and foreign-key checks off (session_replication_role = replica:
    // the data is consistent by construction), the rows the triggers would write added after.
    await db.connection().execute(async (c) => {
      await sql`set session_replication_role = replica`.execute(c);
      for (let de = 1; de <= PEDIDOS; de += CHUNK) {
        await inserirPedidos(1, de, Math.min(PEDIDOS, de + CHUNK - 1)).execute(c);
        console.log(
          `  ${Math.min(PEDIDOS, de + CHUNK - 1)} pedidos (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
        );
      }
      await inserirPedidos(2, 1, Math.max(1, Math.round(PEDIDOS / 10))).execute(c);
      for (const q of ITENS) await q.execute(c);
      await sql`reset session_replication_role`.execute(c);
    });
    const seedS = (performance.now() - t0) / 1000;
    await sql`vacuum analyze pedido`.execute(db);
    await sql`vacuum analyze pedido_item`.execute(db);
    await sql`vacuum analyze pedido_item_opcao`.execute(db);
    const conta = async (t: 'pedido' | 'pedido_item' | 'pedido_item_opcao') =>
      Number(
        (
          await db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [nPedidos, nItens, nOpcoes] = [
      await conta('pedido'),
      await conta('pedido_item'),
      await conta('pedido_item_opcao'),
    ];
    console.log(
      `  gerados em ${seedS.toFixed(1)} s: ${nPedidos} pedidos (2 estabelecimentos), ${nItens} itens, ${nOpcoes} opções`,
    );

    const reports = createReportsService(db);
    const hoje = wallClock(new Date()).data;
    const de = new Date(Date.parse(hoje) - 364 * 86_400_000).toISOString().slice(0, 10);
    const q = { de, ate: hoje };
    // The first report of the year computes every day and keeps the closed ones (relatorio_dia);
    // the next ones compute only today and yesterday.
    const t1 = performance.now();
    const primeiro = await reports.relatorio(1, q);
    const frio = performance.now() - t1;
    const tempos: number[] = [];
    let ultimo = primeiro;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      ultimo = await reports.relatorio(1, q);
      tempos.push(performance.now() - t);
    }
    if (JSON.stringify(ultimo) !== JSON.stringify(primeiro)) {
      throw new Error('o relatório a partir dos dias guardados difere do calculado');
    }
    // An order of 30 days ago cancelled: that day is computed again (with yesterday and today).
    const diaAntigo = periodoUtc(
      new Date(Date.parse(hoje) - 30 * 86_400_000).toISOString().slice(0, 10),
      hoje,
    ).inicio;
    await sql`update pedido set status = 50 where id = (
      select min(id) from pedido where idestabelecimento = 1 and status = 100 and dthrpedido >= ${diaAntigo})`.execute(
      db,
    );
    const t2 = performance.now();
    const depois = await reports.relatorio(1, q);
    const aposMudanca = performance.now() - t2;
    if (depois.cancelamentos.pedidos !== primeiro.cancelamentos.pedidos + 1) {
      throw new Error('o cancelamento de um pedido antigo não chegou ao relatório');
    }
    console.log(`  primeiro relatório (todos os dias calculados): ${Math.round(frio)} ms`);
    console.log(`  após cancelar um pedido de 30 dias atrás: ${Math.round(aposMudanca)} ms`);
    console.log(
      `  relatório ${de} a ${hoje}: ${primeiro.pedidos} pedidos, receita ${primeiro.receita} centavos, ticket médio ${primeiro.ticketMedio}, ` +
        `${primeiro.cancelamentos.pedidos} cancelados, ${primeiro.porFormaPagamento.length} formas, ` +
        `top produto ${primeiro.produtos.porQuantidade[0]?.descricao} (${primeiro.produtos.porQuantidade[0]?.quantidade}), ` +
        `pico ${primeiro.porHora.reduce((a, b) => (b.pedidos > a.pedidos ? b : a)).hora}h`,
    );
    console.log(
      `  tempos (ms): ${tempos.map((t) => Math.round(t)).join(', ')}; carga do sistema ${loadavg()[0]!.toFixed(1)}`,
    );
    // The same SQL one query after another on one backend without parallel workers: its CPU time
    // is what the report costs the database, whatever else the machine is running (this machine
    // is shared: wall-clock figures rise with its load average).
    let cpu = Number.NaN;
    try {
      cpu = await db.connection().execute(async (c) => {
        await sql`set max_parallel_workers_per_gather = 0`.execute(c);
        const pid = Number(
          (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(c)).rows[0]!.pid,
        );
        const periodo = { idestabelecimento: 1, ...periodoUtc(q.de, q.ate) };
        const antes = cpuMs(pid);
        for (let i = 0; i < RUNS; i++) {
          await repo.gruposPedidos(c, periodo);
          await repo.itens(c, periodo, 'produto');
          await repo.itens(c, periodo, 'opcao');
          await repo.estornos(c, periodo);
        }
        const total = (cpuMs(pid) - antes) / RUNS;
        await sql`reset max_parallel_workers_per_gather`.execute(c);
        return total;
      });
    } catch (error) {
      console.error(`  tempo de CPU não medido: ${(error as Error).message}`);
    }
    const med = ms(median(tempos));
    const figures: Figure[] = [
      {
        name: `relatório de vendas de 1 ano, ${nPedidos - Math.round(PEDIDOS / 10)} pedidos (PostgreSQL, dias fechados guardados, mediana de ${RUNS})`,
        value: med,
        unit: 'ms',
        target: `≤ ${TARGET_MS} ms`,
        ok: med <= TARGET_MS,
      },
      {
        name: 'relatório de vendas de 1 ano (PostgreSQL, p95)',
        value: ms(p95(tempos)),
        unit: 'ms',
        target: `≤ ${TARGET_MS} ms`,
        ok: p95(tempos) <= TARGET_MS,
      },
      {
        name: 'relatório de 1 ano, primeiro (calcula e guarda os 365 dias)',
        value: ms(frio),
        unit: 'ms',
        target: 'informativo',
        ok: true,
      },
      {
        name: 'relatório de 1 ano após cancelar um pedido de 30 dias atrás',
        value: ms(aposMudanca),
        unit: 'ms',
        target: `≤ ${TARGET_MS} ms`,
        ok: aposMudanca <= TARGET_MS,
      },
      {
        name: 'cálculo de 1 ano inteiro: CPU do PostgreSQL (consultas em sequência, sem paralelismo)',
        value: ms(cpu),
        unit: 'ms',
        target: 'informativo',
        ok: true,
      },
      {
        name: 'carga do sistema durante a medida (load average 1 min)',
        value: ms(loadavg()[0]!),
        unit: '',
        target: 'informativo',
        ok: true,
      },
      { name: 'geração dos pedidos em SQL', value: ms(seedS), unit: 's', target: 'informativo', ok: true },
    ];
    const result: BenchResult = { bench: 'report', figures, details: { tempos, nPedidos, nItens, nOpcoes } };
    saveResult(result);
    printFigures(result);
    return result;
  } finally {
    await db.destroy();
    if (!process.env.BENCH_REPORT_SCHEMA)
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin);
    await admin.destroy();
  }
}

if (isMain(import.meta.url)) await runReport();
