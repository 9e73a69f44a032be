import { MSG_CARTAO } from '@rango/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sdkFake } from '../../test/mercadopago-fake.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CvvMercadoPago } from './campos-mercadopago.tsx';
import { CartaoForm } from './cartao-form.tsx';
import { useCamposMercadoPago } from './use-campos-mercadopago.ts';
import { useCartaoForm, type CartaoDados } from './use-cartao-form.ts';

const CONTA = { scriptUrl: 'https://sdk.mercadopago.example/js/v2', publicKey: 'APP_USR-pk' };

function Harness({ debito = false }: { debito?: boolean }) {
  const seguro = useCamposMercadoPago(CONTA, { debito, perfil: false });
  const cartao = useCartaoForm({ debito, seguro, inicial: { titular: '' } });
  const [dados, setDados] = useState<CartaoDados | null | undefined>(undefined);
  const [token, setToken] = useState('');
  return (
    <main>
      <CartaoForm cartao={cartao} mostrarSalvar />
      <button type="button" onClick={() => setDados(cartao.validar())}>
        validar
      </button>
      <button
        type="button"
        onClick={() =>
          void seguro.tokenizar({ titular: 'APRO', cnpjoucpf: '52998224725' }).then((t) => setToken(t.id))
        }
      >
        tokenizar
      </button>
      <button type="button" onClick={() => cartao.limpar()}>
        limpar
      </button>
      <output data-testid="dados">{dados === undefined ? '' : JSON.stringify(dados)}</output>
      <output data-testid="token">{token}</output>
    </main>
  );
}

const valido = { errorMessages: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CartaoForm with Mercado Pago Secure Fields (issue 23)', () => {
  it('mounts three labelled frames for number, expiry and CVV; holder and CPF stay ours', async () => {
    const mp = sdkFake();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(mp.montado('securityCode')).toBeDefined());
    expect(mp.construidos).toEqual([[CONTA.publicKey, { locale: 'pt-BR' }]]);
    expect(mp.campos.map((c) => c.tipo)).toEqual(['cardNumber', 'expirationDate', 'securityCode']);
    for (const c of mp.campos) {
      expect(c.opcoes?.srLabel).toBeTruthy();
      expect(c.opcoes?.ariaRequired).toBe(true);
    }
    // Each frame is inside our container, titled; no input of ours takes the number or CVV.
    expect(screen.getByTitle('Número do cartão').tagName).toBe('IFRAME');
    expect(screen.getByTitle('Validade (MM/AA)').tagName).toBe('IFRAME');
    expect(screen.getByTitle('CVV').tagName).toBe('IFRAME');
    expect(screen.queryByRole('textbox', { name: /Número do cartão/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /CVV/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Nome do titular/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /CPF ou CNPJ/ })).toBeInTheDocument();
    expect(screen.getByText('Número do cartão')).toBeInTheDocument();
    // Our side only (the frames' insides are Mercado Pago's; the e2e checks the fake's).
    const { violations } = await axe.run(document.body, { iframes: false });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it("shows the spec's messages from the validity events once a field is left", async () => {
    const mp = sdkFake();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(mp.montado('cardNumber')).toBeDefined());
    const numero = mp.montado('cardNumber')!;
    numero.emitir('validityChange', {
      field: 'cardNumber',
      errorMessages: [{ cause: 'invalid_length', message: 'x' }],
    });
    // Not yet left: no error.
    expect(screen.queryByText(MSG_CARTAO.numeroTamanho)).toBeNull();
    numero.emitir('blur', { field: 'cardNumber' });
    expect(await screen.findByText(MSG_CARTAO.numeroTamanho)).toHaveAttribute('role', 'alert');
    // aria-invalid goes into the frame.
    await waitFor(() => expect(numero.updates).toContainEqual({ invalid: true }));
    numero.emitir('validityChange', {
      field: 'cardNumber',
      errorMessages: [{ cause: 'invalid_value', message: 'card number rejected on Luhn Validation.' }],
    });
    expect(await screen.findByText(MSG_CARTAO.numeroInvalido)).toBeInTheDocument();

    const validade = mp.montado('expirationDate')!;
    validade.emitir('validityChange', {
      field: 'expirationDate',
      errorMessages: [
        {
          cause: 'invalid_value',
          message:
            "expirationMonth value should be greater than '10' or expirationYear value should be greater than '2026'.",
        },
      ],
    });
    validade.emitir('blur', { field: 'expirationDate' });
    expect(await screen.findByText(MSG_CARTAO.cartaoVencido)).toBeInTheDocument();
    validade.emitir('validityChange', {
      field: 'expirationDate',
      errorMessages: [{ cause: 'invalid_value', message: 'expirationMonth should be a value from 1 to 12.' }],
    });
    expect(await screen.findByText(MSG_CARTAO.mesObrigatorio)).toBeInTheDocument();

    const cvv = mp.montado('securityCode')!;
    cvv.emitir('validityChange', {
      field: 'securityCode',
      errorMessages: [{ cause: 'invalid_length', message: "securityCode should be of length '3'." }],
    });
    cvv.emitir('blur', { field: 'securityCode' });
    expect(await screen.findByText(MSG_CARTAO.cvvInvalido)).toBeInTheDocument();
    cvv.emitir('validityChange', { field: 'securityCode', ...valido });
    await waitFor(() => expect(screen.queryByText(MSG_CARTAO.cvvInvalido)).toBeNull());
  });

  it('the brand comes from binChange; debit takes only Mastercard and Visa', async () => {
    const mp = sdkFake();
    const { unmount } = renderWithProviders(<Harness debito />);
    await waitFor(() => expect(mp.montado('cardNumber')).toBeDefined());
    const numero = mp.montado('cardNumber')!;
    numero.emitir('binChange', { field: 'cardNumber', bin: '37828224' });
    expect(await screen.findByText('Bandeira: American Express')).toBeInTheDocument();
    numero.emitir('validityChange', { field: 'cardNumber', ...valido });
    numero.emitir('blur', { field: 'cardNumber' });
    expect(await screen.findByText(MSG_CARTAO.debitoSomenteMasterVisa)).toHaveAttribute('role', 'alert');
    numero.emitir('binChange', { field: 'cardNumber', bin: '52000000' });
    expect(await screen.findByText('Bandeira: Mastercard')).toBeInTheDocument();
    expect(screen.queryByText(MSG_CARTAO.debitoSomenteMasterVisa)).toBeNull();
    // The CVV's length follows the brand.
    expect(mp.montado('securityCode')!.updates).toContainEqual({
      settings: { mode: 'mandatory', length: 3 },
    });
    unmount();
    // Leaving unmounts every frame.
    expect(mp.campos.every((c) => c.iframe === null)).toBe(true);
  });

  it('validar: every error shown, the first invalid frame focused; then the card without number or CVV', async () => {
    const user = userEvent.setup();
    const mp = sdkFake();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(mp.montado('securityCode')).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'validar' }));
    for (const msg of [
      MSG_CARTAO.numeroTamanho,
      MSG_CARTAO.mesObrigatorio,
      MSG_CARTAO.cvvInvalido,
      MSG_CARTAO.titularObrigatorio,
      MSG_CARTAO.cnpjoucpfInvalido,
    ]) {
      expect(await screen.findByText(msg)).toHaveAttribute('role', 'alert');
    }
    expect(document.activeElement).toBe(mp.montado('cardNumber')!.iframe);
    expect(screen.getByTestId('dados')).toHaveTextContent('null');

    mp.montado('cardNumber')!.emitir('binChange', { field: 'cardNumber', bin: '42356477' });
    for (const t of ['cardNumber', 'expirationDate', 'securityCode'] as const) {
      mp.montado(t)!.emitir('validityChange', { field: t, ...valido });
    }
    await user.type(screen.getByRole('textbox', { name: /Nome do titular/ }), 'APRO');
    await user.type(screen.getByRole('textbox', { name: /CPF ou CNPJ/ }), '52998224725');
    await user.click(screen.getByRole('checkbox', { name: /Salvar cartão/ }));
    await user.click(screen.getByRole('button', { name: 'validar' }));
    expect(JSON.parse(screen.getByTestId('dados').textContent ?? '')).toEqual({
      seguro: true,
      bandeira: 'Visa',
      titular: 'APRO',
      cnpjoucpf: '52998224725',
      salvar: true,
    });
    await user.click(screen.getByRole('button', { name: 'tokenizar' }));
    await waitFor(() => expect(screen.getByTestId('token')).toHaveTextContent('tok-0123456789'));
    expect(mp.createCardToken).toHaveBeenCalledWith({
      cardholderName: 'APRO',
      identificationType: 'CPF',
      identificationNumber: '52998224725',
    });
  });

  it('limpar makes the frames again, empty', async () => {
    const user = userEvent.setup();
    const mp = sdkFake();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(mp.montado('cardNumber')).toBeDefined());
    const antes = mp.montado('cardNumber');
    await user.click(screen.getByRole('button', { name: 'limpar' }));
    await waitFor(() => expect(mp.montado('cardNumber')).not.toBe(antes));
    expect(antes?.iframe).toBeNull();
    expect(mp.campos.filter((c) => c.iframe !== null).map((c) => c.tipo)).toEqual([
      'cardNumber',
      'expirationDate',
      'securityCode',
    ]);
  });
});

describe('CvvMercadoPago: a saved card asks its CVV', () => {
  function Salvo() {
    const seguro = useCamposMercadoPago(CONTA, { debito: false, perfil: false });
    const [token, setToken] = useState('');
    return (
      <>
        <CvvMercadoPago campos={seguro} />
        <button
          type="button"
          onClick={() => {
            if (seguro.validar(['securityCode']) === null)
              void seguro.tokenizar({ cardId: '9911' }).then((t) => setToken(t.id));
          }}
        >
          pagar
        </button>
        <output data-testid="token">{token}</output>
      </>
    );
  }

  it('mounts only the CVV frame and tokenises with the cardId once it is valid', async () => {
    const user = userEvent.setup();
    const mp = sdkFake(async () => ({ id: 'tok-salvo-0123456' }));
    renderWithProviders(<Salvo />);
    await waitFor(() => expect(mp.montado('securityCode')).toBeDefined());
    expect(mp.campos.map((c) => c.tipo)).toEqual(['securityCode']);
    expect(screen.getByTitle('CVV').tagName).toBe('IFRAME');
    await user.click(screen.getByRole('button', { name: 'pagar' }));
    expect(await screen.findByText(MSG_CARTAO.cvvInvalido)).toHaveAttribute('role', 'alert');
    expect(mp.createCardToken).not.toHaveBeenCalled();
    mp.montado('securityCode')!.emitir('validityChange', { field: 'securityCode', ...valido });
    await user.click(screen.getByRole('button', { name: 'pagar' }));
    await waitFor(() => expect(screen.getByTestId('token')).toHaveTextContent('tok-salvo-0123456'));
    expect(mp.createCardToken).toHaveBeenCalledWith({ cardId: '9911' });
  });
});
