// The README's test command: builds the web app and the server once (the end-to-end tests serve
// them), runs every Vitest project (domain, server on SQLite and PostgreSQL when
// TEST_DATABASE_URL is set, web, e2e in Chromium) and ends with a plain 'N passed, N failed' line
// that CI reads. Before that line: the build's time and the slowest files.
//
// One Vitest process on every core (vitest.config.ts): domain, web and the server files side by
// side first, then the end-to-end files two at a time in a group of their own (RANGO_WORKERS and
// RANGO_E2E_WORKERS change the counts). With RANGO_LANES=1 (and no arguments) the end-to-end
// files run in a second Vitest process beside the rest instead; each lane writes its own JSON
// report and they are merged into test-results/vitest.json. With arguments (a project, a file)
// one Vitest process runs them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

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
const agora = () => performance.now();
const mmss = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
const tempos = [];
if (!process.argv.includes('--no-build')) {
  const t0 = agora();
  const ok = run('npm', ['run', 'build']) === 0;
  tempos.push(['build (web + server)', agora() - t0]);
  console.log(`== build: ${mmss(agora() - t0)}`);
  if (!ok) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  // Built once: the end-to-end files' servers use this build (e2e/src/processes.ts).
  process.env.RANGO_BUILD_FEITO = '1';
}
const out = 'test-results/vitest.json';
rmSync(out, { force: true });
const extra = process.argv.slice(2).filter((a) => a !== '--no-build');
if (semNavegador && !extra.some((a) => a.startsWith('--project'))) {
  extra.push('--project', 'domain', '--project', 'server', '--project', 'web');
}

/** One Vitest process; its output prefixed with the lane's name when lanes run side by side. */
function vitest(nome, args, prefixo) {
  const arquivo = `test-results/vitest-${nome}.json`;
  rmSync(arquivo, { force: true });
  const t0 = agora();
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${arquivo}`, ...args],
      { stdio: prefixo ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env },
    );
    if (prefixo) {
      for (const stream of [child.stdout, child.stderr]) {
        let resto = '';
        stream.on('data', (chunk) => {
          const linhas = (resto + chunk.toString()).split('\n');
          resto = linhas.pop() ?? '';
          for (const l of linhas) process.stdout.write(`[${nome}] ${l}\n`);
        });
        stream.on('end', () => resto && process.stdout.write(`[${nome}] ${resto}\n`));
      }
    }
    child.on('close', (code) => {
      tempos.push([`vitest ${nome}`, agora() - t0]);
      console.log(`== vitest ${nome}: ${mmss(agora() - t0)} (código ${code})`);
      resolve({ nome, arquivo, status: code ?? 1 });
    });
  });
}

// Two lanes only with RANGO_LANES=1: on this 2-core machine a fresh-clone run with the lanes
// side by side timed out end-to-end journeys that pass alone (issue 21's CI note), so the
// default stays one process, the order every earlier green CI ran in.
const lanes =
  extra.length > 0 || process.env.RANGO_LANES !== '1'
    ? [['todos', extra]]
    : [
        ['e2e', ['--project', 'e2e']],
        ['unidade', ['--project', 'domain', '--project', 'web', '--project', 'server']],
      ];
const resultados = await Promise.all(lanes.map(([nome, args]) => vitest(nome, args, lanes.length > 1)));
const status = resultados.some((r) => r.status !== 0) ? 1 : 0;

// One report out of the lanes' reports (the same shape as a single run's).
const report = {
  numTotalTests: 0,
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numTotalTestSuites: 0,
  numPassedTestSuites: 0,
  numFailedTestSuites: 0,
  numPendingTestSuites: 0,
  success: true,
  startTime: Date.now(),
  testResults: [],
};
let faltou = 0;
for (const r of resultados) {
  try {
    const parte = JSON.parse(readFileSync(r.arquivo, 'utf8'));
    for (const k of Object.keys(report)) {
      if (typeof report[k] === 'number' && k !== 'startTime') report[k] += parte[k] ?? 0;
    }
    report.startTime = Math.min(report.startTime, parte.startTime ?? report.startTime);
    report.success &&= parte.success;
    report.testResults.push(...(parte.testResults ?? []));
  } catch {
    console.log(`Sem o relatório de ${r.nome} (${r.arquivo}).`);
    faltou++;
  }
}
writeFileSync(out, JSON.stringify(report));

// Where the time went: each lane, the build, the slowest files.
const raiz = process.cwd() + '/';
const arquivos = report.testResults
  .map((f) => ({ nome: String(f.name).replace(raiz, ''), ms: (f.endTime ?? 0) - (f.startTime ?? 0) }))
  .sort((a, b) => b.ms - a.ms);
console.log('\n== tempos');
for (const [nome, ms] of tempos) console.log(`  ${mmss(ms).padStart(6)}  ${nome}`);
// CPU time of every process this command waited for (Linux: /proc/self/stat's cutime + cstime,
// in clock ticks of 1/100 s): against the wall-clock time, how busy the cores were.
try {
  const campos = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const cpuMs = (Number(campos[13]) + Number(campos[14])) * 10;
  console.log(`  ${mmss(cpuMs).padStart(6)}  CPU dos processos filhos (somada)`);
} catch {
  // Not Linux: no figure.
}
console.log(`== os ${Math.min(15, arquivos.length)} arquivos mais lentos (de ${arquivos.length})`);
for (const f of arquivos.slice(0, 15)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.nome}`);

// Tests that passed only when run again (CI's retry, vitest.config.ts): passed, but named here
// with the first line of their first failure, so a flaky test is seen and mended, not hidden.
const segunda = [];
for (const f of report.testResults) {
  for (const a of f.assertionResults ?? []) {
    if (a.status === 'passed' && (a.failureMessages ?? []).length > 0) {
      segunda.push({
        arquivo: String(f.name).replace(raiz, ''),
        teste: a.fullName,
        erro: a.failureMessages[0],
      });
    }
  }
}
if (segunda.length > 0) {
  console.log(`\n== ${segunda.length} teste(s) passaram só na segunda execução (instáveis: corrigir)`);
  for (const t of segunda) {
    console.log(`  ${t.arquivo} › ${t.teste}`);
    console.log(`      ${String(t.erro).split('\n')[0].slice(0, 300)}`);
  }
}

const passed = report.numPassedTests;
// Failed tests, plus each file that failed outside any test (an import error, a beforeAll):
// counting every failed suite as well would count a failing test two or three times.
const semTeste = report.testResults.filter(
  (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
).length;
let failed = report.numFailedTests + semTeste + faltou;
const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
if (status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
