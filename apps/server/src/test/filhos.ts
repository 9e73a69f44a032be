import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The child processes of the kill -9 tests (notificacoes/kill.test.ts, webhooks/kill.test.ts):
 * each runs a script of src/test with tsx and counts as started once it printed `pronto`; one that
 * exits before that rejects with its output. `matarTodos` in the file's afterAll.
 */
export function filhos() {
  const vivos: ChildProcess[] = [];
  return {
    iniciar(script: string, env: Record<string, string>): Promise<ChildProcess> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], {
          cwd: SERVER_DIR,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        vivos.push(child);
        let saida = '';
        child.stdout!.on('data', (d: Buffer) => {
          saida += d.toString();
          if (saida.includes('pronto')) resolve(child);
        });
        child.stderr!.on('data', (d: Buffer) => (saida += d.toString()));
        child.once('exit', (code, signal) =>
          reject(new Error(`instância saiu (${code ?? signal}): ${saida}`)),
        );
      });
    },
    /** Resolves with the signal that ended the child (at once if it has already exited). */
    saiu(child: ChildProcess): Promise<NodeJS.Signals | null> {
      return new Promise((r) =>
        child.exitCode !== null || child.signalCode !== null
          ? r(child.signalCode)
          : child.once('exit', (_c, s) => r(s)),
      );
    },
    matarTodos(): void {
      for (const c of vivos) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    },
  };
}
