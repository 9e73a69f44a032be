import { cleanNotifications } from '@mantine/notifications';
import { MSG_CONTA } from '@rango/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { CEP_HADDOCK, makeEndereco, mockApi, on } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EnderecoSelectorModal } from './endereco-selector-modal.tsx';

afterEach(() => {
  act(() => {
    cleanNotifications();
    clearSession();
  });
  vi.unstubAllGlobals();
});

const renderModal = () =>
  renderWithProviders(
    { '*': <EnderecoSelectorModal opened onClose={() => {}} /> },
    { notifications: true, location: true },
  );

describe('EnderecoSelectorModal, visitor', () => {
  it('sets a local address through the wizard (geocoded, stored only locally) and clears it', async () => {
    const { calls } = mockApi(
      on('GET', '/api/cep/01414001/', 200, CEP_HADDOCK),
      on('GET', /^\/api\/geocode\/\?/, 200, { latitude: -23.56, longitude: -46.66 }),
    );
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByText(MSG_CONTA.escolhaEndereco)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Informar endereço' }));
    await user.type(screen.getByRole('textbox', { name: /CEP/ }), '01414001{Enter}');
    await user.type(await screen.findByRole('textbox', { name: /Número/ }), '595');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(MSG_CONTA.enderecoSalvo)).toBeInTheDocument();
    expect(screen.getByText('Rua Haddock Lobo, 595')).toBeInTheDocument();
    expect(getEnderecoEscolhido()).toMatchObject({
      rua: 'Rua Haddock Lobo',
      numero: '595',
      uf: 'SP',
      latitude: -23.56,
      longitude: -46.66,
    });
    expect(getEnderecoEscolhido()?.id).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('endereco') ?? 'null')).toMatchObject({ numero: '595' });
    const geocode = calls.find((c) => c.path.startsWith('/api/geocode/'));
    expect(geocode?.path).toContain('rua=Rua+Haddock+Lobo&numero=595');
    expect(calls.some((c) => c.path.startsWith('/controle/endereco/'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(getEnderecoEscolhido()).toBeNull();
    expect(localStorage.getItem('endereco')).toBeNull();
    expect(screen.getByRole('button', { name: 'Informar endereço' })).toBeInTheDocument();
  });

  it('a geocoding failure shows the spec message and clears the address', async () => {
    act(() => setEnderecoEscolhido({ ...CEP_HADDOCK, rua: 'Rua Velha', numero: '1', cidade: 'São Paulo' }));
    mockApi(
      on('GET', '/api/cep/01414001/', 200, CEP_HADDOCK),
      on('GET', /^\/api\/geocode\/\?/, 404, { detail: 'Endereço não localizado.' }),
    );
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Alterar endereço' }));
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(MSG_CONTA.erroLocalizarEndereco)).toBeInTheDocument();
    expect(getEnderecoEscolhido()).toBeNull();
  });
});

describe('EnderecoSelectorModal, logged in', () => {
  it('lists the saved addresses and chooses one (a saved point needs no geocoding)', async () => {
    act(() => setTokens({ access: 'a', refresh: 'r' }));
    const { calls } = mockApi(
      on('GET', '/controle/endereco/', 200, [
        makeEndereco(),
        makeEndereco({ id: 8, rua: 'Rua Augusta', numero: '10', latitude: null, longitude: null }),
      ]),
      on('GET', /^\/api\/geocode\/\?/, 404, { detail: 'Endereço não localizado.' }),
    );
    const user = userEvent.setup();
    renderModal();
    const haddock = await screen.findByRole('radio', { name: /Rua Haddock Lobo, 595/ });
    await user.click(haddock);
    await waitFor(() => expect(getEnderecoEscolhido()).toMatchObject({ id: 7, cidade: 'São Paulo' }));
    expect(haddock).toBeChecked();
    expect(calls.some((c) => c.path.startsWith('/api/geocode/'))).toBe(false);

    // Arrow keys move the choice (radio semantics); this one has no point and the geocoder fails.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText(MSG_CONTA.erroLocalizarEndereco)).toBeInTheDocument();
    expect(getEnderecoEscolhido()).toBeNull();
    expect(screen.getByRole('button', { name: 'Editar Rua Augusta, 10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo endereço' })).toBeInTheDocument();
  });

  it('saves a new address on the server and chooses it', async () => {
    act(() => setTokens({ access: 'a', refresh: 'r' }));
    const { calls } = mockApi(
      on('GET', '/controle/endereco/', 200, []),
      on('GET', '/api/cep/01414001/', 200, CEP_HADDOCK),
      on('POST', '/controle/endereco/', 201, makeEndereco({ id: 9 })),
    );
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Novo endereço' }));
    await user.type(screen.getByRole('textbox', { name: /CEP/ }), '01414001{Enter}');
    await user.type(await screen.findByRole('textbox', { name: /Número/ }), '595');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(MSG_CONTA.enderecoSalvo)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
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
    await waitFor(() => expect(getEnderecoEscolhido()?.id).toBe(9));
  });

  it('a refused save shows the server non_field_errors one per line, else the spec text', async () => {
    act(() => setTokens({ access: 'a', refresh: 'r' }));
    mockApi(
      on('GET', '/controle/endereco/', 200, []),
      on('GET', '/api/cep/01414001/', 200, CEP_HADDOCK),
      on('POST', '/controle/endereco/', 400, { non_field_errors: ['Cidade inválida.', 'Bairro inválido.'] }),
    );
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Novo endereço' }));
    await user.type(screen.getByRole('textbox', { name: /CEP/ }), '01414001{Enter}');
    await user.type(await screen.findByRole('textbox', { name: /Número/ }), '595');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(/Cidade inválida\.\s+Bairro inválido\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeInTheDocument();
  });

  it('a failed list fetch says so', async () => {
    act(() => setTokens({ access: 'a', refresh: 'r' }));
    mockApi(on('GET', '/controle/endereco/', 500, {}));
    renderModal();
    expect(await screen.findByText(MSG_CONTA.erroObterEndereco)).toBeInTheDocument();
  });
});

describe('EnderecoSelectorModal, focus stays in the dialog when its content switches', () => {
  const focusInDialog = () => {
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  };

  it('visitor: Informar endereço → CEP, Cancelar → the main button, Limpar → Informar endereço', async () => {
    act(() => setEnderecoEscolhido({ ...CEP_HADDOCK, rua: 'Rua Velha', numero: '1', cidade: 'São Paulo' }));
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Alterar endereço' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /CEP/ })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alterar endereço' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(screen.getByRole('button', { name: 'Informar endereço' })).toHaveFocus();
    focusInDialog();
    await user.click(screen.getByRole('button', { name: 'Informar endereço' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /CEP/ })).toHaveFocus());
  });

  it('customer: Novo endereço and Editar → CEP, Cancelar → the chosen address', async () => {
    act(() => setTokens({ access: 'a', refresh: 'r' }));
    mockApi(
      on('GET', '/controle/endereco/', 200, [
        makeEndereco(),
        makeEndereco({ id: 8, rua: 'Rua Augusta', numero: '10' }),
      ]),
    );
    act(() =>
      setEnderecoEscolhido({ ...CEP_HADDOCK, id: 8, rua: 'Rua Augusta', numero: '10', cidade: 'São Paulo' }),
    );
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Novo endereço' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /CEP/ })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Rua Augusta, 10/ })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Editar Rua Haddock Lobo, 595' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /CEP/ })).toHaveFocus());
    focusInDialog();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Rua Augusta, 10/ })).toHaveFocus());
    focusInDialog();
  });
});
