import { screen, waitFor, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEndereco, mockApi, on } from '../../features/cliente/testing/mock-api.ts';
import { getEnderecoEscolhido, setEnderecoEscolhido } from '../../stores/endereco.ts';
import { openEnderecoSelector } from '../../stores/endereco-selector.ts';
import { clearSession, setTokens } from '../../stores/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AddressPicker } from './address-picker.tsx';

afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

const local = {
  cep: '01414-001',
  rua: 'Rua Haddock Lobo',
  numero: '595',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
  complemento: null,
  detalhe: null,
  latitude: -23.56,
  longitude: -46.66,
};

describe('AddressPicker', () => {
  it('shows the title without an address and the chosen address once set', async () => {
    mockApi();
    renderWithProviders(<AddressPicker />);
    expect(screen.getByRole('button', { name: 'Escolha o endereço de entrega' })).toBeInTheDocument();
    act(() => setEnderecoEscolhido(local));
    expect(screen.getByText('Rua Haddock Lobo, 595')).toBeInTheDocument();
  });

  it('opens the selector (its own chunk) on the first press', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithProviders(<AddressPicker />);
    await user.click(screen.getByRole('button', { name: 'Escolha o endereço de entrega' }));
    expect(await screen.findByRole('dialog', { name: 'Escolha o endereço de entrega' })).toBeInTheDocument();
  });

  it("opens one selector when a page asks for it (checkout's 'Escolher endereço')", async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AddressPicker />
        <AddressPicker compact />
      </>,
    );
    act(() => openEnderecoSelector());
    expect(await screen.findAllByRole('dialog', { name: 'Escolha o endereço de entrega' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('after login, saves the local address to the account once and keeps the returned id', async () => {
    act(() => setEnderecoEscolhido(local));
    const { calls } = mockApi(
      on('POST', '/controle/endereco/', 201, makeEndereco({ id: 42 })),
      on('GET', '/controle/endereco/', 200, []),
      on('GET', '/controle/cliente/', 200, []),
    );
    renderWithProviders(
      <>
        <AddressPicker />
        <AddressPicker compact />
      </>,
    );
    // A visitor's address stays local.
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    act(() => setTokens({ access: 'a', refresh: 'r' }));
    await waitFor(() => expect(getEnderecoEscolhido()?.id).toBe(42));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      cep: '01414-001',
      numero: '595',
      rua: 'Rua Haddock Lobo',
      bairro: 'Cerqueira César',
      cidade: 'São Paulo',
      uf: 'SP',
      complemento: '',
      detalhe: '',
      idtipoendereco: 1,
    });
    expect(getEnderecoEscolhido()).toMatchObject({ latitude: -23.56, numero: '595' });
  });
});
