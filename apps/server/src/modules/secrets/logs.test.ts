import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { KeyRing } from './keys.ts';
import { MASCARA } from './service.ts';

/**
 * The app's log lines at the most verbose level while a secret is set, read and described through
 * the service and a route (and while a wrong key fails a read): no byte of the value in any of them.
 */
const KEY = randomBytes(32);
const ring = () => new KeyRing([{ id: 'k1', key: KEY }]);
const PLAIN = `EAAG-${randomBytes(18).toString('hex')}-whatsapp`;

describe.each(DIALECTS)('secrets in the logs on %s', (dialect) => {
  it('setting, reading and describing through the service and a route, a wrong key: no byte of it logged', async () => {
    const logs: string[] = [];
    const h = await openTestApp(
      dialect,
      { logLevel: 'trace', secretsKeys: ring() },
      { logStream: { write: (line: string) => void logs.push(line) } },
    );
    try {
      // A route as the next issues' back office will have: it takes the value, answers the description.
      h.app.put<{ Body: { valor: string } }>('/teste/segredo', async (req) => {
        await req.server.segredos.set(1, 'mercadopago.access_token', req.body.valor);
        const lido = await req.server.segredos.get(1, 'mercadopago.access_token');
        // Passed to the logger by mistake: it prints as [segredo].
        req.log.info({ lido, erroDeQuemUsa: { lido } }, `lido: ${lido}`);
        return req.server.segredos.describe(1, 'mercadopago.access_token');
      });
      h.app.get('/teste/segredo', async (req) => {
        const lido = await req.server.segredos.get(1, 'mercadopago.access_token');
        return { lido };
      });
      const put = await h.app.inject({ method: 'PUT', url: '/teste/segredo', payload: { valor: PLAIN } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ configurado: true, final: PLAIN.slice(-4) });
      const get = await h.app.inject({ method: 'GET', url: '/teste/segredo' });
      expect(get.json()).toEqual({ lido: MASCARA });
      expect(logs.join('')).toContain(MASCARA);

      // A wrong key: the read fails (500 from this test route), the error logged names no value.
      await h.t.db.updateTable('segredo').set({ chave_id: 'k2' }).execute();
      const falha = await h.app.inject({ method: 'GET', url: '/teste/segredo' });
      expect(falha.statusCode).toBe(500);
      expect(falha.body).not.toContain(PLAIN);
      expect(logs.join('')).toMatch(/SegredoIlegivelError/);

      const tudo = logs.join('');
      expect(tudo.length).toBeGreaterThan(0);
      expect(tudo).not.toContain(PLAIN);
      expect(tudo).not.toContain(PLAIN.slice(8, 44));
      expect(tudo).not.toContain(KEY.toString('base64'));
    } finally {
      await h.close();
    }
  });
});
