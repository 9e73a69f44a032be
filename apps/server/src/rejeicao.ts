import { isDatabaseUnavailable } from './http/error-handler.ts';

/**
 * The process's `unhandledRejection` (main.ts). pg-boss 10 completes or fails a job's run without
 * awaiting it (its manager.js `watch`): when the database is gone at that moment, that rejection
 * has no handler and Node would end the process. A 30 s outage killed an instance that way
 * (e2e/src/producao-falhas.e2e.ts). A lost connection is the database's state, which /readyz
 * already reports; the run's lease expires and the job is retried: one line, and the instance
 * goes on. Any other unhandled rejection is a bug: printed, and the process ends as Node's
 * default would.
 */
export function rejeicaoSemTratamento(
  reason: unknown,
  saida: { log: (linha: string) => void; erro: (e: unknown) => void; sair: (codigo: number) => void } = {
    log: (linha) => console.log(linha),
    erro: (e) => console.error(e),
    sair: (codigo) => process.exit(codigo),
  },
): void {
  if (isDatabaseUnavailable(reason)) {
    saida.log(
      JSON.stringify({
        level: 40,
        time: Date.now(),
        pid: process.pid,
        erro: reason instanceof Error ? reason.message : String(reason),
        msg: 'promessa rejeitada sem tratamento (banco de dados inacessível): a instância continua',
      }),
    );
    return;
  }
  saida.erro(reason);
  saida.sair(1);
}
