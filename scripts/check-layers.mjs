// The web's walls (issue 21): every relative import in apps/web/src resolved to a file and judged
// by scripts/web-walls.mjs (the same rules ESLint applies file by file as rango/web-walls).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { WEB, place, problem } from './web-walls.mjs';

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|vi\.mock\(\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/**
 * Walls still crossed today, each as [app, target file, reason]. None: what both apps use lives
 * in shared/ (issue 21). An exception that is no longer crossed is an error, so the list only
 * shrinks.
 */
const EXCEPTIONS = [];

const problems = [];
const used = new Set();
let edges = 0;
for (const from of files(WEB)) {
  const source = readFileSync(from, 'utf8');
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
    const to = resolve(dirname(from), spec);
    if (!to.startsWith(WEB + '/')) continue;
    edges++;
    const why = problem(from, to);
    if (!why) continue;
    const target = relative(WEB, to);
    const i = EXCEPTIONS.findIndex(([app, file]) => place(from).app === app && target === file);
    if (i >= 0) {
      used.add(i);
      continue;
    }
    problems.push(`${relative(process.cwd(), from)} → ${target}: ${why}`);
  }
}
EXCEPTIONS.forEach(([app, file, why], i) => {
  if (!used.has(i)) problems.push(`exception no longer needed: ${app} → ${file} (${why}); remove it`);
});

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(`web walls hold (${edges} imports; ${EXCEPTIONS.length} named exceptions)`);
