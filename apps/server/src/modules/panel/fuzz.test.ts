/**
 * The live panel's write routes under bad input (an order's status, the store open/closed,
 * availability, the panel's settings, staff invitations, API keys): each valid body with one part
 * broken, or arbitrary JSON (test/fuzz.ts). Never a 5xx, a refusal in JSON that changes nothing
 * the panel reads. And its reads, with the sales report, under bad query strings and path
 * parameters (issue 20): never a 5xx, every answer within 2 s.
 */
import { STATUS } from '@rango/domain';
import { PAINEL_CONFIG_PADRAO } from '@rango/domain/painel';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { FUZZ, fuzzLeitura, fuzzRota } from '../../test/fuzz.ts';
import type { Json } from '../../test/fuzz.ts';
import { inserirPedido } from '../operator/testing.ts';
import { definirHorarios } from '../orders/testing.ts';
import { API, staffBearer } from '../staff/testing.ts';

const est = `${API}/painel/estabelecimento/1`;
const LEITURAS = ['pedidos/', 'loja/', 'disponibilidade/', 'config/', 'equipe/', 'chaves/'];

describe.each(DIALECTS)('the live panel’s write routes under bad input on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await ta.app.ready();
    await definirHorarios(ta.t.db, 1);
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@fuzz.test', 'dono');
  });
  afterAll(async () => ta?.close());

  /**
   * What the panel reads, and how many events the establishment has (a refusal records none).
   * Without the orders' `ultimo_evento`: on PostgreSQL it is the newest event below the cluster's
   * xmin, which any other transaction on the server (another test file's) holds back for a while.
   */
  const estado = async () => {
    const leituras = await Promise.all(
      LEITURAS.map(async (p) => {
        const body = (await ta.app.inject({ url: `${est}/${p}`, headers: dono })).json<
          Record<string, Json>
        >();
        delete body.ultimo_evento;
        return body;
      }),
    );
    const eventos = await ta.t.db
      .selectFrom('evento')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idestabelecimento', '=', 1)
      .executeTakeFirstOrThrow();
    return JSON.stringify([Number(eventos.n), ...leituras]);
  };
  const sobAtaque = (method: 'POST' | 'PUT', url: string, valido: Json) =>
    fuzzRota(ta.app, { method, url, headers: dono, valido, estado });

  it('an order’s status', async () => {
    const id = await inserirPedido(ta.t.db);
    await sobAtaque('POST', `${est}/pedido/${id}/status/`, {
      status: STATUS.Confirmado,
      previsao_minutos: 30,
    });
  });
  it('the store closed and opened', () => sobAtaque('PUT', `${est}/loja/`, { aberta: true }));
  it('a product’s and an option’s availability', async () => {
    await sobAtaque('PUT', `${est}/produto/311/disponibilidade/`, { stindisponivel: 0 });
    await sobAtaque('PUT', `${est}/opcao/9003/disponibilidade/`, { stindisponivel: 0 });
  });
  it('the panel’s settings', () =>
    sobAtaque('PUT', `${est}/config/`, PAINEL_CONFIG_PADRAO as unknown as Json));
  it('a staff invitation', () => {
    let n = 0;
    return fuzzRota(ta.app, {
      method: 'POST',
      url: `${est}/equipe/`,
      headers: dono,
      valido: () => ({ email: `pessoa${(n += 1)}@fuzz.test`, nome: 'Pessoa', papel: 'atendente' }),
      estado,
    });
  });
  it('an API key', () => sobAtaque('POST', `${est}/chaves/`, { nome: 'Integração' }));

  describe('reads under bad query strings and path parameters (issue 20)', () => {
    const ler = (url: string, extra: Partial<Parameters<typeof fuzzLeitura>[1]> = {}) =>
      fuzzLeitura(ta.app, {
        url: `${API}/painel/estabelecimento/:id/${url}`,
        params: { id: 1 },
        headers: dono,
        ...extra,
      });

    it('the sales report, JSON and CSV', async () => {
      for (const url of ['relatorio/', 'relatorio.csv'])
        await ler(url, { query: { de: '2026-03-01', ate: '2026-03-31' }, runs: FUZZ.runs * 4 });
    });
    it('an order, its receipt, and the queue', async () => {
      const idpedido = await inserirPedido(ta.t.db);
      for (const url of ['pedido/:idpedido/', 'pedido/:idpedido/cupom/'])
        await ler(url, { params: { id: 1, idpedido } });
      await ler('pedidos/');
    });
    it('the store, availability, settings, staff and keys', async () => {
      for (const url of LEITURAS.slice(1)) await ler(url);
    });
    it('who is signed in', () => fuzzLeitura(ta.app, { url: `${API}/painel/eu/`, headers: dono }));
    it('the pending invitations', () =>
      fuzzLeitura(ta.app, { url: `${API}/painel/convites/`, headers: dono }));
  });
});
