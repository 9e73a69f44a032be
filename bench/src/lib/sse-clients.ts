/**
 * A child process holding many SSE streams for the event benchmarks (its own file-descriptor
 * limit is raised by the parent, see events.ts). Plain node:http, one connection per stream (what
 * a browser tab does), the token in the Authorization header. Reads a JSON job from stdin:
 * `{urls, tokens, concorrencia}` (stream i goes to urls[i % urls.length]); writes JSON lines:
 * `{tipo:'aberto', n, falhas}` once every stream answered, `{tipo:'evento', stream, idpedido,
 * t}` for each event (t = epoch ms, performance clock), `{tipo:'batidas', n}` on request.
 * A later stdin line `batidas` asks for the heartbeat count, `fechar` ends everything.
 */
import { request } from 'node:http';
import type { ClientRequest } from 'node:http';
import { createInterface } from 'node:readline';

interface Job {
  urls: string[];
  tokens: string[];
  concorrencia: number;
}

const agora = () => performance.timeOrigin + performance.now();
const out = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);

const abertos: ClientRequest[] = [];
/** Why streams did not open (status code or error code), counted. */
const motivos: Record<string, number> = {};
const falhou = (motivo: string) => {
  motivos[motivo] = (motivos[motivo] ?? 0) + 1;
  return false;
};
let batidas = 0;

function abrir(url: string, token: string, indice: number): Promise<boolean> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const req = request({
      host: u.hostname,
      port: u.port,
      path: u.pathname + u.search,
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });
    abertos.push(req);
    req.on('error', (e: NodeJS.ErrnoException) => resolve(falhou(e.code ?? e.message)));
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(falhou(String(res.statusCode)));
        return;
      }
      res.setEncoding('utf8');
      let buf = '';
      let primeiro = true;
      res.on('data', (chunk: string) => {
        const t = agora();
        if (primeiro) {
          // The opening `retry:` frame: the stream is subscribed.
          primeiro = false;
          resolve(true);
        }
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (frame.startsWith(':')) {
            batidas++;
            continue;
          }
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data === undefined || !/^event: /m.test(frame)) continue;
          const dados = JSON.parse(data) as { idpedido?: number };
          out({ tipo: 'evento', stream: indice, idpedido: dados.idpedido ?? null, t });
        }
      });
      res.on('error', () => undefined);
    });
    req.end();
  });
}

const linhas = createInterface({ input: process.stdin });
let job: Job | null = null;
for await (const linha of linhas) {
  if (job === null) {
    job = JSON.parse(linha) as Job;
    const { urls, tokens, concorrencia } = job;
    let proximo = 0;
    let falhas = 0;
    const inicio = agora();
    await Promise.all(
      Array.from({ length: concorrencia }, async () => {
        while (proximo < tokens.length) {
          const i = proximo++;
          if (!(await abrir(urls[i % urls.length]!, tokens[i]!, i))) falhas++;
        }
      }),
    );
    out({ tipo: 'aberto', n: tokens.length - falhas, falhas, motivos, ms: Math.round(agora() - inicio) });
  } else if (linha === 'batidas') {
    out({ tipo: 'batidas', n: batidas });
  } else if (linha === 'fechar') {
    for (const r of abertos) r.destroy();
    break;
  }
}
process.exit(0);
