// Fails when request input is validated any other way than http/corpo.ts's validar() (issue 21
// part 2: "one helper used by every route"). Under the server's modules and http folders, a
// zod `safeParse`, a schema's `.parse(`, or the old helpers (zodErrorBody, parseCorpo,
// parseCatalogo) is an error outside http/corpo.ts, unless it is one of the named exceptions
// below: parsing that is not a request (stored data, our own answers, the CLI's arguments), each
// with its reason. An exception that is no longer needed is an error too, so the list only
// shrinks. (The adapters, outside these folders, check providers' answers with safeParse: a
// provider's answer is not a request.)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = 'apps/server/src';
const FOLDERS = ['modules', 'http'];
const THE_ONE_WAY = 'http/corpo.ts';

/** Files that parse with zod what is not a request's input; `why` says what they parse. */
const EXCEPTIONS = [
  { file: 'http/contract.ts', why: "conform(): our own answers checked against the spec's schemas" },
  { file: 'modules/orders/receipt.ts', why: "the stored order's JSON (pedido_json)" },
  {
    file: 'modules/orders/externo.ts',
    why: 'an order from another channel (iFood) as it will be stored (pedido_json), checked before it is written',
  },
  { file: 'modules/panel/service.ts', why: "the stored order's JSON and the stored panel settings" },
  { file: 'modules/staff/commands.ts', why: "the CLI's arguments (npm run operator), refused as a line" },
];

const FORBIDDEN = [
  { re: /\.safeParse(?:Async)?\(/g, what: '.safeParse(' },
  // A schema (or a schema builder's result) parsed directly: `xSchema.parse(`, `schema(…).parse(`.
  { re: /\b\w*[Ss]chema\b(?:\((?:[^()]|\([^()]*\))*\))?\.parse(?:Async)?\(/g, what: 'schema.parse(' },
  { re: /\b(?:zodErrorBody|parseCorpo|parseCatalogo)\b/g, what: 'an old validation helper' },
];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    // Test helpers and fakes parse answers in tests; they are not product code.
    if (/(^|\/)(testing|fake[^/]*)\.ts$/.test(name) || path.includes('/test/')) return [];
    return [path];
  });
}

const problems = [];
const used = new Set();
let checked = 0;
for (const folder of FOLDERS) {
  for (const path of files(join(ROOT, folder))) {
    const file = relative(ROOT, path);
    if (file === THE_ONE_WAY) continue;
    checked++;
    const source = readFileSync(path, 'utf8');
    for (const { re, what } of FORBIDDEN) {
      for (const m of source.matchAll(re)) {
        const exception = EXCEPTIONS.findIndex((e) => e.file === file);
        if (exception >= 0 && what !== 'an old validation helper') {
          used.add(exception);
          continue;
        }
        const line = source.slice(0, m.index).split('\n').length;
        problems.push(
          `${join(ROOT, file)}:${line}: ${what} — validate a request with validar() from ${THE_ONE_WAY}`,
        );
      }
    }
  }
}
EXCEPTIONS.forEach((e, i) => {
  if (!used.has(i)) problems.push(`exception no longer needed: ${e.file} (${e.why}); remove it`);
});

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(
  `request input validated only through ${THE_ONE_WAY} (${checked} files; ${EXCEPTIONS.length} named exceptions)`,
);
