import { MSG_CARTAO, type CartaoSalvo, type Cliente } from '@rango/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { mockApi, on, type Call } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CartoesSection } from './cartoes-section.tsx';

const cliente: Cliente = {
  id: 3,
  nomeourazaosocial: 'Ana Souza',
  cnpjoucpf: '12345678901',
  email: 'ana@example.com',
  telefone: '11987654321',
  clienteendereco_set: [],
};

const visa: CartaoSalvo = {
  id: 1,
  token: 'tok-visa-0001',
  bandeira: 'Visa',
  numero: '************1111',
  titular: 'ANA SOUZA',
  cnpjoucpf: '12345678901',
  datahora: '2026-05-01T12:00:00.000Z',
};
const master: CartaoSalvo = {
  ...visa,
  id: 2,
  token: 'tok-master-02',
  bandeira: 'Master',
  numero: '************4444',
};

const NUMERO = '5555555555554444';
const CVV = '321';
const ANO = new Date().getFullYear() + 2;
const TOKENIZACAO = {
  provedor: 'sandbox',
  url: '/api/ead/sandbox/sop/card/',
  access_token: 'acesso-1',
  expires_in: 1200,
};

// Filling a whole card form in jsdom takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

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

const base = [on('GET', '/controle/cliente/', 200, [cliente])];

async function abrirEPreencher(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Novo cartão' }));
  const modal = await screen.findByRole('dialog', { name: 'Novo cartão' });
  const m = within(modal);
  // Pasted, not typed key by key: the same change events, a fraction of the time.
  await user.click(m.getByLabelText(/Número do cartão/));
  await user.paste(NUMERO);
  await user.selectOptions(m.getByLabelText(/Mês/), '07');
  await user.selectOptions(m.getByLabelText(/Ano/), String(ANO));
  await user.click(m.getByLabelText(/CVV/));
  await user.paste(CVV);
  await user.click(m.getByLabelText(/Nome do titular/));
  await user.paste('ANA SOUZA');
  // The customer's CPF comes filled in.
  await waitFor(() => expect(m.getByLabelText(/CPF ou CNPJ/)).toHaveValue('123.456.789-01'));
  return m;
}

const semCartao = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/controle/'));

describe('CartoesSection', () => {
  it('lists the saved cards with brand, masked number and holder; no editing', async () => {
    mockApi(...base, on('GET', '/controle/cartao/', 200, [visa, master]));
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    const itens = await screen.findAllByRole('listitem');
    expect(itens).toHaveLength(2);
    expect(within(itens[0]!).getByText('Visa')).toBeInTheDocument();
    expect(within(itens[0]!).getByText('************1111')).toBeInTheDocument();
    expect(within(itens[0]!).getByText('ANA SOUZA')).toBeInTheDocument();
    expect(within(itens[1]!).getByText('Mastercard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
  });

  it('says when there is no card, and while loading', async () => {
    mockApi(...base, on('GET', '/controle/cartao/', 200, []));
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    expect(screen.getByLabelText('Carregando cartões')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Nenhum cartão salvo.')).toBeInTheDocument();
  });

  it('a failed list fetch shows the spec text', async () => {
    mockApi(...base, on('GET', '/controle/cartao/', 500, {}));
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao tentar obter os cartões salvos.');
  });

  it('tokenises in the browser, then saves only the token; number and CVV never reach our API or the cache', async () => {
    const user = userEvent.setup();
    let lista: CartaoSalvo[] = [];
    const salvo = { ...master, id: 9, token: 'tok-novo-0009', titular: 'ANA SOUZA' };
    const { calls, fetchMock } = mockApi(
      ...base,
      (c) =>
        c.method === 'GET' && c.path === '/controle/cartao/' ? { status: 200, body: lista } : undefined,
      on('GET', '/controle/cartao/tokenizacao/', 200, TOKENIZACAO),
      on('POST', '/sandbox/sop/card/', 201, { CardToken: 'tok-novo-0009', PaymentToken: null }),
      (c) => {
        if (c.method !== 'POST' || c.path !== '/controle/cartao/') return undefined;
        lista = [salvo];
        return { status: 201, body: salvo };
      },
    );
    const { queryClient } = renderWithProviders(
      { '*': <CartoesSection /> },
      { notifications: true, location: true },
    );
    await screen.findByText('Nenhum cartão salvo.');
    const m = await abrirEPreencher(user);
    await user.click(m.getByRole('button', { name: 'Salvar cartão' }));

    expect(await screen.findByText('Cartão salvo com sucesso.')).toBeInTheDocument();
    expect(await screen.findByText('************4444')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo cartão' })).toBeNull());

    const sop = calls.find((c) => c.path === '/sandbox/sop/card/');
    expect(sop?.body).toEqual({
      AccessToken: 'acesso-1',
      HolderName: 'ANA SOUZA',
      RawNumber: NUMERO,
      Expiration: `07/${ANO}`,
      SecurityCode: CVV,
      EnableTokenize: true,
    });
    // The gateway gets neither our session token nor cookies.
    const sopInit = fetchMock.mock.calls.find(([u]) => String(u).includes('/sandbox/sop/card/'))?.[1];
    expect(new Headers(sopInit?.headers).get('authorization')).toBeNull();
    expect(sopInit?.credentials).toBe('omit');

    const post = calls.find((c) => c.method === 'POST' && c.path === '/controle/cartao/');
    expect(post?.body).toEqual({
      token: 'tok-novo-0009',
      bandeira: 'Master',
      titular: 'ANA SOUZA',
      cnpjoucpf: '12345678901',
      expiracao: `07/${ANO}`,
    });
    for (const c of semCartao(calls)) {
      expect(JSON.stringify(c.body ?? null)).not.toContain(NUMERO);
    }
    const cache = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mu) => mu.state.variables),
    ]);
    expect(cache).not.toContain(NUMERO);
    expect(cache).not.toContain(`"${CVV}"`);
    expect(JSON.stringify({ ...localStorage })).not.toContain(NUMERO);
  });

  it("a gateway refusal goes under its field, with the spec's notice; nothing is saved", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      ...base,
      on('GET', '/controle/cartao/', 200, []),
      on('GET', '/controle/cartao/tokenizacao/', 200, TOKENIZACAO),
      on('POST', '/sandbox/sop/card/', 400, [{ Code: 128, Message: 'Número do cartão inválido' }]),
    );
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    const m = await abrirEPreencher(user);
    await user.click(m.getByRole('button', { name: 'Salvar cartão' }));
    expect(await m.findByText(MSG_CARTAO.numeroInvalido)).toHaveAttribute('role', 'alert');
    expect(await screen.findByText('Erro ao tentar salvar o cartão de crédito.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/controle/cartao/')).toBe(false);
    // The form stays open with what was typed.
    expect(m.getByLabelText(/Nome do titular/)).toHaveValue('ANA SOUZA');
  });

  it('renews an expired tokenisation access token once', async () => {
    const user = userEvent.setup();
    let n = 0;
    const { calls } = mockApi(
      ...base,
      on('GET', '/controle/cartao/', 200, []),
      (c) => {
        if (c.path !== '/controle/cartao/tokenizacao/') return undefined;
        n += 1;
        return { status: 200, body: { ...TOKENIZACAO, access_token: `acesso-${n}` } };
      },
      (c) => {
        if (c.path !== '/sandbox/sop/card/') return undefined;
        const ok = (c.body as { AccessToken: string }).AccessToken === 'acesso-2';
        return ok
          ? { status: 201, body: { CardToken: 'tok-renovado-1' } }
          : { status: 400, body: [{ Code: 132, Message: 'Token de acesso inválido' }] };
      },
      on('POST', '/controle/cartao/', 201, { ...master, token: 'tok-renovado-1' }),
    );
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    const m = await abrirEPreencher(user);
    await user.click(m.getByRole('button', { name: 'Salvar cartão' }));
    expect(await screen.findByText('Cartão salvo com sucesso.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/sandbox/sop/card/')).toHaveLength(2);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/controle/cartao/')?.body).toMatchObject({
      token: 'tok-renovado-1',
    });
  });

  it('a refused save says so; a field message goes under its field', async () => {
    const user = userEvent.setup();
    mockApi(
      ...base,
      on('GET', '/controle/cartao/', 200, []),
      on('GET', '/controle/cartao/tokenizacao/', 200, TOKENIZACAO),
      on('POST', '/sandbox/sop/card/', 201, { CardToken: 'tok-x-000001' }),
      on('POST', '/controle/cartao/', 400, { cnpjoucpf: ['O campo precisa ter 11 ou 14 dígitos.'] }),
    );
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    const m = await abrirEPreencher(user);
    await user.click(m.getByRole('button', { name: 'Salvar cartão' }));
    expect(await m.findByText('O campo precisa ter 11 ou 14 dígitos.')).toHaveAttribute('role', 'alert');
    expect(await screen.findByText('Erro ao tentar salvar o cartão de crédito.')).toBeInTheDocument();
  });

  it('a server failure says the spec text', async () => {
    const user = userEvent.setup();
    mockApi(
      ...base,
      on('GET', '/controle/cartao/', 200, []),
      on('GET', '/controle/cartao/tokenizacao/', 500, {}),
    );
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    const m = await abrirEPreencher(user);
    await user.click(m.getByRole('button', { name: 'Salvar cartão' }));
    expect(await screen.findByText('Erro ao tentar salvar o cartão de crédito.')).toBeInTheDocument();
  });

  it('deletes a card after a confirmation', async () => {
    const user = userEvent.setup();
    let lista = [visa, master];
    const { calls } = mockApi(
      ...base,
      (c) =>
        c.method === 'GET' && c.path === '/controle/cartao/' ? { status: 200, body: lista } : undefined,
      (c) => {
        if (c.method !== 'DELETE') return undefined;
        lista = [master];
        return { status: 204 };
      },
    );
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    await user.click(await screen.findByRole('button', { name: 'Excluir cartão Visa ************1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir cartão' });
    expect(dialog).toHaveTextContent('Deseja excluir o cartão Visa ************1111?');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Cartão removido com sucesso.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/controle/cartao/1/');
    await waitFor(() => expect(screen.queryByText('************1111')).toBeNull());
    expect(screen.getByText('************4444')).toBeInTheDocument();
  });

  it('a refused deletion says so', async () => {
    const user = userEvent.setup();
    mockApi(
      ...base,
      on('GET', '/controle/cartao/', 200, [visa]),
      on('DELETE', '/controle/cartao/1/', 500, {}),
    );
    renderWithProviders({ '*': <CartoesSection /> }, { notifications: true, location: true });
    await user.click(await screen.findByRole('button', { name: /Excluir cartão Visa/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir cartão' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Erro ao tentar excluir o cartão.')).toBeInTheDocument();
  });
});
