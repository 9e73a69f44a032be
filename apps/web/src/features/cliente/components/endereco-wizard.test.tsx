import { cleanNotifications } from '@mantine/notifications';
import { MSG_CONTA } from '@rango/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CEP_HADDOCK, mockApi, on } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EnderecoWizard } from './endereco-wizard.tsx';

afterEach(() => {
  act(() => cleanNotifications());
  vi.unstubAllGlobals();
});

function setup() {
  const onSubmit = vi.fn(async () => {});
  renderWithProviders(
    { '*': <EnderecoWizard onSubmit={onSubmit} /> },
    { notifications: true, location: true },
  );
  return { onSubmit, user: userEvent.setup() };
}

const cep = () => screen.getByRole('textbox', { name: /CEP/ });

/** CEP lookups answered only when the test says so (`answer(cep, body)`), in any order. */
function deferredCep() {
  const pending = new Map<string, (r: Response) => void>();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          pending.set(url.replace(/^.*\/api\/cep\/(\d+)\/$/, '$1'), resolve);
        }),
    ),
  );
  return async (cepDigits: string, body: unknown) => {
    await waitFor(() => expect(pending.has(cepDigits)).toBe(true));
    await act(async () => {
      pending.get(cepDigits)?.(new Response(JSON.stringify(body), { status: 200 }));
      await new Promise((r) => setTimeout(r, 0));
    });
  };
}

describe('EnderecoWizard', () => {
  it('masks the CEP and keeps it to 9 characters', async () => {
    mockApi(on('GET', '/api/cep/01414001/', 200, CEP_HADDOCK));
    const { user } = setup();
    await user.type(cep(), '014140019999');
    expect(cep()).toHaveValue('01414-001');
    expect(cep()).toHaveAttribute('maxLength', '9');
  });

  it('looks the CEP up on leaving the field and fills rua, bairro, cidade and uf', async () => {
    const { calls } = mockApi(on('GET', '/api/cep/01414001/', 200, CEP_HADDOCK));
    const { user } = setup();
    await user.type(cep(), '01414001');
    await user.tab();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/cep/01414001/')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByRole('textbox', { name: /Rua/ })).toHaveValue('Rua Haddock Lobo');
    expect(screen.getByRole('textbox', { name: /Bairro/ })).toHaveValue('Cerqueira César');
    expect(screen.getByRole('textbox', { name: /Cidade/ })).toHaveValue('São Paulo');
    expect(screen.getByRole('textbox', { name: /UF/ })).toHaveValue('SP');
    expect(screen.getByRole('textbox', { name: 'Referência' })).toBeInTheDocument();
    // One lookup: 'Próximo' reuses the answer to the blur's.
    expect(calls.filter((c) => c.path.startsWith('/api/cep/'))).toHaveLength(1);
  });

  it('warns about an unknown CEP and resets the form', async () => {
    mockApi(on('GET', '/api/cep/99999999/', 200, { erro: true }));
    const { user } = setup();
    await user.type(cep(), '99999999');
    await user.tab();
    expect(await screen.findByText(MSG_CONTA.cepNaoEncontrado('99999-999'))).toBeInTheDocument();
    expect(cep()).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByText('Campo obrigatório.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Rua/ })).not.toBeInTheDocument();
  });

  it.each([
    ['an older not-found answer does not reset the form', { erro: true }],
    [
      'an older found answer does not overwrite the newer CEP',
      { ...CEP_HADDOCK, cep: '99999-999', logradouro: 'Rua Antiga' },
    ],
  ])('%s', async (_name, olderAnswer) => {
    const answer = deferredCep();
    const { user } = setup();
    await user.type(cep(), '99999999');
    await user.tab();
    await user.clear(cep());
    await user.type(cep(), '01414001');
    await user.tab();
    await answer('01414001', CEP_HADDOCK);
    await answer('99999999', olderAnswer);
    expect(screen.queryByText(MSG_CONTA.cepNaoEncontrado('99999-999'))).not.toBeInTheDocument();
    expect(cep()).toHaveValue('01414-001');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByRole('textbox', { name: /Rua/ })).toHaveValue('Rua Haddock Lobo');
  });

  it('shows the spec messages word for word and sends a full state name as its sigla', async () => {
    mockApi(on('GET', '/api/cep/01414001/', 200, { ...CEP_HADDOCK, logradouro: '', bairro: '', uf: '' }));
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obrigatório.');
    await user.type(cep(), '01414001');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await screen.findByRole('textbox', { name: /Rua/ });
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'Campo obrigatório.',
      'Campo obrigatório.',
      'Campo obrigatório.',
      'Campo obrigatório.',
    ]);
    await user.type(screen.getByRole('textbox', { name: /UF/ }), 'XYZ');
    await user.tab();
    expect(screen.getByText('Sigla da UF deve ter duas letras')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /UF/ }));
    await user.type(screen.getByRole('textbox', { name: /UF/ }), 'São Paulo');
    await user.type(screen.getByRole('textbox', { name: /Rua/ }), 'Rua Haddock Lobo');
    await user.type(screen.getByRole('textbox', { name: /Número/ }), '595');
    await user.type(screen.getByRole('textbox', { name: /Bairro/ }), 'Cerqueira César');
    await user.type(screen.getByRole('textbox', { name: 'Referência' }), 'Portão azul');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        cep: '01414-001',
        rua: 'Rua Haddock Lobo',
        numero: '595',
        bairro: 'Cerqueira César',
        cidade: 'São Paulo',
        uf: 'SP',
        detalhe: 'Portão azul',
      }),
    );
  });

  it('goes back with Anterior, keeping the CEP', async () => {
    mockApi(on('GET', '/api/cep/01414001/', 200, CEP_HADDOCK));
    const { user } = setup();
    await user.type(cep(), '01414001{Enter}');
    await screen.findByRole('textbox', { name: /Rua/ });
    expect(screen.getByRole('textbox', { name: /Número/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(cep()).toHaveValue('01414-001');
    expect(cep()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeInTheDocument();
  });
});
