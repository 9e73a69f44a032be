// The README's test command: builds the web app (the end-to-end tests serve it), runs every
// Vitest project (domain, server on SQLite and PostgreSQL when TEST_DATABASE_URL is set, web,
// e2e in Chromium) and ends with a plain 'N passed, N failed' line that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

// The end-to-end tests drive Debian's Chromium (e2e/src/processes.ts). A newcomer's machine may
// not have it: install it when we can (root with apt-get, as .ci/run does); otherwise say what
// to install in one line and still run every other test.
const CHROMIUM = '/usr/bin/chromium';
const podeInstalar = () =>
  process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!existsSync(CHROMIUM) && podeInstalar()) {
  console.log('== Chromium não encontrado: instalando o pacote chromium do Debian');
  spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
    {
      stdio: 'inherit',
    },
  );
}
const semNavegador = !existsSync(CHROMIUM);
if (semNavegador) {
  console.log(
    `Chromium não encontrado em ${CHROMIUM}: os testes de ponta a ponta não vão rodar (instale com 'sudo apt-get install -y chromium').`,
  );
}

mkdirSync('test-results', { recursive: true });
if (!process.argv.includes('--no-build') && run('npm', ['run', 'build']) !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const out = 'test-results/vitest.json';
rmSync(out, { force: true });
const extra = process.argv.slice(2).filter((a) => a !== '--no-build');
if (semNavegador && !extra.some((a) => a.startsWith('--project'))) {
  extra.push('--project', 'domain', '--project', 'server', '--project', 'web');
}
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${out}`,
  ...extra,
]);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests;
  // Failed tests, plus each file that failed outside any test (an import error, a beforeAll):
  // counting every failed suite as well would count a failing test two or three times.
  const semTeste = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  failed = report.numFailedTests + semTeste;
  skipped = report.numPendingTests + (report.numTodoTests ?? 0);
} catch {
  failed = Math.max(1, failed);
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
