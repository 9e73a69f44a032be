import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { startFakeHttp } from '../../test/fake-http.ts';
import type { FakeHttp } from '../../test/fake-http.ts';
import { assinaturaV4, createS3Storage } from './s3.ts';

const CHAVES = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('SigV4', () => {
  it("matches AWS's documented example (GET /test.txt with a Range header)", () => {
    const vazio = createHash('sha256').update('').digest('hex');
    const auth = assinaturaV4({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': vazio,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: vazio,
      region: 'us-east-1',
      ...CHAVES,
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage against a fake of its HTTP contract', () => {
  let fake: FakeHttp;
  const objetos = new Map<string, { corpo: Buffer; tipo: string; cache: string }>();

  beforeAll(async () => {
    fake = await startFakeHttp((app) => {
      app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      // Like S3/MinIO: the payload hash must match the body and the signature must verify.
      app.put('/*', async (req, reply) => {
        const corpo = req.body as Buffer;
        const h = req.headers as Record<string, string>;
        const hash = createHash('sha256').update(corpo).digest('hex');
        if (h['x-amz-content-sha256'] !== hash)
          return reply.code(400).send('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
        const nomes = /SignedHeaders=([^,]+)/.exec(h.authorization ?? '')?.[1]?.split(';') ?? [];
        const esperado = assinaturaV4({
          method: 'PUT',
          path: req.url,
          headers: Object.fromEntries(nomes.map((n) => [n, h[n] ?? ''])),
          payloadHash: hash,
          region: 'sa-east-1',
          ...CHAVES,
        });
        if (h.authorization !== esperado)
          return reply.code(403).send('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        objetos.set(req.url, { corpo, tipo: h['content-type'] ?? '', cache: h['cache-control'] ?? '' });
        return reply.code(200).send('');
      });
    });
  });
  afterAll(async () => fake?.close());

  it('PUTs the object path-style, signed, with its type and an immutable cache', async () => {
    const s3 = createS3Storage({
      endpoint: fake.url,
      bucket: 'rango',
      region: 'sa-east-1',
      publicUrl: 'https://cdn.rango.test',
      ...CHAVES,
    });
    await s3.gravar('produtos/abc.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(objetos.get('/rango/produtos/abc.webp')).toEqual({
      corpo: Buffer.from('RIFF....WEBP'),
      tipo: 'image/webp',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(s3.url('produtos/abc.webp')).toBe('https://cdn.rango.test/produtos/abc.webp');
  });

  it('a refused signature is an error (the upload is not reported as stored)', async () => {
    const s3 = createS3Storage({
      endpoint: fake.url,
      bucket: 'rango',
      region: 'sa-east-1',
      publicUrl: 'https://cdn.rango.test',
      accessKeyId: CHAVES.accessKeyId,
      secretAccessKey: 'errada',
    });
    await expect(s3.gravar('produtos/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('HTTP 403');
    expect(objetos.has('/rango/produtos/x.webp')).toBe(false);
  });
});

describe('S3 configuration', () => {
  const env = {
    S3_BUCKET: 'rango-fotos',
    S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com',
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: 'AKIA',
    S3_SECRET_ACCESS_KEY: 'segredo-do-bucket',
    S3_PUBLIC_URL: 'https://fotos.rango.test/',
  };
  it('off without S3_BUCKET; on with every setting; refused with one missing, without echoing the secret', () => {
    expect(loadConfig({}).mediaS3).toBeUndefined();
    expect(loadConfig(env).mediaS3).toEqual({
      bucket: 'rango-fotos',
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      region: 'sa-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'segredo-do-bucket',
      publicUrl: 'https://fotos.rango.test',
    });
    const { S3_PUBLIC_URL: _p, ...semUrl } = env;
    expect(() => loadConfig(semUrl)).toThrow(ConfigError);
    expect(() => loadConfig(semUrl)).toThrow('S3_BUCKET definido sem S3_PUBLIC_URL');
    expect(() => loadConfig({ ...env, S3_ENDPOINT: 'ftp://x' })).not.toThrow(/segredo/);
  });
});
