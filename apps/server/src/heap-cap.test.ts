import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './test/db.ts';

/**
 * Issue 20, 'one GET crashes the instance': the requests that used to hang or exhaust the
 * server, against an app in its own process with the production heap cap (package.json's
 * `serve`: --max-old-space-size=128). Each answers a 400 in under 2 s, and afterwards the process
 * is alive and /healthz answers. (Before the fix, the report on 9999-12-31 never answered: its day
 * loop ran on until the heap was exhausted, 14.5 s at this cap.)
 */
const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const LIMITE_MS = 2000;
const est = '/api/ead/painel/estabelecimento/1';

/** Requests a signed-up owner can send, each with the status it must get. */
const ASSASSINOS: [string, number][] = [
  [`${est}/relatorio/?de=9999-12-31&ate=9999-12-31`, 400],
  [`${est}/relatorio.csv?de=9999-12-31&ate=9999-12-31`, 400],
  [`${est}/relatorio/?de=2026-01-01&ate=9999-12-31`, 400],
  [`${est}/relatorio/?de=0000-01-01&ate=0000-12-31`, 400],
  [`${est}/relatorio/?de=10000-01-01&ate=10000-01-01`, 400],
  [`${est}/relatorio/?de=${'9'.repeat(5000)}&ate=1`, 400],
  [`${est}/auditoria/?antes=${'9'.repeat(400)}`, 400],
  [`${est}/eventos/?desde=${'9'.repeat(400)}`, 400],
  [`/api/ead/controle/pedido/?pendentes=false&limit=1e308&offset=-1`, 401],
];

describe.each(DIALECTS)('under the production heap cap on %s', (dialect) => {
  let child: ChildProcess;
  let base: string;
  let dono: string;
  let log = '';

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      ['--max-semi-space-size=8', '--max-old-space-size=128', '--import', 'tsx', 'src/test/child-app.ts'],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, CHILD_DIALECT: dialect, NODE_OPTIONS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    let saida = '';
    const pronto = new Promise<{ porta: number; dono: string }>((resolve, reject) => {
      child.stdout?.on('data', (c: Buffer) => {
        saida += c.toString();
        const linha = saida.split('\n').find((l) => l.startsWith('{'));
        if (linha && saida.includes('\n')) resolve(JSON.parse(linha) as { porta: number; dono: string });
      });
      child.once('exit', (code) => reject(new Error(`o processo saiu (${code}):\n${log}`)));
    });
    const { porta, dono: token } = await pronto;
    base = `http://127.0.0.1:${porta}`;
    dono = token;
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const saiu = once(child, 'exit');
      child.kill('SIGTERM');
      const prazo = setTimeout(() => child.kill('SIGKILL'), 5000);
      await saiu;
      clearTimeout(prazo);
    }
  });

  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, {
      headers: { authorization: dono },
      signal: AbortSignal.timeout(LIMITE_MS),
    }).catch((e: unknown) => e as Error);
    const ms = performance.now() - t0;
    if (res instanceof Error)
      return { status: 0, corpo: `sem resposta em ${LIMITE_MS} ms (${res.name})`, ms };
    return { status: res.status, corpo: await res.text(), ms };
  };

  it('each request that used to hang answers its status within 2 s; then /healthz answers and the process lives', async () => {
    for (const [url, status] of ASSASSINOS) {
      const r = await get(url);
      expect(r.status, `${url.slice(0, 120)}: ${r.corpo.slice(0, 200)}`).toBe(status);
      expect(r.ms, url.slice(0, 120)).toBeLessThan(LIMITE_MS);
      if (status === 400) expect(JSON.parse(r.corpo), url.slice(0, 120)).toBeTypeOf('object');
    }
    const relatorio = await get(`${est}/relatorio/?de=9999-12-31&ate=9999-12-31`);
    expect(JSON.parse(relatorio.corpo)).toEqual({
      de: [expect.stringMatching(/^Escolha uma data entre 01\/01\/2000 e 31\/12\/\d{4}\.$/)],
      ate: [expect.stringMatching(/^Escolha uma data entre/)],
    });
    const saude = await get('/healthz');
    expect(saude.status, saude.corpo).toBe(200);
    expect(child.exitCode, log).toBeNull();
    expect(child.signalCode, log).toBeNull();
  }, 30_000);
});
