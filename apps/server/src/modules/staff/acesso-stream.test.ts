import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { abrirStream, pausa } from '../events/testing.ts';
import type { StreamTeste } from '../events/testing.ts';
import { convidarParaEquipe } from './equipe.ts';
import { API, staffBearer } from './testing.ts';

/**
 * Issue 20, finding 5: removing a member, their leaving or a new role ends their open panel
 * streams at once, on every instance (PostgreSQL: a second app on the same database, each bus
 * woken only by NOTIFY — the poll is a minute); other people's streams go on.
 */
const eventos = (id: number) => `${API}/painel/estabelecimento/${id}/eventos/`;
const equipe = (id: number) => `${API}/painel/estabelecimento/${id}/equipe/`;
type Auth = { authorization: string };

describe.each(DIALECTS)('a member’s access changes: their streams end on %s', (dialect) => {
  let ta: TestApp;
  let b: FastifyInstance | null = null;
  /** Where streams are opened: both instances on PostgreSQL, the one on SQLite. */
  const bases: string[] = [];
  let dono: Auth;
  const abertos: StreamTeste[] = [];
  const eventosConfig = { heartbeatMs: 60_000, pollMs: dialect === 'postgres' ? 60_000 : 300 };

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false, eventos: eventosConfig });
    bases.push(await ta.app.listen({ port: 0, host: '127.0.0.1' }));
    if (dialect === 'postgres') {
      b = buildApp(testConfig({ rateLimit: false, eventos: eventosConfig }), { db: ta.t.reopen() });
      bases.push(await b.listen({ port: 0, host: '127.0.0.1' }));
    }
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
  });
  afterAll(async () => {
    for (const s of abertos) s.fechar();
    await b?.close();
    await ta.close();
  });

  /** Opens one stream per instance and waits for each to be live. */
  const abrirEmCada = async (auth: Auth): Promise<StreamTeste[]> => {
    const streams: StreamTeste[] = [];
    for (const base of bases) {
      const s = await abrirStream(`${base}${eventos(1)}`, auth);
      abertos.push(s);
      expect(s.status, s.corpo).toBe(200);
      await s.esperar((e) => e.retry !== undefined);
      streams.push(s);
    }
    return streams;
  };
  const idDe = async (email: string) =>
    (
      await ta.t.db
        .selectFrom('funcionario')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  /**
   * Every stream ended, each within a second of `desde` by design; the bound is 2.5 s because on
   * a 2-core CI running two server test files at once the same close took 1.7 s (polled; no fixed
   * sleep).
   */
  const terminamEm = async (streams: StreamTeste[], desde: number) => {
    const quando = await Promise.all(
      streams.map((s) => Promise.race([s.fim.then(() => Date.now() - desde), pausa(3000)])),
    );
    expect(streams.map((s) => s.terminou())).toEqual(streams.map(() => true));
    for (const ms of quando) expect(ms).toBeLessThan(2500);
  };

  it('the owner removes an attendant: their streams end within 1 s, the owner’s stay open', async () => {
    const atendente = await staffBearer(ta.app, ta.t.db, 1, 'removido@pizzaria.test', 'atendente');
    const dele = await abrirEmCada(atendente);
    const doDono = await abrirEmCada(dono);
    const id = await idDe('removido@pizzaria.test');
    const res = await ta.app.inject({ method: 'DELETE', url: `${equipe(1)}${id}/`, headers: dono });
    // From the answer on (the change is committed): within a second on every instance.
    const inicio = Date.now();
    expect(res.statusCode).toBe(204);
    await terminamEm(dele, inicio);
    // The last frame tells the client to come back at once; the guard then says 404.
    for (const s of dele) expect(s.recebidos.at(-1)?.event).toBe('expirado');
    expect(doDono.map((s) => s.terminou())).toEqual(doDono.map(() => false));
    const volta = await abrirStream(`${bases.at(-1)}${eventos(1)}`, atendente);
    expect(volta.status).toBe(404);
    for (const s of doDono) s.fechar();
  });

  it('a member who leaves, and one whose role is changed (the CLI), lose their streams too', async () => {
    const saindo = await staffBearer(ta.app, ta.t.db, 1, 'saindo@pizzaria.test', 'atendente');
    const streams = await abrirEmCada(saindo);
    const res = await ta.app.inject({
      method: 'POST',
      url: `${API}/painel/estabelecimento/1/sair/`,
      headers: saindo,
    });
    let inicio = Date.now();
    expect(res.statusCode).toBe(204);
    await terminamEm(streams, inicio);

    const promovido = await staffBearer(ta.app, ta.t.db, 1, 'promovido@pizzaria.test', 'atendente');
    const antes = await abrirEmCada(promovido);
    await convidarParaEquipe(
      { db: ta.t.db, mailer: { send: async () => undefined }, publicUrl: 'http://rango.test' },
      1,
      { email: 'promovido@pizzaria.test', nome: 'Promovido', papel: 'dono' },
      { atualizar: true },
    );
    inicio = Date.now();
    await terminamEm(antes, inicio);
    // Back with the new role: the stream opens again.
    const depois = await abrirEmCada(promovido);
    expect(depois.map((s) => s.terminou())).toEqual(depois.map(() => false));
    for (const s of depois) s.fechar();
  });
});
