/**
 * Summarises a V8 .cpuprofile (`node --cpu-prof`, e.g. the orders benchmark's server with
 * BENCH_CPU_PROF=<dir>): self and total time by function, and self time by file or package.
 *
 *   node --import tsx bench/src/cpuprofile.ts <file.cpuprofile> [top=40] [filtro]
 *
 * A function's total counts each sample once even when the function recurses. `filtro` keeps
 * only the rows whose name or place contains it (e.g. `modules/orders`). With ABAIXO=<texto>,
 * also the time under the outermost frame containing that text (e.g. `criarPedido`), split by
 * the function it called directly (its own time as `(próprio)`); with ACIMA=<texto>, the time
 * of the innermost frame containing that text split by the chain of its three callers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, filtro] = process.argv.slice(2);
if (!file) {
  console.error('uso: node --import tsx bench/src/cpuprofile.ts <arquivo.cpuprofile> [top] [filtro]');
  process.exit(2);
}
const TOP = Number(topArg ?? 40);
const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;

/** The bundle's source maps (apps/server/dist/main.mjs.map): frames shown at their source line. */
const mapas = new Map<string, SourceMap | null>();
function original(f: CallFrame): CallFrame {
  const url = f.url.replace(/^file:\/\//, '');
  if (!url.endsWith('.mjs') && !url.endsWith('.js')) return f;
  let mapa = mapas.get(url);
  if (mapa === undefined) {
    mapa = existsSync(`${url}.map`)
      ? new SourceMap(JSON.parse(readFileSync(`${url}.map`, 'utf8')) as never)
      : null;
    mapas.set(url, mapa);
  }
  const e = mapa?.findEntry(f.lineNumber, f.columnNumber) as
    { originalSource?: string; originalLine?: number } | undefined;
  if (!e?.originalSource) return f;
  return { ...f, url: e.originalSource, lineNumber: e.originalLine ?? 0 };
}

/** Where a frame lives: the package for node_modules, else the path from apps/ or packages/. */
function lugar(f: CallFrame): string {
  const url = f.url.replace(/^file:\/\//, '');
  if (!url) return '(nativo)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const m = /(apps\/.*|packages\/.*|bench\/.*)$/.exec(url);
  return m ? m[1]! : url;
}
const chave = (f: CallFrame) =>
  `${f.functionName || '(anônima)'}  ${lugar(f)}${f.url ? `:${f.lineNumber + 1}` : ''}`;

for (const n of prof.nodes) n.callFrame = original(n.callFrame);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Each sample's time: the delta to the next sample (the last one gets the mean).
const tempos = prof.timeDeltas.slice(1);
tempos.push(tempos.length ? tempos.reduce((a, b) => a + b, 0) / tempos.length : 0);
const total = tempos.reduce((a, b) => a + b, 0);

const ABAIXO = process.env.ABAIXO;
const abaixo = new Map<string, number>();
const ACIMA = process.env.ACIMA;
const acima = new Map<string, number>();
const self = new Map<string, number>();
const inclusivo = new Map<string, number>();
const porLugar = new Map<string, number>();
let ocioso = 0;
prof.samples.forEach((id, i) => {
  const t = tempos[i] ?? 0;
  const node = byId.get(id)!;
  const k = chave(node.callFrame);
  if (node.callFrame.functionName === '(idle)') ocioso += t;
  self.set(k, (self.get(k) ?? 0) + t);
  const l = node.callFrame.url ? lugar(node.callFrame) : node.callFrame.functionName;
  porLugar.set(l, (porLugar.get(l) ?? 0) + t);
  if (ABAIXO) {
    // The stack from the root down; the outermost frame matching, then the one it called.
    const pilha: number[] = [];
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) pilha.unshift(n);
    const i = pilha.findIndex((n) => chave(byId.get(n)!.callFrame).includes(ABAIXO));
    if (i >= 0) {
      const filho = pilha[i + 1];
      const kk = filho === undefined ? '(próprio)' : chave(byId.get(filho)!.callFrame);
      abaixo.set(kk, (abaixo.get(kk) ?? 0) + t);
    }
  }
  if (ACIMA) {
    let n: number | undefined = id;
    while (n !== undefined && !chave(byId.get(n)!.callFrame).includes(ACIMA)) n = parent.get(n);
    if (n !== undefined) {
      const cadeia: string[] = [];
      for (let p = parent.get(n); p !== undefined && cadeia.length < 3; p = parent.get(p)) {
        cadeia.push(chave(byId.get(p)!.callFrame));
      }
      const kk = cadeia.join('  <  ');
      acima.set(kk, (acima.get(kk) ?? 0) + t);
    }
  }
  const vistos = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const kk = chave(byId.get(n)!.callFrame);
    if (vistos.has(kk)) continue;
    vistos.add(kk);
    inclusivo.set(kk, (inclusivo.get(kk) ?? 0) + t);
  }
});

const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
const tabela = (titulo: string, m: Map<string, number>) => {
  console.log(`\n${titulo}`);
  [...m]
    .filter(([k]) => !filtro || k.includes(filtro))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .forEach(([k, v]) => console.log(`${ms(v)} ms ${pct(v)}  ${k}`));
};

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s amostrados, ocioso ${(ocioso / 1e6).toFixed(1)} s (${pct(ocioso).trim()})`,
);
tabela('Tempo próprio por arquivo ou pacote', porLugar);
tabela('Tempo próprio por função', self);
tabela('Tempo total (com o que chama) por função', inclusivo);
if (ACIMA) {
  console.log(`\n${ACIMA}, por quem o chamou`);
  [...acima]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .forEach(([k, v]) => console.log(`${ms(v)} ms ${pct(v)}  ${k}`));
}
if (ABAIXO) {
  const soma = [...abaixo.values()].reduce((a, b) => a + b, 0);
  console.log(`\nSob ${ABAIXO}: ${(soma / 1000).toFixed(0)} ms, pelo que chamou diretamente`);
  [...abaixo]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .forEach(([k, v]) => console.log(`${ms(v)} ms ${pct(v)}  ${k}`));
}
