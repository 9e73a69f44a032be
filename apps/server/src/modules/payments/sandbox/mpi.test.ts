import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb } from '../../../test/db.ts';
import type { TestDb } from '../../../test/db.ts';
import type { AutenticacaoExterna } from '../port.ts';
import { BANCO_CSS, BANCO_JS } from './mpi-assets.ts';
import { DESAFIO_CONCLUIDO, DESAFIO_PENDENTE, emitirTokenMpi, verificarAutenticacao } from './mpi.ts';
import { CSP_BANCO, TITULO_BANCO } from './mpi-pagina.ts';
import { BASE_3DS, SEGREDO_TESTE, appMpi } from './mpi-testing.ts';
import { TTL_TOKEN_MPI, calcularCavv, tokenMpiValido } from './mpi-token.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Evento {
  Cavv?: string;
  Xid: null;
  Eci: string | null;
  Version?: string;
  ReferenceId: string | null;
  ReturnCode?: string;
  ReturnMessage?: string;
}
interface Resposta {
  resultado: string;
  evento?: Evento;
  referenceid?: string;
  url?: string;
}

describe.each(DIALECTS)('sandbox 3-D Secure server on %s', (dialect) => {
  let t: TestDb;
  let app: FastifyInstance;
  let bearer: string;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    app = await appMpi(t.db);
    bearer = `Bearer ${emitirTokenMpi(SEGREDO_TESTE).access_token}`;
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  const autenticar = (final: string, opts: { valor?: number; bandeira?: string; auth?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `${BASE_3DS}/autenticar`,
      headers: { authorization: opts.auth ?? bearer },
      payload: {
        ordernumber: 'pedido-1',
        totalamount: opts.valor ?? 1234,
        final,
        bandeira: opts.bandeira ?? 'Visa',
      },
    });
  const decidir = (ref: string, decisao: string) =>
    app.inject({ method: 'POST', url: `${BASE_3DS}/desafio/${ref}`, payload: { decisao } });
  const resultado = (ref: string, bandeira = 'Visa', auth = bearer) =>
    app.inject({
      url: `${BASE_3DS}/resultado/${ref}?bandeira=${bandeira}`,
      headers: { authorization: auth },
    });
  const linha = (ref: string) =>
    t.db.selectFrom('sandbox_3ds').selectAll().where('referenceid', '=', ref).executeTakeFirstOrThrow();

  /** A challenge opened for `final` and decided on the bank page; the final answer. */
  async function desafiar(final: string, decisao: 'aprovar' | 'negar', valor = 1234) {
    const aberto = (await autenticar(final, { valor })).json<Resposta>();
    expect(aberto.resultado).toBe('desafio');
    const ref = aberto.referenceid!;
    expect((await decidir(ref, decisao)).statusCode).toBe(200);
    const fim = await resultado(ref);
    expect(fim.statusCode).toBe(200);
    return { ref, fim: fim.json<Resposta>() };
  }

  const externa = (e: Evento | undefined): AutenticacaoExterna => ({
    cavv: e?.Cavv ?? null,
    xid: e?.Xid ?? null,
    eci: e?.Eci ?? null,
    version: e?.Version ?? null,
    referenceid: e?.ReferenceId ?? null,
  });

  describe('frictionless test cards', () => {
    it.each([
      ['2701', 'Visa', '05'],
      ['2235', 'Master', '02'],
    ])(
      '…%s (%s) succeeds with a CAVV and ECI %s, and the row keeps the CAVV',
      async (final, bandeira, eci) => {
        const res = await autenticar(final, { bandeira });
        expect(res.statusCode).toBe(200);
        const r = res.json<Resposta>();
        expect(r.resultado).toBe('sucesso');
        expect(r.evento).toEqual({
          Cavv: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/),
          Xid: null,
          Eci: eci,
          Version: '2',
          ReferenceId: expect.stringMatching(UUID),
        });
        const l = await linha(r.evento!.ReferenceId!);
        expect(l).toMatchObject({
          final,
          valor: 1234,
          resultado: 'sucesso',
          estado: 'concluido',
          usado_em: null,
        });
        expect(l.cavv).toBe(r.evento!.Cavv);
        expect(l.cavv).toBe(calcularCavv(SEGREDO_TESTE, l.referenceid, 1234, final));
      },
    );

    it.each([
      ['2925', 'falha'],
      ['2276', 'falha'],
      ['2420', 'nao_inscrito'],
      ['2664', 'nao_inscrito'],
    ])('…%s answers %s with ECI 07 and no Cavv field', async (final, esperado) => {
      const r = (await autenticar(final)).json<Resposta>();
      expect(r.resultado).toBe(esperado);
      expect(r.evento).toEqual({
        Xid: null,
        Eci: '07',
        Version: '2',
        ReferenceId: expect.stringMatching(UUID),
      });
      expect((await linha(r.evento!.ReferenceId!)).cavv).toBeNull();
    });

    it.each(['2644', '2656'])('…%s is an issuer error (onError with a ReturnCode)', async (final) => {
      const r = (await autenticar(final)).json<Resposta>();
      expect(r.resultado).toBe('erro');
      expect(r.evento).toMatchObject({
        Xid: null,
        Eci: null,
        ReturnCode: expect.any(String),
        ReturnMessage: expect.any(String),
      });
    });
  });

  describe('challenge', () => {
    it.each(['2503', '2151', '2370', '2490', '1234', '0000'])(
      '…%s opens the bank page at /api/ead/sandbox/3ds/desafio/<referenceid>',
      async (final) => {
        const r = (await autenticar(final)).json<Resposta>();
        expect(r).toEqual({
          resultado: 'desafio',
          referenceid: expect.stringMatching(UUID),
          url: `/api/ead/sandbox/3ds/desafio/${r.referenceid}`,
        });
        expect(await linha(r.referenceid!)).toMatchObject({
          resultado: 'desafio',
          estado: 'aguardando',
          cavv: null,
        });
      },
    );

    it('a success card approved on the bank page answers success with a CAVV', async () => {
      const { ref, fim } = await desafiar('2503', 'aprovar');
      expect(fim).toEqual({
        resultado: 'sucesso',
        evento: {
          Cavv: calcularCavv(SEGREDO_TESTE, ref, 1234, '2503'),
          Xid: null,
          Eci: '05',
          Version: '2',
          ReferenceId: ref,
        },
      });
      expect(await linha(ref)).toMatchObject({ estado: 'aprovado' });
      // The brand only sets the ECI (Mastercard: 02).
      expect((await resultado(ref, 'Master')).json<Resposta>().evento?.Eci).toBe('02');
    });

    it('a success card denied answers failure', async () => {
      const { ref, fim } = await desafiar('2151', 'negar');
      expect(fim).toEqual({
        resultado: 'falha',
        evento: { Xid: null, Eci: '07', Version: '2', ReferenceId: ref },
      });
      expect(await linha(ref)).toMatchObject({ estado: 'negado', cavv: null });
    });

    it.each(['2370', '2490'])('failure card …%s fails even when approved', async (final) => {
      const { ref, fim } = await desafiar(final, 'aprovar');
      expect(fim.resultado).toBe('falha');
      expect(await linha(ref)).toMatchObject({ estado: 'negado', cavv: null });
    });

    it('any other card follows the customer: approved succeeds, denied fails', async () => {
      expect((await desafiar('1111', 'aprovar')).fim.resultado).toBe('sucesso');
      expect((await desafiar('1111', 'negar')).fim.resultado).toBe('falha');
    });

    it('the result is 409 until decided; a second decision is 409 and changes nothing', async () => {
      const ref = (await autenticar('2503')).json<Resposta>().referenceid!;
      const cedo = await resultado(ref);
      expect(cedo.statusCode).toBe(409);
      expect(cedo.json()).toEqual({ detail: DESAFIO_PENDENTE });
      expect((await decidir(ref, 'negar')).json()).toEqual({ estado: 'negado' });
      const segunda = await decidir(ref, 'aprovar');
      expect(segunda.statusCode).toBe(409);
      expect(segunda.json()).toEqual({ detail: DESAFIO_CONCLUIDO });
      expect((await resultado(ref)).json<Resposta>().resultado).toBe('falha');
    });

    it('a frictionless reference id has no bank page and takes no decision', async () => {
      const ref = (await autenticar('2701')).json<Resposta>().evento!.ReferenceId!;
      expect((await app.inject(`${BASE_3DS}/desafio/${ref}`)).statusCode).toBe(404);
      expect((await decidir(ref, 'aprovar')).statusCode).toBe(404);
    });
  });

  describe('bank page', () => {
    it('shows the amount and the masked card, in Portuguese, with no inline script or style', async () => {
      const ref = (await autenticar('2503', { valor: 123456 })).json<Resposta>().referenceid!;
      const res = await app.inject(`${BASE_3DS}/desafio/${ref}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const html = res.body;
      expect(html).toContain('<html lang="pt-BR">');
      expect(html).toContain(`<title>${TITULO_BANCO}</title>`);
      expect(html).toContain('R$ 1.234,56');
      expect(html).toContain('**** 2503');
      expect(html).toMatch(/<button type="submit"[^>]*value="aprovar">Aprovar<\/button>/);
      expect(html).toMatch(/<button type="submit"[^>]*value="negar">Negar<\/button>/);
      expect(html).toContain(`action="/api/ead/sandbox/3ds/desafio/${ref}"`);
      // Every script has a src and no body; no <style>, no style="…", no on…= handlers.
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.map((m) => [m[1], m[2]])).toEqual([[' src="/api/ead/sandbox/3ds/banco.js" defer', '']]);
      expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
      expect(html).toContain('<link rel="stylesheet" href="/api/ead/sandbox/3ds/banco.css">');
    });

    it('may be framed by our own origin only, under a policy without inline script or style', async () => {
      const ref = (await autenticar('2503')).json<Resposta>().referenceid!;
      const res = await app.inject(`${BASE_3DS}/desafio/${ref}`);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toBe(CSP_BANCO);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
    });

    it('a decided challenge shows a notice (409), an unknown or malformed one 404, both as pages', async () => {
      const ref = (await desafiar('2503', 'aprovar')).ref;
      const concluida = await app.inject(`${BASE_3DS}/desafio/${ref}`);
      expect(concluida.statusCode).toBe(409);
      expect(concluida.body).toContain(DESAFIO_CONCLUIDO);
      expect(concluida.body).not.toContain('Aprovar');
      for (const outro of ['3f1c1e0a-8a7e-4c55-9d6a-0d4f3b2a1c00', 'nao-e-uuid', '..%2F..%2Fetc']) {
        const res = await app.inject(`${BASE_3DS}/desafio/${outro}`);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      }
    });

    it('serves its script and style, cacheable for five minutes', async () => {
      const js = await app.inject(`${BASE_3DS}/banco.js`);
      expect(js.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(js.headers['cache-control']).toBe('public, max-age=300');
      expect(js.body).toBe(BANCO_JS);
      expect(() => new Function(js.body)).not.toThrow();
      const css = await app.inject(`${BASE_3DS}/banco.css`);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.body).toBe(BANCO_CSS);
    });
  });

  describe('bpmpi.js', () => {
    it('is served as JavaScript, cacheable briefly, parses, and points at these routes', async () => {
      const res = await app.inject(`${BASE_3DS}/bpmpi.js`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(() => new Function(res.body)).not.toThrow();
      expect(res.body).toContain('var BASE = "/api/ead/sandbox/3ds";');
      expect(res.body).not.toContain('__RANGO_MPI_BASE__');
      expect(res.body).toContain('global.bpmpi_authenticate = autenticar;');
    });
  });

  describe('access token', () => {
    it('refuses a missing, malformed, forged, foreign or expired token with 401', async () => {
      const valido = emitirTokenMpi(SEGREDO_TESTE).access_token;
      const [h, p, s] = valido.split('.') as [string, string, string];
      const outraCarga = Buffer.from(
        JSON.stringify({ iss: 'rango-sandbox-3ds', exp: 9_999_999_999 }),
      ).toString('base64url');
      const trocarUltimo = (x: string) => x.slice(0, -1) + (x.endsWith('A') ? 'B' : 'A');
      const ruins = [
        '',
        'Bearer',
        `Basic ${valido}`,
        'Bearer abc.def.ghi',
        `Bearer ${h}.${outraCarga}.${s}`,
        `Bearer ${h}.${p}.${trocarUltimo(s)}`,
        `Bearer ${emitirTokenMpi('outro-segredo-qualquer-de-32-caracteres').access_token}`,
        `Bearer ${emitirTokenMpi(SEGREDO_TESTE, new Date(Date.now() - (TTL_TOKEN_MPI + 1) * 1000)).access_token}`,
      ];
      const antes = await t.db.selectFrom('sandbox_3ds').select('referenceid').execute();
      for (const auth of ruins) {
        const res = await autenticar('2701', { auth });
        expect(res.statusCode, auth).toBe(401);
        expect(res.json()).toEqual({ detail: 'Não autorizado' });
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      expect(await t.db.selectFrom('sandbox_3ds').select('referenceid').execute()).toHaveLength(antes.length);
      const ref = (await autenticar('2701')).json<Resposta>().evento!.ReferenceId!;
      expect((await resultado(ref, 'Visa', ruins.at(-1)!)).statusCode).toBe(401);
    });

    it('lasts an hour', () => {
      const emitido = new Date('2030-01-01T12:00:00Z');
      const { access_token, expires_in } = emitirTokenMpi(SEGREDO_TESTE, emitido);
      expect(expires_in).toBe(3600);
      expect(tokenMpiValido(SEGREDO_TESTE, access_token, new Date('2030-01-01T12:59:59Z'))).toBe(true);
      expect(tokenMpiValido(SEGREDO_TESTE, access_token, new Date('2030-01-01T13:00:00Z'))).toBe(false);
    });
  });

  describe('validation', () => {
    it.each([
      ['no body', undefined],
      ['a missing field', { ordernumber: 'p', totalamount: 100, bandeira: 'Visa' }],
      ['last 4 not digits', { ordernumber: 'p', totalamount: 100, final: '25a3', bandeira: 'Visa' }],
      ['5 digits', { ordernumber: 'p', totalamount: 100, final: '12503', bandeira: 'Visa' }],
      ['an unsupported brand', { ordernumber: 'p', totalamount: 100, final: '2503', bandeira: 'Amex' }],
      ['a zero amount', { ordernumber: 'p', totalamount: 0, final: '2503', bandeira: 'Visa' }],
      ['a fractional amount', { ordernumber: 'p', totalamount: 10.5, final: '2503', bandeira: 'Visa' }],
      ['an amount as text', { ordernumber: 'p', totalamount: '100', final: '2503', bandeira: 'Visa' }],
      ['an empty order number', { ordernumber: '', totalamount: 100, final: '2503', bandeira: 'Visa' }],
      [
        'the card number',
        {
          ordernumber: 'p',
          totalamount: 100,
          final: '2503',
          bandeira: 'Visa',
          cardnumber: '4000000000002503',
        },
      ],
    ])('POST /autenticar with %s is 400 and records nothing', async (_nome, payload) => {
      const antes = await t.db.selectFrom('sandbox_3ds').select('referenceid').execute();
      const res = await app.inject({
        method: 'POST',
        url: `${BASE_3DS}/autenticar`,
        headers: { authorization: bearer },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(400);
      expect(await t.db.selectFrom('sandbox_3ds').select('referenceid').execute()).toHaveLength(antes.length);
    });

    it('a bad decision is 400 and leaves the challenge open', async () => {
      const ref = (await autenticar('2503')).json<Resposta>().referenceid!;
      for (const payload of [{ decisao: 'talvez' }, {}, { decisao: 'aprovar', extra: 1 }]) {
        expect(
          (await app.inject({ method: 'POST', url: `${BASE_3DS}/desafio/${ref}`, payload })).statusCode,
        ).toBe(400);
      }
      expect(await linha(ref)).toMatchObject({ estado: 'aguardando' });
    });

    it('unknown or malformed reference ids are 404; the result needs a supported brand', async () => {
      const desconhecido = '3f1c1e0a-8a7e-4c55-9d6a-0d4f3b2a1c00';
      expect((await decidir(desconhecido, 'aprovar')).statusCode).toBe(404);
      expect((await decidir('xyz', 'aprovar')).statusCode).toBe(404);
      expect((await resultado(desconhecido)).statusCode).toBe(404);
      expect((await resultado('xyz')).statusCode).toBe(404);
      const ref = (await autenticar('2701')).json<Resposta>().evento!.ReferenceId!;
      expect((await resultado(ref, 'Amex')).statusCode).toBe(400);
    });
  });

  describe('verificarAutenticacao', () => {
    const verificar = (auth: AutenticacaoExterna | null, esperado = { valor: 1234, final: '2701' }) =>
      verificarAutenticacao(t.db, SEGREDO_TESTE, auth, esperado);

    it('accepts a frictionless success once: a replay is invalid', async () => {
      const e = (await autenticar('2701')).json<Resposta>().evento;
      expect(await verificar(externa(e))).toBe('autenticado');
      expect(await linha(e!.ReferenceId!)).toMatchObject({ usado_em: expect.any(String) });
      expect(await verificar(externa(e))).toBe('invalido');
    });

    it('accepts an approved challenge', async () => {
      const { fim } = await desafiar('2503', 'aprovar', 5000);
      expect(await verificar(externa(fim.evento), { valor: 5000, final: '2503' })).toBe('autenticado');
    });

    it('refuses a forged or missing CAVV, another amount or card, and leaves it usable', async () => {
      const e = (await autenticar('2701')).json<Resposta>().evento!;
      const boa = externa(e);
      const forjado = calcularCavv('outro-segredo-qualquer-de-32-caracteres', e.ReferenceId!, 1234, '2701');
      expect(await verificar({ ...boa, cavv: forjado })).toBe('invalido');
      expect(await verificar({ ...boa, cavv: null })).toBe('invalido');
      expect(await verificar({ ...boa, cavv: e.Cavv!.slice(0, -2) + '==' })).toBe('invalido');
      expect(await verificar(boa, { valor: 1235, final: '2701' })).toBe('invalido');
      expect(await verificar(boa, { valor: 1234, final: '2702' })).toBe('invalido');
      // Another authentication's CAVV does not fit this reference id.
      const outra = (await autenticar('2701')).json<Resposta>().evento!;
      expect(await verificar({ ...boa, cavv: outra.Cavv! })).toBe('invalido');
      expect(await verificar(boa)).toBe('autenticado');
    });

    it('refuses an unknown, malformed or missing reference id', async () => {
      const e = (await autenticar('2701')).json<Resposta>().evento!;
      for (const referenceid of ['3f1c1e0a-8a7e-4c55-9d6a-0d4f3b2a1c00', 'x', '', null]) {
        expect(await verificar({ ...externa(e), referenceid })).toBe('invalido');
      }
      expect(await verificar(null)).toBe('invalido');
    });

    it('reports failure and unenrolled (consumed too), refuses an issuer error', async () => {
      const falha = (await autenticar('2925')).json<Resposta>().evento;
      expect(await verificar(externa(falha), { valor: 1234, final: '2925' })).toBe('falha');
      expect(await verificar(externa(falha), { valor: 1234, final: '2925' })).toBe('invalido');
      const naoInscrito = (await autenticar('2420')).json<Resposta>().evento;
      expect(await verificar(externa(naoInscrito), { valor: 1234, final: '2420' })).toBe('nao_inscrito');
      const erro = (await autenticar('2644')).json<Resposta>().evento;
      expect(await verificar(externa(erro), { valor: 1234, final: '2644' })).toBe('invalido');
    });

    it('a denied or failed challenge is a failure; an open one is invalid until decided', async () => {
      const negado = await desafiar('2151', 'negar');
      expect(await verificar(externa(negado.fim.evento), { valor: 1234, final: '2151' })).toBe('falha');
      const cartaoDeFalha = await desafiar('2370', 'aprovar');
      expect(await verificar(externa(cartaoDeFalha.fim.evento), { valor: 1234, final: '2370' })).toBe(
        'falha',
      );
      const aberto = (await autenticar('2503')).json<Resposta>().referenceid!;
      const semDecisao = { cavv: null, xid: null, eci: '07', version: '2', referenceid: aberto };
      expect(await verificar(semDecisao, { valor: 1234, final: '2503' })).toBe('invalido');
      // Even the right CAVV is refused while the challenge is open.
      const antecipado = { ...semDecisao, cavv: calcularCavv(SEGREDO_TESTE, aberto, 1234, '2503') };
      expect(await verificar(antecipado, { valor: 1234, final: '2503' })).toBe('invalido');
      await decidir(aberto, 'aprovar');
      expect(await verificar(antecipado, { valor: 1234, final: '2503' })).toBe('autenticado');
    });

    it('two concurrent uses, from two connections, get one autenticado', async () => {
      const outro = t.reopen();
      for (let i = 0; i < 5; i++) {
        const e = (await autenticar('2701')).json<Resposta>().evento;
        const usos = await Promise.all([
          verificarAutenticacao(t.db, SEGREDO_TESTE, externa(e), { valor: 1234, final: '2701' }),
          verificarAutenticacao(outro, SEGREDO_TESTE, externa(e), { valor: 1234, final: '2701' }),
          verificarAutenticacao(t.db, SEGREDO_TESTE, externa(e), { valor: 1234, final: '2701' }),
        ]);
        expect(usos.sort()).toEqual(['autenticado', 'invalido', 'invalido']);
      }
    });
  });

  it('keeps only the last 4 digits: the rows have no other card data', async () => {
    const colunas = Object.keys(
      await linha((await autenticar('2701')).json<Resposta>().evento!.ReferenceId!),
    );
    expect(colunas.sort()).toEqual(
      ['referenceid', 'final', 'valor', 'resultado', 'estado', 'cavv', 'usado_em', 'criado_em'].sort(),
    );
  });
});
