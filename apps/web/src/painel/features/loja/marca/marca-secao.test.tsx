import { MSG_MARCA } from '@rango/domain/painel/marca';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../../session.ts';
import { renderPainel } from '../../../testing/render.tsx';
import { MarcaSecao } from './marca-secao.tsx';

const BASE = '/painel/estabelecimento/1/marca';
const VAZIA = { cor: null, logo: null, manifesto: '/estabelecimento/1/manifest.webmanifest' };

beforeEach(() => {
  setStaffTokens({ access: 'a1', refresh: 'r1' });
  URL.createObjectURL = vi.fn(() => 'blob:previa');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  clearStaffSession();
});

describe("the brand section of 'Loja'", () => {
  it('says why a light colour is refused as it is typed, sends none, and saves a dark one', async () => {
    const m = mockApi(
      on('GET', `${BASE}/`, 200, VAZIA),
      on('PUT', `${BASE}/`, 200, { ...VAZIA, cor: '#0b6e4f' }),
    );
    const user = userEvent.setup();
    renderPainel(<MarcaSecao idest={1} nome="Sabor da Vila" />);
    const cor = await screen.findByLabelText('Cor da marca');
    await user.type(cor, '#ffcc00');
    expect(await screen.findByRole('alert')).toHaveTextContent(/pouco contraste com o branco \(1,5:1/);
    expect(cor).toHaveAttribute('aria-invalid', 'true');
    // No white-text sample on a colour it cannot be read on.
    expect(screen.queryByText('Fazer pedido')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar cor' }));
    expect(m.fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.clear(cor);
    await user.type(cor, '#0b6e4f');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Fazer pedido')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar cor' }));
    expect(await screen.findByText('Cor salva. O cardápio já abre com ela.')).toBeInTheDocument();
    const put = m.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ cor: '#0b6e4f' });
  }, 60_000);

  it("shows the server's refusal of a logo on the field, and a logo too large before sending it", async () => {
    const m = mockApi(
      on('GET', `${BASE}/`, 200, VAZIA),
      on('PUT', `${BASE}/logo/`, 400, { logo: [MSG_MARCA.logoTipo] }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderPainel(<MarcaSecao idest={1} nome="Sabor da Vila" />);
    const campo = await screen.findByLabelText('Escolher logotipo');
    await user.upload(campo, new File(['texto'], 'logo.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_MARCA.logoTipo);
    const put = m.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(new Headers(put[1]!.headers).get('Content-Type')).toBe('application/octet-stream');
    const enorme = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    await user.upload(campo, enorme);
    expect(await screen.findByText(MSG_MARCA.logoGrande)).toBeInTheDocument();
    expect(m.fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
  }, 60_000);
});
