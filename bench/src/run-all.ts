/**
 * `npm run bench`: the benchmarks in sequence, then one summary table and the same-run ratios
 * of issue 21 with their raw figures (BENCH_SO=<names,…> runs only the benchmarks named). Figures are printed
 * and written to bench/results/latest.json; nothing is asserted. A benchmark that fails is
 * reported and the others still run.
 */
import { runBalancer } from './balancer.ts';
import { runBundleSize } from './bundle-size.ts';
import { runEditorKeystroke } from './editor-keystroke.ts';
import { runEventsIdle } from './events-idle.ts';
import { runEventsLatency } from './events-latency.ts';
import { runIfood } from './ifood.ts';
import { runLighthouse, runLighthouseRotas } from './lighthouse.ts';
import { runLoginLatency } from './login-latency.ts';
import { runMenuImport } from './menu-import.ts';
import { runMenuThroughput } from './menu-throughput.ts';
import { runNotificacoes } from './notificacoes.ts';
import { runOrdersThroughput } from './orders-throughput.ts';
import { runPhotoMemory } from './photo-memory.ts';
import { runPixWebhook } from './pix-webhook.ts';
import { runPwaRepeat } from './pwa-repeat.ts';
import { runReport } from './report.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { RAZOES, RESULTS_FILE } from './lib/results.ts';
import { runSearchKeystroke } from './search-keystroke.ts';
import { runWebhooks } from './webhooks.ts';

const benches: [string, () => Promise<BenchResult>][] = [
  ['bundle-size', () => runBundleSize()],
  ['menu-throughput', () => runMenuThroughput()],
  ['lighthouse', () => runLighthouse()],
  ['lighthouse-rotas', () => runLighthouseRotas()],
  ['pwa-repeat', () => runPwaRepeat()],
  ['lighthouse-painel', () => runLighthouse(undefined, '/painel/login', 'lighthouse-painel')],
  ['login-latency', () => runLoginLatency()],
  ['orders-throughput', () => runOrdersThroughput()],
  ['events-latency', () => runEventsLatency()],
  ['events-idle', () => runEventsIdle()],
  ['search-keystroke', () => runSearchKeystroke()],
  ['report', () => runReport()],
  ['menu-import', () => runMenuImport()],
  ['photo-memory', () => runPhotoMemory()],
  ['editor-keystroke', () => runEditorKeystroke('nome')],
  ['editor-keystroke-opcao', () => runEditorKeystroke('opcao')],
  ['balancer', () => runBalancer()],
  ['notificacoes', () => runNotificacoes()],
  ['ifood', () => runIfood()],
  ['pix-webhook', () => runPixWebhook()],
  ['webhooks', () => runWebhooks()],
];

// BENCH_SO=menu-throughput,orders-throughput: only those (e.g. the three ratios of issue 21).
const so = process.env.BENCH_SO?.split(',').filter(Boolean);
const rows: { bench: string; figure: Figure | null; error?: string }[] = [];
for (const [name, run] of benches) {
  if (so && !so.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  try {
    const result = await run();
    for (const figure of result.figures) rows.push({ bench: name, figure });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${name} falhou: ${message}`);
    rows.push({ bench: name, figure: null, error: message.split('\n')[0] ?? message });
  }
}

console.log('\n=== Resumo ===');
const table = rows.map((r) =>
  r.figure
    ? [
        r.bench,
        r.figure.name,
        `${r.figure.value} ${r.figure.unit}`,
        r.figure.target,
        r.figure.ok ? 'ok' : 'ABAIXO',
      ]
    : [r.bench, 'erro', r.error ?? '', '', 'FALHOU'],
);
const header = ['benchmark', 'medida', 'valor', 'meta', ''];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));

// Issue 21: the ratios measured within one run (app ÷ plain node, events on ÷ off), each with
// the raw figures it divides; one that no benchmark produced (it failed, PostgreSQL was not
// there) is listed as not measured.
console.log('\n=== Razões medidas na mesma rodada ===');
for (const [chave, nome] of Object.entries(RAZOES)) {
  const r = rows.find((x) => x.figure?.razao === chave);
  if (!r?.figure) {
    console.log(`  ✗ ${nome}: não medida (veja acima)`);
    continue;
  }
  const f = r.figure;
  console.log(`  ${f.ok ? '✓' : '✗'} ${nome}: ${f.value} ${f.unit} (meta ${f.target})`);
  if (f.de) console.log(`      ${f.de}`);
}
console.log(`\nResultados em ${RESULTS_FILE}`);
