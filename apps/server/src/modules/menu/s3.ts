import { createHash, createHmac } from 'node:crypto';
import type { Armazenamento } from './images.ts';

/** An S3-compatible bucket (AWS S3, MinIO, R2, Spaces…) addressed path-style: {endpoint}/{bucket}/{key}. */
export interface S3Config {
  /** 'https://s3.sa-east-1.amazonaws.com' or a MinIO URL. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are read by browsers (a CDN or the bucket's public URL), without a trailing slash. */
  publicUrl: string;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const seg = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 of a request without a query string: the Authorization header value.
 * `headers` are the ones to sign (host, x-amz-date and x-amz-content-sha256 at least).
 */
export function assinaturaV4(p: {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
}): string {
  const amzDate = p.headers['x-amz-date'] ?? '';
  const dia = amzDate.slice(0, 8);
  const service = p.service ?? 's3';
  const nomes = Object.keys(p.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const porNome = new Map(
    Object.entries(p.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]),
  );
  const canonico = [
    p.method,
    p.path.split('/').map(seg).join('/'),
    '',
    ...nomes.map((n) => `${n}:${porNome.get(n) ?? ''}`),
    '',
    nomes.join(';'),
    p.payloadHash,
  ].join('\n');
  const escopo = `${dia}/${p.region}/${service}/aws4_request`;
  const paraAssinar = ['AWS4-HMAC-SHA256', amzDate, escopo, sha256(canonico)].join('\n');
  const chave = hmac(hmac(hmac(hmac(`AWS4${p.secretAccessKey}`, dia), p.region), service), 'aws4_request');
  const assinatura = createHmac('sha256', chave).update(paraAssinar).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${p.accessKeyId}/${escopo}, SignedHeaders=${nomes.join(';')}, Signature=${assinatura}`;
}

/**
 * Product photos in an S3-compatible bucket (production: several instances share no disk). One
 * signed PUT per object, with a year-long immutable cache (names are content hashes).
 */
export function createS3Storage(cfg: S3Config, fetchFn: typeof fetch = fetch): Armazenamento {
  const base = new URL(cfg.endpoint);
  return {
    async gravar(chave, bytes, tipo) {
      const path = `${base.pathname.replace(/\/$/, '')}/${cfg.bucket}/${chave}`;
      const payloadHash = sha256(bytes);
      const amzDate = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
      const assinados = {
        host: base.host,
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': amzDate,
        'content-type': tipo,
        'cache-control': 'public, max-age=31536000, immutable',
      };
      const authorization = assinaturaV4({ method: 'PUT', path, headers: assinados, payloadHash, ...cfg });
      const { host: _host, ...enviados } = assinados;
      const res = await fetchFn(new URL(path, base), {
        method: 'PUT',
        headers: { ...enviados, authorization },
        body: bytes,
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`S3 PUT ${chave}: HTTP ${res.status}`);
    },
    url: (chave) => `${cfg.publicUrl}/${chave}`,
  };
}
