import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup as cleanupPage, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../testing/render-page.tsx';
import * as data from '../testing/fixtures.ts';
import { buildCartItem } from '../../../lib/cart-item.ts';
import { repriceItems } from '../../../stores/cart.ts';

const carrinho = vi.hoisted(() => ({
  atual: { estabelecimento: null as { id: number } | null, itens: [] as unknown[] },
}));
vi.mock('../../../stores/cart.ts', () => ({
  useCart: () => carrinho.atual,
  requestAddItem: vi.fn(async () => true),
  editItem: vi.fn(),
  repriceItems: vi.fn(),
  useCartDrawer: () => ({ opened: false, open: () => {}, close: () => {} }),
}));

beforeEach(() => {
  fakeApi();
});
afterEach(() => {
  act(() => cleanNotifications());
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;

describe('establishment page', { timeout: 20_000 }, () => {
  it('shows the loading text, then header, groups with visible products and never hidden ones', async () => {
    renderPage();
    expect(screen.getByText('Aguarde, buscando os produtos do estabelecimento.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sabor da Vila' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Lanches' })).toBeInTheDocument();
    expect(screen.getByText('Entrega em 30–50 min')).toBeInTheDocument();
    expect(screen.getByText('Pedido mínimo R$ 20,00')).toBeInTheDocument();
    expect(screen.queryByText('FECHADO')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'X-Burguer' })).toBeInTheDocument();
    expect(screen.queryByText('Lanche Secreto')).not.toBeInTheDocument();
    expect(screen.queryByText('Só ocultos')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Categorias do cardápio' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Lanches', 'Bebidas e porções']);
  });

  it('tags offers and unavailable products on the cards', async () => {
    renderPage();
    const pao = (await screen.findByRole('heading', { name: 'Pão de Queijo' })).closest('a')!;
    expect(within(pao).getByText('OFERTA')).toBeInTheDocument();
    expect(within(pao).getByText('R$ 6,90')).toBeInTheDocument();
    expect(within(pao).getByText('R$ 8,50')).toHaveStyle({ textDecoration: 'line-through' });
    const vegano = screen.getByRole('heading', { name: 'Hambúrguer Vegano' }).closest('a')!;
    expect(within(vegano).getByText('INDISPONÍVEL')).toBeInTheDocument();
  });

  it("shows the last 90 days' rating when the detail has it (issue 22), else nothing of it", async () => {
    expect(data.detalhe.avaliacao).toBeUndefined();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Sabor da Vila' });
    expect(screen.queryByText(/avaliações/)).not.toBeInTheDocument();
    cleanupPage();
    fakeApi({ detalhe: { ...data.detalhe, avaliacao: { media: 4.2, quantidade: 12 } } });
    renderPage();
    expect(await screen.findByText('4,2 de 5 (12 avaliações)')).toBeInTheDocument();
  });

  it('shows the logo, or the initials when it has none or it does not load', async () => {
    fakeApi({ detalhe: { ...data.detalhe, logo: 'logos/vila.png' } });
    renderPage();
    const logo = await screen.findByRole('img', { name: 'Logo de Sabor da Vila' });
    expect(screen.queryByText('SA')).not.toBeInTheDocument();
    act(() => {
      logo.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('SA')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Logo de Sabor da Vila' })).not.toBeInTheDocument();
  });

  it('shows FECHADO when the store is closed', async () => {
    fakeApi({ detalhe: { ...data.detalhe, lojaaberta: false } });
    renderPage();
    expect(await screen.findByText('FECHADO')).toBeInTheDocument();
  });

  it("opens 'Mais Informações' with address, payment methods, phones and hours", async () => {
    fakeApi({
      detalhe: {
        ...data.detalhe,
        horariofuncionamento_set: [{ diadasemana: 1, abertura: '18:00:00', fechamento: '23:00:00' }],
      },
    });
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('button', { name: 'Mais Informações' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Rua das Flores, 100')).toBeInTheDocument();
    expect(screen.getByText('PIX')).toBeInTheDocument();
    expect(screen.getByText('(11) 3333-4444')).toBeInTheDocument();
    const segunda = (await screen.findByRole('rowheader', { name: 'Segunda-feira' })).closest('tr')!;
    expect(within(segunda).getByText('18:00 às 23:00')).toBeInTheDocument();
    const domingo = screen.getByRole('rowheader', { name: 'Domingo' }).closest('tr')!;
    expect(within(domingo).getByText('Fechado')).toBeInTheDocument();
  });

  it("says 'Nenhum meio de pagamento configurado.' in 'Mais Informações' without payment methods", async () => {
    fakeApi({ formasPgto: [] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mais Informações' }));
    expect(await screen.findByText('Nenhum meio de pagamento configurado.')).toBeInTheDocument();
  });

  it('searches case- and accent-insensitively and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'X-Burguer' });
    const busca = screen.getByRole('searchbox', { name: 'Buscar no cardápio' });
    expect(busca).toHaveAttribute('placeholder', 'Buscar no cardápio');
    await user.click(busca);
    await user.paste('PAO DE');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'X-Burguer' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Pão de Queijo' })).toBeInTheDocument();
    await user.clear(busca);
    await user.paste('hamburguer');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Pão de Queijo' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Hambúrguer Vegano' })).toBeInTheDocument();
    await user.clear(busca);
    await user.paste('secreto');
    expect(await screen.findByText('Nenhum produto encontrado.')).toBeInTheDocument();
    expect(screen.queryByText('Lanche Secreto')).not.toBeInTheDocument();
  });

  it('opens the drawer from a card on ?item= and Back closes it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findByRole('heading', { name: 'Pão de Queijo' })).closest('a')!);
    const drawer = await screen.findByRole('dialog', { name: 'Pão de Queijo' });
    expect(location()).toBe('/estabelecimento/1?item=2');
    expect(within(drawer).getByText('Produto sem descrição.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/estabelecimento/1');
  });

  it("an unknown or hidden ?item= says 'Produto não encontrado.' and removes the param", async () => {
    renderPage('/estabelecimento/1?item=4');
    expect(await screen.findByText('Produto não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/estabelecimento/1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'X-Burguer' })).toBeInTheDocument();
  });

  it("an unknown establishment shows 'Estabelecimento não encontrado' with the API's text and a way home", async () => {
    fakeApi({ detalhe: null });
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Estabelecimento não encontrado' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Estabelecimento não encontrado.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ir para a página inicial' }));
    expect(await screen.findByText('Página inicial')).toBeInTheDocument();
  });

  it('a malformed id never calls the API', async () => {
    renderPage('/estabelecimento/abc');
    expect(
      await screen.findByRole('heading', { name: 'Estabelecimento não encontrado' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Rota não encontrada')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('has no axe violations, with the drawer closed and open (contrast is checked in a real browser)', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'X-Burguer' });
    await user.click(screen.getByRole('button', { name: 'Mais Informações' }));
    // The shell gives the landmarks ('region'); contrast needs real layout.
    const options = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };
    const fechado = await axe.run(document.body, options);
    expect(fechado.violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('heading', { name: 'X-Burguer' }).closest('a')!);
    await screen.findByRole('dialog', { name: 'X-Burguer' });
    const aberto = await axe.run(document.body, options);
    expect(aberto.violations.map((v) => v.id)).toEqual([]);
  });

  it('virtualises a long menu and still searches all of it', async () => {
    const produtos = Array.from({ length: 400 }, (_, i) =>
      data.produto({ idproduto: 1000 + i, descricao: i === 399 ? 'Açaí Especial' : `Produto ${i}` }),
    );
    fakeApi({ menu: { grupos: [{ idgrupo: 1, descricao: 'Tudo', produtos }] } });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Produto 0' });
    expect(document.querySelectorAll('a[data-produto]').length).toBeLessThan(60);
    expect(screen.queryByRole('heading', { name: 'Açaí Especial' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('searchbox', { name: 'Buscar no cardápio' }));
    await user.paste('acai');
    expect(await screen.findByRole('heading', { name: 'Açaí Especial' })).toBeInTheDocument();
    expect(document.querySelectorAll('a[data-produto]')).toHaveLength(1);
  });

  it("reprices this establishment's cart with today's menu, and fetches nothing for an empty cart", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'X-Burguer' })).toBeInTheDocument();
    expect(repriceItems).not.toHaveBeenCalled();
    cleanupPage();
    const antigo = {
      ...buildCartItem(data.paoDeQueijo, { quantidade: 2, escolhas: {}, observacoes: '' }),
      preco_unit: 1,
    };
    carrinho.atual = { estabelecimento: { id: 1 }, itens: [antigo] };
    try {
      renderPage();
      await waitFor(() => expect(repriceItems).toHaveBeenCalledTimes(1));
      const [idEst, reprice] = vi.mocked(repriceItems).mock.calls[0]!;
      expect(idEst).toBe(1);
      expect(reprice(antigo as never)?.preco_unit).toBe(
        buildCartItem(data.paoDeQueijo, { quantidade: 2, escolhas: {}, observacoes: '' }).preco_unit,
      );
    } finally {
      carrinho.atual = { estabelecimento: null, itens: [] };
      vi.mocked(repriceItems).mockClear();
    }
  });
});
