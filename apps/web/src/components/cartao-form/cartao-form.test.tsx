import { MSG_CARTAO } from '@rango/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { CartaoForm } from './cartao-form.tsx';
import { useCartaoForm, type CartaoDados, type UseCartaoFormOptions } from './use-cartao-form.ts';

const ANO = new Date().getFullYear();

/** The form as a caller uses it: the hook, the fields, a button that asks for the data. */
function Harness({
  opcoes = {},
  mostrarSalvar = false,
}: {
  opcoes?: UseCartaoFormOptions;
  mostrarSalvar?: boolean;
}) {
  const [debito, setDebito] = useState(opcoes.debito ?? false);
  const cartao = useCartaoForm({ ...opcoes, debito });
  const [dados, setDados] = useState<CartaoDados | null | undefined>(undefined);
  return (
    <>
      <CartaoForm cartao={cartao} mostrarSalvar={mostrarSalvar} />
      <button type="button" onClick={() => setDebito((d) => !d)}>
        alternar débito
      </button>
      <button type="button" onClick={() => setDados(cartao.validar())}>
        validar
      </button>
      <button type="button" onClick={() => cartao.limpar()}>
        limpar
      </button>
      <output data-testid="dados">{dados === undefined ? '' : JSON.stringify(dados)}</output>
    </>
  );
}

const numero = () => screen.getByLabelText(/Número do cartão/);

async function preencher(user: ReturnType<typeof userEvent.setup>, num = '4111111111111111') {
  await user.type(numero(), num);
  await user.selectOptions(screen.getByLabelText(/Mês/), '12');
  await user.selectOptions(screen.getByLabelText(/Ano/), String(ANO + 1));
  await user.type(screen.getByLabelText(/CVV/), '123');
  await user.type(screen.getByLabelText(/Nome do titular/), 'MARIA DA SILVA');
  await user.type(screen.getByLabelText(/CPF ou CNPJ/), '12345678901');
}

describe('CartaoForm', () => {
  it('formats the number and shows the brand it derives', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(numero()).toHaveAccessibleDescription(/Aceitamos Visa, Mastercard/);
    expect(numero()).not.toHaveAccessibleDescription(/Discover/);
    await user.type(numero(), '5555555555554444');
    expect(numero()).toHaveValue('5555 5555 5555 4444');
    expect(numero()).toHaveAccessibleDescription('Bandeira: Mastercard');
  });

  it('is made for phones and autofill', () => {
    renderWithProviders(<Harness />);
    expect(numero()).toHaveAttribute('inputmode', 'numeric');
    expect(numero()).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText(/Mês/)).toHaveAttribute('autocomplete', 'cc-exp-month');
    expect(screen.getByLabelText(/Ano/)).toHaveAttribute('autocomplete', 'cc-exp-year');
    expect(screen.getByLabelText(/Nome do titular/)).toHaveAttribute('autocomplete', 'cc-name');
    expect(screen.getByLabelText(/CVV/)).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByLabelText(/CVV/)).toHaveAttribute('inputmode', 'numeric');
  });

  it('offers this year and the next 19', () => {
    renderWithProviders(<Harness />);
    const anos = Array.from(screen.getByLabelText<HTMLSelectElement>(/Ano/).options)
      .map((o) => o.value)
      .filter(Boolean);
    expect(anos).toHaveLength(20);
    expect(anos[0]).toBe(String(ANO));
    expect(anos.at(-1)).toBe(String(ANO + 19));
  });

  it('judges a field when it is left, with alerts', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(numero(), '4111');
    await user.tab();
    expect(await screen.findByText(MSG_CARTAO.numeroTamanho)).toHaveAttribute('role', 'alert');
    await user.clear(numero());
    await user.type(numero(), '4111111111111112');
    await user.tab();
    expect(await screen.findByText(MSG_CARTAO.numeroInvalido)).toHaveAttribute('role', 'alert');
    await user.type(screen.getByLabelText(/CPF ou CNPJ/), '1234');
    await user.tab();
    expect(await screen.findByText('O campo precisa ter 11 ou 14 dígitos.')).toHaveAttribute('role', 'alert');
  });

  it('on validar shows every error, focuses the number and answers null', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'validar' }));
    for (const msg of [
      'Digite um número de 14 à 16 dígitos.',
      'Informe o mês.',
      'Informe o ano.',
      MSG_CARTAO.cvvInvalido,
      MSG_CARTAO.titularObrigatorio,
      'O campo precisa ter 11 ou 14 dígitos.',
    ]) {
      expect(screen.getByText(msg)).toHaveAttribute('role', 'alert');
    }
    expect(numero()).toHaveFocus();
    expect(screen.getByTestId('dados')).toHaveTextContent('null');
  });

  it('answers the card as digits, MM/YYYY and its brand', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness opcoes={{ inicial: { titular: '' } }} mostrarSalvar />);
    await preencher(user);
    await user.click(screen.getByRole('checkbox', { name: /Salvar cartão/ }));
    await user.click(screen.getByRole('button', { name: 'validar' }));
    expect(JSON.parse(screen.getByTestId('dados').textContent ?? '')).toEqual({
      numero: '4111111111111111',
      cvv: '123',
      bandeira: 'Visa',
      titular: 'MARIA DA SILVA',
      cnpjoucpf: '12345678901',
      expiracao: `12/${ANO + 1}`,
      salvar: true,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("offers 'Salvar cartão' only when asked", () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('checkbox', { name: /Salvar cartão/ })).toBeNull();
  });

  it('debit takes only Mastercard and Visa, and a switch judges the number again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness opcoes={{ debito: true }} />);
    expect(numero()).toHaveAccessibleDescription('Aceitamos Visa, Mastercard.');
    await user.type(numero(), '378282246310005');
    await user.tab();
    expect(await screen.findByText(MSG_CARTAO.debitoSomenteMasterVisa)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'alternar débito' }));
    expect(screen.queryByText(MSG_CARTAO.debitoSomenteMasterVisa)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'alternar débito' }));
    expect(await screen.findByText(MSG_CARTAO.debitoSomenteMasterVisa)).toBeInTheDocument();
  });

  it('accepts Discover only in the profile', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Harness />);
    await user.type(numero(), '6011111111111117');
    await user.tab();
    expect(await screen.findByText(MSG_CARTAO.bandeiraNaoAceita)).toBeInTheDocument();
    unmount();
    renderWithProviders(<Harness opcoes={{ perfil: true }} />);
    await preencher(user, '6011111111111117');
    await user.click(screen.getByRole('button', { name: 'validar' }));
    expect(screen.getByTestId('dados')).toHaveTextContent('"bandeira":"Discover"');
  });

  it('tells an expired month once the year is known', async () => {
    const user = userEvent.setup();
    // January of this year is past from February on; in January, December of last year is not
    // offered at all, so the case needs a month before the current one.
    const mesAtual = new Date().getMonth() + 1;
    if (mesAtual === 1) return;
    renderWithProviders(<Harness />);
    await user.selectOptions(screen.getByLabelText(/Mês/), '01');
    await user.tab();
    await user.selectOptions(screen.getByLabelText(/Ano/), String(ANO));
    expect(await screen.findByText(MSG_CARTAO.cartaoVencido)).toHaveAttribute('role', 'alert');
    await user.selectOptions(screen.getByLabelText(/Ano/), String(ANO + 1));
    expect(screen.queryByText(MSG_CARTAO.cartaoVencido)).toBeNull();
  });

  it('keeps number and CVV out of storage, and limpar forgets them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await preencher(user);
    const guardado = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(guardado).not.toContain('4111');
    await user.click(screen.getByRole('button', { name: 'limpar' }));
    expect(numero()).toHaveValue('');
    expect(screen.getByLabelText(/CVV/)).toHaveValue('');
    expect(screen.getByLabelText(/Nome do titular/)).toHaveValue('MARIA DA SILVA');
  });
});
