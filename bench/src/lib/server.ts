/**
 * The benchmarks' helpers: the process and browser helpers are the end-to-end harness's own
 * (`@rango/e2e/processes`); the few below are the benchmarks' alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  REPO_ROOT,
  ensureWebBuild,
  freePort,
  launchChromium,
  stopChild,
  tempDir,
  waitForExit,
  waitForUrl,
  type ServerHandle,
} from '@rango/e2e/processes';
import { REPO_ROOT, startServer as startAnyServer, type StartServerOptions } from '@rango/e2e/processes';

/**
 * The Node flags of `npm run serve` (package.json, the one place they are written): the young
 * generation capped at 8 MiB semi-spaces and the old one at 128 MiB, so the heap V8 keeps after a
 * burst stays near what is live (~30 MB) instead of growing to ~100 MB.
 */
export function serveNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  const m = /node((?: --[\w-]+(?:=\S+)?)*) apps\/server\/dist\/main\.mjs/.exec(pkg.scripts.serve);
  if (!m)
    throw new Error(`package.json: o script serve não roda apps/server/dist/main.mjs: ${pkg.scripts.serve}`);
  // `${VAR:-default}` as the shell that runs the script would expand it (RANGO_HEAP_MB).
  const expand = (flag: string) =>
    flag.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, padrao: string) => process.env[name] || padrao);
  return (m[1] ?? '').trim().split(/\s+/).filter(Boolean).map(expand);
}

/** The benchmarks measure the production build as `npm start` runs it (not the sources under tsx). */
export const startServer = (options: StartServerOptions = {}) =>
  startAnyServer({ compiled: true, nodeFlags: serveNodeFlags(), ...options });

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** True when this module is the script node was started with (each benchmark also runs alone). */
export function isMain(metaUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(metaUrl) === process.argv[1];
}

/**
 * CPU time (user + system) a local process has used so far, in ms (Linux: /proc/<pid>/stat,
 * 100 Hz ticks); NaN when it cannot be read. The machine's other load barely moves a process's
 * CPU time per request, so ratios of it hold on a busy machine.
 */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(campos[11]) + Number(campos[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
