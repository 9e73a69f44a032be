/** Benchmark figures are printed and kept in bench/results/latest.json; nothing is asserted. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server.ts';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target as text, e.g. '≤ 150 KiB'. */
  target: string;
  ok: boolean;
  /**
   * A ratio of two figures measured in the same run (issue 21: app ÷ plain node, events on ÷
   * off), which means the same on a slow or a fast machine; `npm run bench` lists them last, each
   * by its key (RAZOES: the ones it expects, a missing one is reported as not measured).
   */
  razao?: RazaoChave;
  /** A ratio's raw figures, e.g. '3635 pedidos/s ÷ 7492 req/s'. */
  de?: string;
}

/** The same-run ratios of issue 21 that `npm run bench` prints last, in this order. */
export const RAZOES = {
  cardapio: 'cardápio GET ÷ node:http simples (SQLite)',
  'pedidos-sqlite': 'pedidos/s ÷ node:http simples (SQLite)',
  'pg-vazao': 'PostgreSQL pedidos/s com eventos ÷ sem',
  'pg-p99': 'PostgreSQL p99 sem eventos ÷ com',
} as const;
export type RazaoChave = keyof typeof RAZOES;

export interface BenchResult {
  bench: string;
  figures: Figure[];
  details?: unknown;
}

export const RESULTS_FILE = join(REPO_ROOT, 'bench', 'results', 'latest.json');

/** Merges one benchmark's result into latest.json (each benchmark can run alone). */
export function saveResult(result: BenchResult): void {
  mkdirSync(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // First run or unreadable file: start over.
  }
  all[result.bench] = { ...result, at: new Date().toISOString() };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(all, null, 2)}\n`);
}

export function printFigures(result: BenchResult): void {
  for (const f of result.figures) {
    console.log(`  ${f.ok ? '✓' : '✗'} ${f.name}: ${f.value} ${f.unit} (meta ${f.target})`);
    if (f.de) console.log(`      ${f.de}`);
  }
}
