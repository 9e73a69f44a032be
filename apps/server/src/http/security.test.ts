import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../test/app.ts';
import {
  cabecalhosDeSeguranca,
  contentSecurityPolicy,
  CONTENT_SECURITY_POLICY,
  helmetOptions,
  origemDosTiles,
  securityHeaders,
} from './security.ts';

const DEFAULT_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';frame-src 'self';frame-ancestors 'self';object-src 'none';" +
  "base-uri 'self';form-action 'self'";

describe('content security policy', () => {
  it('is the strict default when no social login is configured', async () => {
    expect(contentSecurityPolicy()).toEqual(CONTENT_SECURITY_POLICY);
    expect(contentSecurityPolicy({ googleClientId: undefined, facebookAppId: undefined })).toEqual(
      CONTENT_SECURITY_POLICY,
    );
    expect((await securityHeaders())['content-security-policy']).toBe(DEFAULT_CSP);
  });

  it("adds Google Identity Services' origins only when Google is configured", () => {
    const csp = contentSecurityPolicy({ googleClientId: 'id.apps.googleusercontent.com' });
    expect(csp['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
    expect(JSON.stringify(csp)).not.toContain('facebook');
    // The default object is never mutated.
    expect(CONTENT_SECURITY_POLICY['script-src']).toEqual(["'self'"]);
  });

  it("adds the Facebook SDK's origins only when Facebook is configured", () => {
    const csp = contentSecurityPolicy({ facebookAppId: '123' });
    expect(csp['script-src']).toEqual(["'self'", 'https://connect.facebook.net']);
    expect(csp['frame-src']).toContain('https://www.facebook.com');
    expect(csp['connect-src']).toContain('https://connect.facebook.net');
    expect(csp['img-src']).toContain('https://www.facebook.com');
    expect(JSON.stringify(csp)).not.toContain('google');
  });

  it("adds Cielo's tokenisation and 3-D Secure origins only with PAYMENT_GATEWAY=cielo", () => {
    const cielo = {
      sopUrl: 'https://transaction.pagador.com.br',
      mpi: {
        authUrl: 'https://mpi.braspag.com.br',
        scriptUrl: 'https://mpi.braspag.com.br/Scripts/BP.Mpi.3ds20.min.js',
      },
    };
    const csp = contentSecurityPolicy({ payments: { gateway: 'cielo', cielo } });
    const cardinal = 'https://*.cardinalcommerce.com';
    expect(csp['script-src']).toEqual(["'self'", 'https://mpi.braspag.com.br', cardinal]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://transaction.pagador.com.br',
      'https://mpi.braspag.com.br',
      cardinal,
    ]);
    expect(csp['frame-src']).toEqual(["'self'", 'https:']);
    expect(contentSecurityPolicy({ payments: { gateway: 'sandbox', cielo } })).toEqual(
      CONTENT_SECURITY_POLICY,
    );
  });

  it("adds Mercado Pago's SDK and API origins (script-src, connect-src) from its configured URLs, nothing wider", () => {
    const cielo = { sopUrl: 'https://transaction.pagador.com.br', mpi: { authUrl: 'x', scriptUrl: 'y' } };
    const mercadopago = {
      scriptUrl: 'https://sdk.mercadopago.com/js/v2',
      apiUrl: 'https://api.mercadopago.com',
    };
    const csp = contentSecurityPolicy({ payments: { gateway: 'sandbox', cielo, mercadopago } });
    expect(csp['script-src']).toEqual(["'self'", 'https://sdk.mercadopago.com']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.mercadopago.com',
      'https://sdk.mercadopago.com',
    ]);
    // The Secure Fields' iframes on Mercado Pago's hosts; the 3-D Secure challenge: any card
    // issuer's https page, inside our own framed page.
    expect(csp['frame-src']).toEqual(["'self'", 'https://*.mercadopago.com', 'https:']);
    expect(csp['img-src']).toEqual(CONTENT_SECURITY_POLICY['img-src']);
    // One origin serving both (the local fake): listed once.
    const fake = contentSecurityPolicy({
      payments: {
        gateway: 'sandbox',
        cielo,
        mercadopago: { scriptUrl: 'http://127.0.0.1:4999/js/v2', apiUrl: 'http://127.0.0.1:4999' },
      },
    });
    expect(fake['connect-src']).toEqual(["'self'", 'http://127.0.0.1:4999']);
    // The fake's fields are frames of its own origin.
    expect(fake['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4999', 'https:']);
    const outro = contentSecurityPolicy({
      payments: {
        gateway: 'sandbox',
        cielo,
        mercadopago: { scriptUrl: 'http://127.0.0.1:4998/js/v2', apiUrl: 'http://127.0.0.1:4999' },
      },
    });
    expect(outro['frame-src']).toEqual([
      "'self'",
      'http://127.0.0.1:4998',
      'http://127.0.0.1:4999',
      'https:',
    ]);
    expect(contentSecurityPolicy({ payments: { gateway: 'sandbox', cielo } })).toEqual(
      CONTENT_SECURITY_POLICY,
    );
  });

  it("adds the map tiles' origin to img-src only when MAPA_TILES_URL is set", () => {
    const csp = contentSecurityPolicy({
      mapa: { tilesUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
    });
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy({ mapa: undefined })).toEqual(CONTENT_SECURITY_POLICY);
    expect(origemDosTiles('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(origemDosTiles('http://127.0.0.1:4567/t/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4567');
  });
});

describe('a site with social login configured', () => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await openTestApp('sqlite', {
      googleClientId: 'id.apps.googleusercontent.com',
      facebookAppId: '123',
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await ta.close();
  });

  it('sends the widened CSP on its answers', async () => {
    const res = await ta.app.inject('/api/ead/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client https://connect.facebook.net;",
    );
    expect(csp).toContain("frame-src 'self' https://accounts.google.com/gsi/ https://www.facebook.com;");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('cabecalhosDeSeguranca (helmet built once)', () => {
  it('sets exactly what @fastify/helmet sets on answers, errors and 404s; a route with helmet: false gets none', async () => {
    const opcoes = helmetOptions({ googleClientId: 'id.apps.googleusercontent.com' });
    const montar = async (plugin: FastifyPluginAsync<FastifyHelmetOptions>) => {
      const app = Fastify({ logger: false });
      await app.register(plugin, opcoes);
      app.get('/a', async () => ({ ok: 1 }));
      app.get('/e', async () => {
        throw new Error('falhou');
      });
      app.get('/s', { helmet: false }, async () => 'sem');
      app.post('/p', async (_req, reply) => reply.code(201).send({ id: 1 }));
      await app.ready();
      return app;
    };
    const helmet = await montar(fastifyHelmet);
    const nosso = await montar(cabecalhosDeSeguranca);
    const semData = (h: Record<string, unknown>) => {
      const { date: _date, ...resto } = h;
      return resto;
    };
    for (const [method, url] of [
      ['GET', '/a'],
      ['GET', '/e'],
      ['GET', '/nada'],
      ['GET', '/s'],
      ['POST', '/p'],
    ] as const) {
      const a = await helmet.inject({ method, url });
      const b = await nosso.inject({ method, url });
      expect([b.statusCode, semData(b.headers)]).toEqual([a.statusCode, semData(a.headers)]);
    }
    expect((await nosso.inject('/a')).headers['content-security-policy']).toContain('accounts.google.com');
    expect((await nosso.inject('/s')).headers['content-security-policy']).toBeUndefined();
    await helmet.close();
    await nosso.close();
  });
});
