import { MSG_CARTAO } from '@rango/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../test/mock-api.ts';
import { TokenizacaoError, tokenizarCartao, tokenizarCartaoNoProvedor } from './cartoes.ts';

const CARD = {
  numero: '4235647728025682',
  cvv: '123',
  titular: ' APRO ',
  expiracao: '11/2031',
  cnpjoucpf: '529.982.247-25',
};
const SDK = 'https://sdk.mercadopago.example/js/v2';
const TOKENIZACAO_MP = { provedor: 'mercadopago', url: SDK, access_token: 'APP_USR-pk', expires_in: 86_400 };

/** Stands in for Mercado Pago's SDK as its script defines it (`window.MercadoPago`). */
function sdk(createCardToken: (d: unknown) => Promise<unknown>) {
  const construidos: unknown[][] = [];
  class MercadoPago {
    constructor(...args: unknown[]) {
      construidos.push(args);
    }
    createCardToken = createCardToken;
  }
  vi.stubGlobal('MercadoPago', MercadoPago);
  return construidos;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tokenizarCartao with a Mercado Pago account (issue 23)', () => {
  it("tokenises with the SDK and the account's public key; the card goes to the SDK only", async () => {
    const api = mockApi(on('GET', '/controle/cartao/tokenizacao/?estabelecimento=2', 200, TOKENIZACAO_MP));
    const criar = vi.fn(async () => ({ id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', status: 'active' }));
    const construidos = sdk(criar);
    const r = await tokenizarCartaoNoProvedor(CARD, undefined, 2);
    expect(r).toEqual({ token: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', provedor: 'mercadopago' });
    expect(construidos).toEqual([['APP_USR-pk', { locale: 'pt-BR' }]]);
    expect(criar).toHaveBeenCalledWith({
      cardNumber: CARD.numero,
      cardholderName: 'APRO',
      cardExpirationMonth: '11',
      cardExpirationYear: '2031',
      securityCode: '123',
      identificationType: 'CPF',
      identificationNumber: '52998224725',
    });
    // Our API was asked only where to tokenise: no call carried the card.
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /controle/cartao/tokenizacao/?estabelecimento=2',
    ]);
    expect(JSON.stringify(api.calls)).not.toContain(CARD.numero);
  });

  it.each([
    [[{ code: 'E301', description: 'invalid card_number' }], 'numero', MSG_CARTAO.numeroInvalido],
    [[{ code: 326, description: 'invalid expiration_year' }], 'expiracao', MSG_CARTAO.expiracaoInvalida],
    [[{ code: 'E302', description: 'invalid security_code' }], null, MSG_CARTAO.cvvInvalido],
    [[{ code: '324', description: 'invalid identification' }], null, MSG_CARTAO.cnpjoucpfInvalido],
    [[], null, MSG_CARTAO.erroTokenizar],
  ])("Mercado Pago's refusal %j: the field and the Portuguese text", async (causa, campo, texto) => {
    mockApi(on('GET', '/controle/cartao/tokenizacao/?estabelecimento=2', 200, TOKENIZACAO_MP));
    sdk(async () => {
      throw Object.assign(new Error('bad request'), { cause: causa });
    });
    const e = await tokenizarCartao(CARD, undefined, 2).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TokenizacaoError);
    expect((e as TokenizacaoError).campo).toBe(campo);
    expect((e as TokenizacaoError).message).toBe(texto);
    // The card is in no error text.
    expect(String((e as Error).message)).not.toContain(CARD.numero);
  });

  it('an answer without a usable token id is a refusal, not a token', async () => {
    mockApi(on('GET', '/controle/cartao/tokenizacao/?estabelecimento=2', 200, TOKENIZACAO_MP));
    sdk(async () => ({ id: '<script>' }));
    await expect(tokenizarCartao(CARD, undefined, 2)).rejects.toBeInstanceOf(TokenizacaoError);
  });
});
