// Fails when relative imports form a cycle anywhere in the TypeScript sources (ARCHITECTURE.md:
// no cycles). A small graph walk instead of an ESLint plugin: the one that does this pulls a
// native resolver whose non-Linux builds the registry mirror lacks, which breaks `npm ci`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOTS = ['packages/domain/src', 'apps/server/src', 'apps/web/src', 'e2e/src', 'bench/src'];
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const graph = new Map();
for (const file of ROOTS.flatMap(files)) {
  const source = readFileSync(file, 'utf8');
  const deps = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    // `import type` edges vanish at run time but still tangle modules: count them too.
    const target = resolve(dirname(file), spec);
    deps.push(target);
  }
  graph.set(resolve(file), deps);
}

const state = new Map(); // 1 visiting, 2 done
const stack = [];
const cycles = [];
function visit(node) {
  state.set(node, 1);
  stack.push(node);
  for (const dep of graph.get(node) ?? []) {
    if (!graph.has(dep)) continue;
    if (state.get(dep) === 1) cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
    else if (!state.has(dep)) visit(dep);
  }
  stack.pop();
  state.set(node, 2);
}
for (const node of graph.keys()) if (!state.has(node)) visit(node);

if (cycles.length > 0) {
  for (const c of cycles)
    console.error('import cycle:\n  ' + c.map((f) => relative(process.cwd(), f)).join('\n  → '));
  process.exit(1);
}
console.log(`no import cycles in ${graph.size} files`);

// The same between the server's modules (issue 21: no module imports one that depends on it):
// an edge from module a to module b is any product file of a importing one of b (tests and test
// helpers aside). Each pair that still points both ways is named here with its reason; a named
// pair that no longer does is an error too, so the list only shrinks.
const MODULES = resolve('apps/server/src/modules');
const BOTH_WAYS = [
  {
    pair: ['events', 'staff'],
    why: "events' staff stream route uses staff's guard; staff records access changes as events",
  },
  {
    pair: ['cards', 'payments'],
    why: "cards tokenise through payments' gateway port; a payment saves the card it was asked to keep",
  },
];
const moduleOf = (file) => {
  const r = relative(MODULES, file);
  return r.startsWith('..') ? null : r.split('/')[0];
};
const product = (file) => !/\.test\.tsx?$|(^|\/)testing\.ts$/.test(file);
const edges = new Map();
for (const [file, deps] of graph) {
  const a = moduleOf(file);
  if (!a || !product(file)) continue;
  for (const dep of deps) {
    const b = graph.has(dep) ? moduleOf(dep) : null;
    if (b && b !== a) edges.set(`${a}>${b}`, relative(process.cwd(), file));
  }
}
const problems = [];
const named = new Set(BOTH_WAYS.map((e) => [...e.pair].sort().join('<>')));
const seen = new Set();
for (const key of edges.keys()) {
  const [a, b] = key.split('>');
  if (!edges.has(`${b}>${a}`)) continue;
  const pair = [a, b].sort().join('<>');
  seen.add(pair);
  if (!named.has(pair) && a < b)
    problems.push(`modules ${a} and ${b} import each other (${edges.get(key)}, ${edges.get(`${b}>${a}`)})`);
}
for (const pair of named)
  if (!seen.has(pair)) problems.push(`${pair} no longer import each other: remove it`);
// Longer module cycles (a → b → c → a) once the named pairs are set aside.
const mstate = new Map();
const mstack = [];
const adjacent = (a) =>
  [...edges.keys()]
    .filter((k) => k.startsWith(a + '>'))
    .map((k) => k.split('>')[1])
    .filter((b) => !named.has([a, b].sort().join('<>')));
function mvisit(m) {
  mstate.set(m, 1);
  mstack.push(m);
  for (const n of adjacent(m)) {
    if (mstate.get(n) === 1)
      problems.push(`module cycle: ${[...mstack.slice(mstack.indexOf(n)), n].join(' → ')}`);
    else if (!mstate.has(n)) mvisit(n);
  }
  mstack.pop();
  mstate.set(m, 2);
}
for (const k of edges.keys()) {
  const a = k.split('>')[0];
  if (!mstate.has(a)) mvisit(a);
}
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(`no cycles between the server's modules (${BOTH_WAYS.length} named pairs)`);
