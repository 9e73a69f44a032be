/**
 * The plain-node baseline the throughput benchmarks divide by (issue 21): a bare node:http
 * server (bench/src/plain-server.ts) answering every GET with the very bytes of the app's menu.
 * Measured in the same run as the app, with the same connections and duration, so a ratio means
 * the same on a slow or a fast (or a busy, shared) machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT, freePort, stopChild, tempDir, waitForUrl } from './server.ts';

export const MENU_PATH = '/api/ead/api/estabelecimento/1/menu/';

/** One GET with exactly the given headers (fetch would add Accept-Encoding on its own). */
export function getRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** GET requests per second on `url` (every answer 2xx, else it throws). */
export async function getRps(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} erros, ${result.non2xx} respostas não-2xx`);
  }
  return Math.round(result.requests.average);
}

export interface PlainServer {
  url: string;
  /** The menu's bytes as the app answered them (no compression asked). */
  body: Buffer;
  contentType: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Reads the menu from the running app at `appBaseUrl` (uncompressed) and starts the plain
 * server answering those bytes; checks it answers exactly them.
 */
export async function startPlainMenu(appBaseUrl: string): Promise<PlainServer> {
  const first = await getRaw(`${appBaseUrl}${MENU_PATH}`);
  if (first.headers['content-encoding']) throw new Error('O servidor comprimiu sem Accept-Encoding');
  const contentType = String(first.headers['content-type'] ?? 'application/json');
  const tmp = tempDir('rango-plain-');
  const bodyFile = join(tmp.dir, 'menu.json');
  writeFileSync(bodyFile, first.body);
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/src/plain-server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, CONTENT_TYPE: contentType },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const stop = async () => {
    await stopChild(child);
    tmp.remove();
  };
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForUrl(url, child, 20_000, () => log);
    const check = await getRaw(url);
    if (!check.body.equals(first.body)) throw new Error('O servidor simples não devolve os mesmos bytes');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, body: first.body, contentType, pid: child.pid, stop };
}

export const razao = (a: number, b: number): number => Math.round((a / b) * 100) / 100;
