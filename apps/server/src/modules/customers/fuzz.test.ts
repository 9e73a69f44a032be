/**
 * The customer's account routes under bad input (sign-up, profile, addresses, coupon check): each
 * valid body with one part broken, or arbitrary JSON (test/fuzz.ts). Never a 5xx, a refusal in
 * JSON, and nothing changed by it: no account created, the profile and addresses as they were.
 * And the customer's and the public reads under bad query strings and path parameters (issue 20):
 * never a 5xx, every answer within 2 s.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { FUZZ, fuzzLeitura, fuzzRota } from '../../test/fuzz.ts';
import { criarCupom } from '../coupons/service.ts';
import { API, bearer, criarCliente, novoCadastro } from './testing.ts';

const CASA = {
  cep: '05014-000',
  rua: 'Rua Monte Alegre',
  numero: '1024',
  bairro: 'Perdizes',
  cidade: 'São Paulo',
  uf: 'SP',
  complemento: 'apto 12',
};

describe.each(DIALECTS)('the customer’s account routes under bad input on %s', (dialect) => {
  let ta: TestApp;
  let auth: { authorization: string };
  let id: number;
  let idendereco: number;

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await ta.app.ready();
    const c = await criarCliente(ta.app, ta.t.db, 'fuzz@example.com');
    auth = bearer(c.access);
    id = c.id;
    // Made before 'a new address' fills the customer's addresses up to their limit.
    const criado = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/endereco/`,
      headers: auth,
      payload: CASA,
    });
    idendereco = criado.json<{ id: number }>().id;
    await criarCupom(ta.t.db, { idestabelecimento: 1, codigo: 'FUZZ10', ehpercentual: true, desconto: 10 });
  });
  afterAll(async () => ta?.close());

  const ler = async (url: string) => (await ta.app.inject({ url: `${API}${url}`, headers: auth })).body;
  /** The account as its owner reads it, and how many accounts there are. */
  const conta = async () => {
    const n = await ta.t.db
      .selectFrom('cliente')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return JSON.stringify([Number(n.n), await ler('/controle/cliente/'), await ler('/controle/endereco/')]);
  };

  it('sign-up', () => {
    let n = 0;
    return fuzzRota(ta.app, {
      method: 'POST',
      url: `${API}/controle/cliente/`,
      headers: {},
      // A new e-mail each time: a broken body that still signs up is not refused as a repeat.
      valido: () => novoCadastro(`novo${(n += 1)}@example.com`),
      estado: conta,
    });
  });
  it('profile', () =>
    fuzzRota(ta.app, {
      method: 'PATCH',
      url: `${API}/controle/cliente/${id}/`,
      headers: auth,
      valido: { nomeourazaosocial: 'Maria Souza', telefone: '(11) 91234-5678' },
      estado: conta,
    }));
  it('a new address', () =>
    fuzzRota(ta.app, {
      method: 'POST',
      url: `${API}/controle/endereco/`,
      headers: auth,
      valido: CASA,
      estado: conta,
    }));
  it('an address changed', () =>
    fuzzRota(ta.app, {
      method: 'PUT',
      url: `${API}/controle/endereco/${idendereco}/`,
      headers: auth,
      valido: { ...CASA, numero: '1030' },
      estado: conta,
    }));
  it('a coupon checked at checkout', () =>
    fuzzRota(ta.app, {
      method: 'POST',
      url: `${API}/api/cupom/validar/`,
      headers: auth,
      valido: { cupom: 'FUZZ10', deliveryestabelecimento: 1 },
      estado: conta,
    }));

  describe('reads under bad query strings and path parameters (issue 20)', () => {
    const ler = (url: string, extra: Partial<Parameters<typeof fuzzLeitura>[1]> = {}) =>
      fuzzLeitura(ta.app, { url: `${API}${url}`, headers: auth, ...extra });

    it('the account, its data, addresses and cards', async () => {
      for (const url of [
        '/controle/cliente/',
        '/controle/cliente/meus-dados/',
        '/controle/cliente/social/',
        '/controle/endereco/',
        '/controle/cartao/',
      ])
        await ler(url);
    });
    it('an establishment, its menu, payment methods and delivery areas', async () => {
      for (const url of [
        '/controle/estabelecimento/:id/',
        '/api/estabelecimento/:id/menu/',
        '/api/estabelecimento/:id/formapgto/',
        '/api/estabelecimento/:id/areas_entrega/',
      ])
        await ler(url, { params: { id: 1 } });
    });
    it('a CEP and an address geocoded', async () => {
      await ler('/api/cep/:cep/', { params: { cep: '05014-000' } });
      await ler('/api/geocode/', {
        query: { rua: 'Rua Monte Alegre', numero: '1024', bairro: 'Perdizes', cidade: 'São Paulo', uf: 'SP' },
        runs: FUZZ.runs * 2,
      });
    });
  });
});
