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
