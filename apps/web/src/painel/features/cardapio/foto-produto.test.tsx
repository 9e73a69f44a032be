import { MSG_CATALOGO } from '@rango/domain/painel/catalogo';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';
import { CARDAPIO } from './testing/fixtures.ts';

const BASE = '/painel/estabelecimento/1';
const COMBO = CARDAPIO.categorias[1]!.produtos[0]!;
const URL_FOTO = '/api/ead/media/produtos/abc123.webp';
const COM_FOTO = {
  ...CARDAPIO,
  categorias: CARDAPIO.categorias.map((c) => ({
    ...c,
    produtos: c.produtos.map((p) => (p.idproduto === 20 ? { ...p, imagem: URL_FOTO } : p)),
  })),
};

beforeEach(() => {
  setStaffTokens({ access: 'a1', refresh: 'r1' });
  // jsdom has no object URLs: the local preview gets a stand-in.
  URL.createObjectURL = vi.fn(() => 'blob:previa');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearStaffSession();
});

const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'pizza.jpg', { type: 'image/jpeg' });
const campoFoto = () => screen.findByLabelText(/Escolher foto|Trocar foto/);

describe('the product photo', () => {
  it('sends the chosen photo by itself and shows the saved one in the editor and the preview', async () => {
    let servidor = CARDAPIO;
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      (c) =>
        c.method === 'GET' && c.path === `${BASE}/cardapio/` ? { status: 200, body: servidor } : undefined,
      (c) => {
        if (c.method !== 'PUT' || c.path !== `${BASE}/produtos/20/imagem/`) return undefined;
        servidor = COM_FOTO;
        return { status: 200, body: { ...COMBO, imagem: URL_FOTO } };
      },
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const foto = jpeg();
    await user.upload(await campoFoto(), foto);
    expect(await screen.findByText(/Foto salva/)).toBeInTheDocument();
    const put = m.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[1]!.body).toBe(foto);
    expect(new Headers(put[1]!.headers).get('Content-Type')).toBe('image/jpeg');
    // The editor's frame and the customer's preview show the server's photo.
    expect(screen.getByRole('img', { name: 'Foto de Combo da casa' })).toHaveAttribute('src', URL_FOTO);
    const previa = screen.getByRole('region', { name: 'Combo da casa' });
    expect(within(previa).getByRole('img', { name: 'Combo da casa' })).toHaveAttribute('src', URL_FOTO);
    // Not a change of the draft: nothing waits for 'Salvar produto'.
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Trocar foto')).toBeInTheDocument();
    await waitFor(() => expect(m.gets(`${BASE}/cardapio/`)).toBeGreaterThan(1));
  }, 60_000);

  it("shows the server's refusal on the field and keeps the photo it had", async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, COM_FOTO),
      on('PUT', `${BASE}/produtos/20/imagem/`, 400, { imagem: [MSG_CATALOGO.imagemTipo] }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const campo = await campoFoto();
    await user.upload(campo, new File(['<svg/>'], 'foto.png', { type: 'image/png' }));
    const erro = await screen.findByText(MSG_CATALOGO.imagemTipo);
    expect(erro).toHaveAttribute('role', 'alert');
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo.getAttribute('aria-describedby')).toContain(erro.id);
    expect(screen.getByRole('img', { name: 'Foto de Combo da casa' })).toHaveAttribute('src', URL_FOTO);
  }, 60_000);

  it('refuses a photo above 5 MB without sending it', async () => {
    const m = mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/cardapio/`, 200, CARDAPIO));
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const grande = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await user.upload(await campoFoto(), grande);
    expect(await screen.findByText(MSG_CATALOGO.imagemGrande)).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  }, 60_000);

  it('shows the size refusal the server answers with 413 on the field', async () => {
    mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, CARDAPIO),
      on('PUT', `${BASE}/produtos/20/imagem/`, 413, { imagem: [MSG_CATALOGO.imagemGrande] }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    await user.upload(await campoFoto(), jpeg());
    expect(await screen.findByText(MSG_CATALOGO.imagemGrande)).toHaveAttribute('role', 'alert');
  }, 60_000);

  it('offers the formats the server takes; its pixel cap and its rate limit show on the field', async () => {
    let resposta = { status: 400, body: { imagem: [MSG_CATALOGO.imagemDimensoes] } as object };
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/cardapio/`, 200, CARDAPIO), (c) =>
      c.method === 'PUT' && c.path === `${BASE}/produtos/20/imagem/` ? resposta : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    const campo = await campoFoto();
    expect(campo).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByText(/^JPEG, PNG ou WebP, até 5 MB/)).toBeInTheDocument();
    await user.upload(campo, jpeg());
    expect(await screen.findByText(MSG_CATALOGO.imagemDimensoes)).toHaveAttribute('role', 'alert');
    resposta = { status: 429, body: { detail: MSG_CATALOGO.imagemMuitas } };
    await user.upload(campo, jpeg());
    expect(await screen.findByText(MSG_CATALOGO.imagemMuitas)).toHaveAttribute('role', 'alert');
  }, 60_000);

  it('removes the photo', async () => {
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, COM_FOTO),
      on('DELETE', `${BASE}/produtos/20/imagem/`, 200, { ...COMBO, imagem: null }),
    );
    const user = userEvent.setup();
    renderPainel('/1/cardapio?produto=20');
    await user.click(await screen.findByRole('button', { name: 'Remover foto' }));
    expect(await screen.findByText('Foto removida.')).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Foto de Combo da casa' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Escolher foto')).toBeInTheDocument();
  }, 60_000);

  it('a product not saved yet says to save it first', async () => {
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/cardapio/`, 200, CARDAPIO));
    renderPainel('/1/cardapio?novo=1');
    expect(await campoFoto()).toBeDisabled();
    expect(screen.getByText('Salve o produto para enviar a foto.')).toBeInTheDocument();
  }, 60_000);
});
