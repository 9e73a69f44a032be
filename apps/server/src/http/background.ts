import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone (today: the recovery lookup and mail, whose duration would
 * otherwise tell whether an e-mail has an account). A task's failure is logged, never thrown:
 * nobody is waiting for it. `idle()` resolves when every task started so far has settled; tests
 * await it, and the app awaits it on close so no task outlives the database.
 */
export interface BackgroundTasks {
  /**
   * Starts `task` on a later turn of the event loop. `redact`: strings (an e-mail address) that
   * must not reach the log if the error message quotes them.
   */
  run(name: string, task: () => Promise<void>, options?: { redact?: readonly string[] }): void;
  idle(): Promise<void>;
}

/** What is logged of a failure: its type, code and message with the redacted strings masked (no stack). */
function describeError(e: unknown, redact: readonly string[]): Record<string, unknown> {
  const mask = (text: string) =>
    redact.reduce((t, secret) => (secret ? t.split(secret).join('[redacted]') : t), text);
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return {
      type: e.name,
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      message: mask(e.message),
    };
  }
  return { type: typeof e, message: mask(String(e)) };
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task, options = {}) {
      const redact = (options.redact ?? []).flatMap((s) => [s, s.toLowerCase()]);
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((e: unknown) => {
          log.error({ task: name, err: describeError(e, redact) }, 'background task failed');
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      // Tasks may start others: wait until a pass finds none left.
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
