import { MSG_CARTAO } from '@rango/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../test/mock-api.ts';
import { recusaMercadoPago, TokenizacaoError, tokenizarCartao } from './cartoes.ts';
import { RecusaMercadoPago, tokenizarCamposSeguros, type MercadoPagoSdk } from './mercadopago-sdk.ts';

const CARD = {
  numero: '4235647728025682',
  cvv: '123',
  titular: ' APRO ',
  expiracao: '11/2031',
  cnpjoucpf: '529.982.247-25',
};
const SDK = 'https://sdk.mercadopago.example/js/v2';
const TOKENIZACAO_MP = { provedor: 'mercadopago', url: SDK, access_token: 'APP_USR-pk', expires_in: 86_400 };

/** An SDK instance whose `fields.createCardToken` is `criar` (the fields themselves: cartao-form tests). */
function sdk(criar: (d: unknown) => Promise<unknown>): MercadoPagoSdk {
  return {
    fields: {
      create: () => {
        throw new Error('not used here');
      },
      createCardToken: criar as MercadoPagoSdk['fields']['createCardToken'],
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a Mercado Pago account (issue 23): the card is typed into its Secure Fields only', () => {
  it('tokenizarCartao never sends a number typed in our inputs to Mercado Pago', async () => {
    const api = mockApi(on('GET', '/controle/cartao/tokenizacao/?estabelecimento=2', 200, TOKENIZACAO_MP));
    const criar = vi.fn();
    vi.stubGlobal('MercadoPago', criar);
    await expect(tokenizarCartao(CARD, undefined, 2)).rejects.toBeInstanceOf(TokenizacaoError);
    expect(criar).not.toHaveBeenCalled();
    expect(document.querySelector(`script[src="${SDK}"]`)).toBeNull();
    expect(JSON.stringify(api.calls)).not.toContain(CARD.numero);
  });

  it('a new card: the holder and CPF/CNPJ go with the fields; the answer gives the last 4 and expiry', async () => {
    const criar = vi.fn(async () => ({
      id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
      first_six_digits: '423564',
      last_four_digits: '5682',
      expiration_month: 3,
      expiration_year: 2031,
    }));
    const r = await tokenizarCamposSeguros(sdk(criar), { titular: ' APRO ', cnpjoucpf: '529.982.247-25' });
    expect(criar).toHaveBeenCalledWith({
      cardholderName: 'APRO',
      identificationType: 'CPF',
      identificationNumber: '52998224725',
    });
    expect(r).toEqual({ id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', final: '5682', expiracao: '03/2031' });
    // A CNPJ is said as one.
    await tokenizarCamposSeguros(sdk(criar), { titular: 'X', cnpjoucpf: '11.222.333/0001-81' });
    expect(criar).toHaveBeenLastCalledWith(expect.objectContaining({ identificationType: 'CNPJ' }));
  });

  it('a saved card: the token is made with its cardId (and the CVV of its field)', async () => {
    const criar = vi.fn(async () => ({ id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', card_id: '9911' }));
    const r = await tokenizarCamposSeguros(sdk(criar), { cardId: '9911' });
    expect(criar).toHaveBeenCalledWith({ cardId: '9911' });
    expect(r).toEqual({ id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', final: null, expiracao: null });
  });

  it('a refusal carries its cause codes; an answer without a usable id is a refusal', async () => {
    const recusa = await tokenizarCamposSeguros(
      sdk(async () => {
        throw Object.assign(new Error('bad request'), { cause: [{ code: 'E301' }, { code: 325 }] });
      }),
      { cardId: '1' },
    ).catch((x: unknown) => x);
    expect(recusa).toBeInstanceOf(RecusaMercadoPago);
    expect((recusa as RecusaMercadoPago).codigos).toEqual(['E301', '325']);
    await expect(
      tokenizarCamposSeguros(
        sdk(async () => ({ id: '<script>' })),
        { cardId: '1' },
      ),
    ).rejects.toBeInstanceOf(RecusaMercadoPago);
  });

  it.each([
    [['E301'], 'numero', MSG_CARTAO.numeroInvalido],
    [['326'], 'expiracao', MSG_CARTAO.expiracaoInvalida],
    [['E302'], null, MSG_CARTAO.cvvInvalido],
    [['221'], null, MSG_CARTAO.titularObrigatorio],
    [['324'], null, MSG_CARTAO.cnpjoucpfInvalido],
    [[], null, MSG_CARTAO.erroTokenizar],
  ])("Mercado Pago's refusal %j: the field and the Portuguese text", (codigos, campo, texto) => {
    const e = recusaMercadoPago(new RecusaMercadoPago(codigos));
    expect(e.campo).toBe(campo);
    expect(e.message).toBe(texto);
  });
});
