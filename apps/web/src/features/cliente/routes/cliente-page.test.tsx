import { cleanNotifications } from '@mantine/notifications';
import { MSG_CONTA, type Cliente } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { makeEndereco, mockApi, on } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import LogoutPage from '../../conta/routes/logout-page.tsx';
import ClientePage from './cliente-page.tsx';

const cliente: Cliente = {
  id: 3,
  nomeourazaosocial: 'Ana Souza',
  cnpjoucpf: '12345678901',
  email: 'ana@example.com',
  telefone: '11987654321',
  clienteendereco_set: [],
};

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});

afterEach(() => {
  act(() => {
    cleanNotifications();
    clearSession();
  });
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderWithProviders({ '*': <ClientePage /> }, { route: '/cliente', notifications: true, location: true });

function Voltar() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      voltar
    </button>
  );
}

/** /anterior → /cliente, with the real logout page, its notice and a Back button. */
function renderDeletion() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/cliente" element={<ClientePage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/anterior" element={<p>anterior</p>} />
        <Route path="/" element={<p>início</p>} />
      </Routes>
      <Voltar />
    </>,
    { route: '/cliente', history: ['/anterior'], notifications: true },
  );
}

describe('/cliente, Dados do cadastro', () => {
  it('shows the masked data with a read-only e-mail and updates with PATCH', async () => {
    const { calls } = mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      on('GET', '/controle/endereco/', 200, []),
      on('PATCH', '/controle/cliente/3/', 200, cliente),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('textbox', { name: /CPF/ })).toHaveValue('123.456.789-01');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Telefone/ })).toHaveValue('(11) 98765-4321');
    expect(screen.getByText('Você ainda não tem endereços cadastrados.')).toBeInTheDocument();
    const nome = screen.getByRole('textbox', { name: /Nome/ });
    await user.clear(nome);
    await user.type(nome, 'Ana S.');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(MSG_CONTA.dadosAtualizados)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      nomeourazaosocial: 'Ana S.',
      cnpjoucpf: '12345678901',
      telefone: '11987654321',
    });
  });

  it('keeps the form and its unsaved edits when a background refetch fails', async () => {
    let falhar = false;
    mockApi(
      (call) =>
        call.method === 'GET' && call.path === '/controle/cliente/'
          ? falhar
            ? { status: 500, body: { detail: 'erro' } }
            : { status: 200, body: [cliente] }
          : undefined,
      (call) =>
        call.method === 'GET' && call.path === '/controle/endereco/'
          ? falhar
            ? { status: 500, body: { detail: 'erro' } }
            : { status: 200, body: [makeEndereco()] }
          : undefined,
    );
    const user = userEvent.setup();
    const { queryClient } = renderPage();
    const nome = await screen.findByRole('textbox', { name: /Nome/ });
    expect(await screen.findByText(/Rua Haddock Lobo/)).toBeInTheDocument();
    await user.clear(nome);
    await user.type(nome, 'Ana Editada');
    falhar = true;
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(queryClient.getQueryState(['cliente'])?.status).toBe('error'));
    expect(queryClient.getQueryState(['enderecos'])?.status).toBe('error');
    expect(screen.getByRole('textbox', { name: /Nome/ })).toHaveValue('Ana Editada');
    expect(screen.getByText(/Rua Haddock Lobo/)).toBeInTheDocument();
    expect(screen.queryByText(MSG_CONTA.erroObterDados)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG_CONTA.erroObterEndereco)).not.toBeInTheDocument();
  });

  it('refuses a short CPF and an empty or short phone with the spec messages', async () => {
    const { calls } = mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      on('GET', '/controle/endereco/', 200, []),
    );
    const user = userEvent.setup();
    renderPage();
    const cpf = await screen.findByRole('textbox', { name: /CPF/ });
    await user.clear(cpf);
    await user.type(cpf, '123456');
    const telefone = screen.getByRole('textbox', { name: /Telefone/ });
    await user.clear(telefone);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(screen.getByText(MSG_CONTA.cpfInvalido)).toBeInTheDocument();
    expect(screen.getByText('Telefone é obrigatório')).toBeInTheDocument();
    await user.type(telefone, '119876');
    await user.tab();
    expect(
      screen.getByText('Telefone deve ter o DDD e 8 dígitos (fixo) ou 9 dígitos (celular)!'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('says when the update fails', async () => {
    mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      on('GET', '/controle/endereco/', 200, []),
      on('PATCH', '/controle/cliente/3/', 500, {}),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(MSG_CONTA.erroAtualizarDados)).toBeInTheDocument();
  });

  it('deletes the account after a confirmation, then replaces the page with /logout: one notice', async () => {
    const { calls } = mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      on('GET', '/controle/endereco/', 200, []),
      on('DELETE', '/controle/cliente/3/', 204),
    );
    const user = userEvent.setup();
    renderDeletion();
    await user.click(await screen.findByRole('button', { name: 'Excluir Conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir Conta' });
    expect(within(dialog).getByText('Esta ação não pode ser desfeita.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await screen.findByText('início')).toBeInTheDocument();
    expect(screen.getByText(MSG_CONTA.contaExcluida)).toBeInTheDocument();
    expect(screen.queryByText(MSG_CONTA.logout)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/controle/cliente/3/']);
    // Back leads to the page before /cliente, not to the deleted account's page.
    await user.click(screen.getByRole('button', { name: 'voltar' }));
    expect(await screen.findByText('anterior')).toBeInTheDocument();
  });

  it('a refused deletion says so and stays', async () => {
    mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      on('GET', '/controle/endereco/', 200, []),
      on('DELETE', '/controle/cliente/3/', 500, {}),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir Conta' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
    expect(await screen.findByText(MSG_CONTA.erroExcluirConta)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cliente');
  });

  it('a failed customer fetch shows the spec text', async () => {
    mockApi(on('GET', '/controle/cliente/', 500, {}), on('GET', '/controle/endereco/', 200, []));
    renderPage();
    expect(await screen.findByText(MSG_CONTA.erroObterDados)).toBeInTheDocument();
  });
});

describe('/cliente, Endereços', () => {
  it('lists the addresses and deletes one after a confirmation (the chosen one is cleared)', async () => {
    act(() =>
      setEnderecoEscolhido({
        id: 7,
        cep: '01414-001',
        rua: 'Rua Haddock Lobo',
        numero: '595',
        bairro: 'Cerqueira César',
        cidade: 'São Paulo',
        uf: 'SP',
      }),
    );
    let lista = [makeEndereco()];
    const { calls } = mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      (c) =>
        c.method === 'GET' && c.path === '/controle/endereco/' ? { status: 200, body: lista } : undefined,
      (c) => {
        if (c.method !== 'DELETE' || c.path !== '/controle/endereco/7/') return undefined;
        lista = [];
        return { status: 204 };
      },
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir Rua Haddock Lobo, 595' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir endereço' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_CONTA.enderecoRemovido)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/controle/endereco/7/')).toBe(true);
    expect(getEnderecoEscolhido()).toBeNull();
    expect(await screen.findByText('Você ainda não tem endereços cadastrados.')).toBeInTheDocument();
  });

  it('a refused deletion says so', async () => {
    mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      on('GET', '/controle/endereco/', 200, [makeEndereco()]),
      on('DELETE', '/controle/endereco/7/', 500, {}),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Excluir Rua Haddock Lobo, 595' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_CONTA.erroExcluirEndereco)).toBeInTheDocument();
  });

  it('edits an address with PUT through the wizard', async () => {
    const { calls } = mockApi(
      on('GET', '/controle/cliente/', 200, [cliente]),
      on('GET', '/controle/endereco/', 200, [makeEndereco()]),
      on('PUT', '/controle/endereco/7/', 200, makeEndereco({ numero: '600' })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Rua Haddock Lobo, 595' }));
    expect(screen.getByRole('textbox', { name: /CEP/ })).toHaveValue('01414-001');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    const numero = await screen.findByRole('textbox', { name: /Número/ });
    await user.clear(numero);
    await user.type(numero, '600');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(MSG_CONTA.enderecoSalvo)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ numero: '600', idtipoendereco: 1 });
    // An edited address's CEP is known: no lookup.
    expect(calls.some((c) => c.path.startsWith('/api/cep/'))).toBe(false);
  });

  it('a failed list fetch shows the spec text', async () => {
    mockApi(on('GET', '/controle/cliente/', 200, [cliente]), on('GET', '/controle/endereco/', 500, {}));
    renderPage();
    expect(await screen.findByText(MSG_CONTA.erroObterEndereco)).toBeInTheDocument();
  });
});
