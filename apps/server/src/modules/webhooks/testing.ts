import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helpers of the webhooks suites (not imported by the app). */

export type Modo = 200 | 500 | 302 | 'travar';

export interface Recebido {
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, byte for byte. */
  corpo: string;
}

/**
 * A real HTTP receiver on a free local port: answers each POST as `modo` says (a status, or never
 * for 'travar') after `atrasoMs`, keeping every request it got.
 */
export async function receptor(): Promise<{
  url: string;
  recebidos: Recebido[];
  modo: Modo;
  atrasoMs: number;
  fechar(): Promise<void>;
}> {
  const r = {
    url: '',
    recebidos: [] as Recebido[],
    modo: 200 as Modo,
    atrasoMs: 0,
    fechar: async () => undefined as void,
  };
  const server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      r.recebidos.push({ headers: req.headers, corpo: Buffer.concat(partes).toString('utf8') });
      const modo = r.modo;
      if (modo === 'travar') return;
      setTimeout(() => {
        if (modo === 302) {
          res.writeHead(302, { location: `${r.url}outro` }).end();
          return;
        }
        res.writeHead(modo, { 'content-type': 'text/plain' }).end(modo === 200 ? 'ok' : 'erro interno');
      }, r.atrasoMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  r.fechar = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}
