/**
 * `npm run bench`: the benchmarks in sequence, then one summary table. Figures are printed
 * and written to bench/results/latest.json; nothing is asserted. A benchmark that fails is
 * reported and the others still run.
 */
import { runBalancer } from './balancer.ts';
import { runBundleSize } from './bundle-size.ts';
import { runEditorKeystroke } from './editor-keystroke.ts';
import { runEventsIdle } from './events-idle.ts';
import { runEventsLatency } from './events-latency.ts';
import { runLighthouse, runLighthouseRotas } from './lighthouse.ts';
import { runLoginLatency } from './login-latency.ts';
import { runMenuImport } from './menu-import.ts';
import { runMenuThroughput } from './menu-throughput.ts';
import { runOrdersThroughput } from './orders-throughput.ts';
import { runPwaRepeat } from './pwa-repeat.ts';
import { runReport } from './report.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { RESULTS_FILE } from './lib/results.ts';
import { runSearchKeystroke } from './search-keystroke.ts';

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
  ['editor-keystroke', () => runEditorKeystroke('nome')],
  ['editor-keystroke-opcao', () => runEditorKeystroke('opcao')],
  ['balancer', () => runBalancer()],
];

const rows: { bench: string; figure: Figure | null; error?: string }[] = [];
for (const [name, run] of benches) {
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
console.log(`\nResultados em ${RESULTS_FILE}`);
