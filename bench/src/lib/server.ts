/**
 * The benchmarks' helpers: the process and browser helpers are the end-to-end harness's own
 * (`@rango/e2e/processes`); the few below are the benchmarks' alone.
 */
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
import { startServer as startAnyServer, type StartServerOptions } from '@rango/e2e/processes';

/** The benchmarks measure the production build, what `npm start` runs (not the sources under tsx). */
export const startServer = (options: StartServerOptions = {}) =>
  startAnyServer({ compiled: true, ...options });

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
