// The menu import's and export's work in slices (cardapio-io.ts, cardapio-exportar.ts).

/**
 * How long the import's and the export's work runs before it lets the event loop serve others
 * (health checks, menus, orders): a file at the limits takes about a second of CPU, which in one
 * go would hold every other request of the instance that long.
 */
const FATIA_MS = 8;

/**
 * A checkpoint for long work: once FATIA_MS have passed since the last pause, a promise that
 * settles on the event loop's next turn (setImmediate: after the I/O waiting meanwhile); before
 * that, undefined (awaiting it costs nothing).
 */
export function criarPausa(fatiaMs = FATIA_MS): () => Promise<void> | undefined {
  let inicio = performance.now();
  return () => {
    if (performance.now() - inicio < fatiaMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        inicio = performance.now();
        resolve();
      }),
    );
  };
}

/** Runs one of the domain's step generators (its `concluir`), pausing between slices. */
export async function emFatias<T>(passos: Generator<void, T>, pausa = criarPausa()): Promise<T> {
  for (;;) {
    const r = passos.next();
    if (r.done) return r.value;
    await pausa();
  }
}

/** `lista` in pieces of `n` (one statement each). */
export function lotes<T>(lista: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < lista.length; i += n) out.push(lista.slice(i, i + n));
  return out;
}
