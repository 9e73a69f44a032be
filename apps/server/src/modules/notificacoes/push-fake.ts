import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local push service (tests and e2e), implementing what a real one checks of a message:
 * RFC 8030 (POST to the subscription's URL, `TTL` required, 201 Created), RFC 8292 VAPID
 * (`Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT whose `aud` is this service's
 * origin, `exp` in the future and at most 24 h away, signed by `k`; else 403/401) and RFC 8291
 * (an `aes128gcm` body it decrypts with the subscription's private key, as the browser would).
 * Each subscription answers 201 unless told to answer 404, 410 or 429.
 */
export interface MensagemRecebida {
  id: string;
  /** The decrypted payload. */
  corpo: string;
  topic: string | undefined;
  ttl: number;
  urgency: string | undefined;
  /** When it was stored (epoch ms): the benchmark's 'accepted by the provider'. */
  em: number;
}

export interface PushFake {
  origin: string;
  /** An HTTPS agent trusting the fake's self-signed certificate (for web-push's `agent`). */
  agent: Agent;
  /** The certificate (PEM), for a process that trusts it through NODE_EXTRA_CA_CERTS. */
  certificadoPem: string;
  recebidas: MensagemRecebida[];
  /** Requests refused (bad VAPID, bad body), with the status answered. */
  recusadas: { id: string; status: number; motivo: string }[];
  /** A browser's subscription at this service (PushSubscription.toJSON()'s shape). */
  novaAssinatura(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What a subscription answers from now on (201 by default). */
  responder(endpoint: string, status: 201 | 404 | 410 | 429): void;
  /** Only JWTs signed with this key are accepted (the server's VAPID public key). */
  exigirChave(k: string): void;
  /**
   * A slow service: each accepted message is stored as soon as it is read, its 201 answered `ms`
   * later (a sender killed meanwhile never learns it was accepted).
   */
  atrasar(ms: number): void;
  close(): Promise<void>;
}

const b64 = (s: string) => Buffer.from(s, 'base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 decryption of one aes128gcm record with the subscriber's keys. */
function decifrar(corpo: Buffer, privada: Buffer, publica: Buffer, auth: Buffer): string {
  const salt = corpo.subarray(0, 16);
  const idlen = corpo.readUInt8(20);
  const asPublica = corpo.subarray(21, 21 + idlen);
  const cifra = corpo.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privada);
  const segredo = ecdh.computeSecret(asPublica);
  const prkKey = hmac(auth, segredo);
  const ikm = hmac(
    prkKey,
    Buffer.concat([Buffer.from('WebPush: info\0'), publica, asPublica, Buffer.from([1])]),
  );
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cifra.subarray(cifra.length - 16));
  const claro = Buffer.concat([d.update(cifra.subarray(0, cifra.length - 16)), d.final()]);
  // Last record: the content, a 0x02 delimiter, then zero padding.
  let fim = claro.length - 1;
  while (fim >= 0 && claro[fim] === 0) fim--;
  if (claro[fim] !== 2) throw new Error('delimitador ausente');
  return claro.subarray(0, fim).toString('utf8');
}

/**
 * Checks a VAPID JWT (RFC 8292): ES256 signature by `k`, `aud` = origin, `exp` within 24 h. A
 * token whose signature was verified once (`verificados`, token and key) is not verified again:
 * the same bytes have the same signature; its claims (`aud`, `exp`, `sub`) are checked every time.
 */
function conferirVapid(
  header: string | undefined,
  origin: string,
  chave: string | undefined,
  verificados: Set<string>,
): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'Authorization sem vapid t=…, k=…';
  const [, jwt, k] = m as unknown as [string, string, string];
  if (chave !== undefined && k !== chave) return 'chave pública desconhecida';
  const partes = jwt.split('.');
  if (partes.length !== 3) return 'JWT malformado';
  const [h, p, s] = partes as [string, string, string];
  let cab: { alg?: string; typ?: string };
  let corpo: { aud?: string; exp?: number; sub?: string };
  try {
    cab = JSON.parse(b64(h).toString()) as typeof cab;
    corpo = JSON.parse(b64(p).toString()) as typeof corpo;
  } catch {
    return 'JWT malformado';
  }
  if (cab.alg !== 'ES256') return 'alg não é ES256';
  if (!verificados.has(`${k} ${jwt}`)) {
    const pub = b64(k);
    if (pub.length !== 65 || pub[0] !== 4) return 'k não é uma chave P-256';
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: pub.subarray(1, 33).toString('base64url'),
        y: pub.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, b64(s));
    if (!ok) return 'assinatura inválida';
    verificados.add(`${k} ${jwt}`);
  }
  if (corpo.aud !== origin) return `aud ${corpo.aud} não é ${origin}`;
  const agora = Math.floor(Date.now() / 1000);
  if (typeof corpo.exp !== 'number' || corpo.exp <= agora) return 'JWT expirado';
  if (corpo.exp > agora + 24 * 3600 + 60) return 'exp além de 24 h';
  if (typeof corpo.sub !== 'string' || !/^(mailto:|https:)/.test(corpo.sub)) return 'sub ausente';
  return null;
}

export async function startPushFake(): Promise<PushFake> {
  const dir = mkdtempSync(join(tmpdir(), 'rango-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'k.pem'),
      '-out',
      join(dir, 'c.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(join(dir, 'k.pem'));
  const cert = readFileSync(join(dir, 'c.pem'));
  rmSync(dir, { recursive: true, force: true });

  const assinaturas = new Map<string, { privada: Buffer; publica: Buffer; auth: Buffer; status: number }>();
  const recebidas: MensagemRecebida[] = [];
  const recusadas: PushFake['recusadas'] = [];
  let chave: string | undefined;
  const verificados = new Set<string>();
  let atraso = 0;
  let origin = '';

  const server = createServer({ key, cert }, (req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      const id = /^\/push\/([a-z0-9]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const recusar = (status: number, motivo: string) => {
        recusadas.push({ id, status, motivo });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(motivo);
      };
      const a = assinaturas.get(id);
      if (req.method !== 'POST' || !a) return recusar(404, 'assinatura desconhecida');
      const erro = conferirVapid(req.headers.authorization, origin, chave, verificados);
      if (erro) return recusar(403, erro);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return recusar(400, 'TTL ausente');
      if (req.headers['content-encoding'] !== 'aes128gcm') return recusar(415, 'content-encoding');
      if (a.status !== 201) return recusar(a.status, `respondendo ${a.status}`);
      let corpo: string;
      try {
        corpo = decifrar(Buffer.concat(partes), a.privada, a.publica, a.auth);
      } catch (e) {
        return recusar(400, `corpo não decifrável: ${e instanceof Error ? e.message : String(e)}`);
      }
      recebidas.push({
        id,
        corpo,
        topic: req.headers.topic as string | undefined,
        ttl,
        urgency: req.headers.urgency as string | undefined,
        em: Date.now(),
      });
      const location = `${origin}/mensagem/${recebidas.length}`;
      const aceitar = () => {
        if (!res.destroyed) res.writeHead(201, { location }).end();
      };
      if (atraso > 0) setTimeout(aceitar, atraso);
      else aceitar();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    agent,
    certificadoPem: cert.toString(),
    recebidas,
    recusadas,
    novaAssinatura() {
      const ecdh = createECDH('prime256v1');
      const publica = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      assinaturas.set(id, { privada: ecdh.getPrivateKey(), publica, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publica.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    responder(endpoint, status) {
      const a = assinaturas.get(endpoint.split('/').pop() ?? '');
      if (a) a.status = status;
    },
    exigirChave(k) {
      chave = k;
    },
    atrasar(ms) {
      atraso = ms;
    },
    close: () =>
      new Promise<void>((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
