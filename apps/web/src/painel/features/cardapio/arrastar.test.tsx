import { MSG_CATALOGO } from '@rango/domain/painel/catalogo';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';
import { INSTRUCOES, anuncios, novaOrdem } from './components/arrastar.tsx';
import { CARDAPIO } from './testing/fixtures.ts';

const BASE = '/painel/estabelecimento/1';

/**
 * jsdom lays nothing out: each element gets a 40 px tall box stacked by its place among its
 * siblings, so dnd-kit's keyboard moves (which go by boxes) find the item above or below.
 */
function caixasEmPilha() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const i = this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
    const top = i * 50;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 200,
      height: 40,
      right: 200,
      bottom: top + 40,
      toJSON: () => ({}),
    };
  });
}

/** Space picks the handle, ArrowDown/ArrowUp move, Space drops (dnd-kit's keyboard sensor). */
async function arrastarComTeclado(alca: HTMLElement, tecla: 'ArrowDown' | 'ArrowUp') {
  alca.focus();
  fireEvent.keyDown(alca, { key: ' ', code: 'Space' });
  await new Promise((r) => setTimeout(r, 20));
  fireEvent.keyDown(document, { key: tecla, code: tecla });
  await new Promise((r) => setTimeout(r, 20));
  fireEvent.keyDown(document, { key: ' ', code: 'Space' });
}

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearStaffSession();
});

describe('drag to reorder', () => {
  it('says where the item is, in Portuguese, and the new order', () => {
    const nomes: Record<number, string> = { 1: 'Pizzas', 2: 'Combos', 3: 'Bebidas' };
    const a = anuncios([1, 2, 3], (id) => nomes[id]!);
    const item = {
      id: 1,
      data: { current: undefined },
      rect: { current: { initial: null, translated: null } },
    };
    expect(a.onDragStart({ active: item })).toBe('Pizzas pego, na posição 1 de 3.');
    const sobre = {
      id: 3,
      rect: { width: 0, height: 0, top: 0, left: 0, bottom: 0, right: 0 },
      disabled: false,
      data: { current: undefined },
    };
    expect(a.onDragOver({ active: item, over: sobre })).toBe('Pizzas movido para a posição 3 de 3.');
    expect(a.onDragOver({ active: item, over: { ...sobre, id: 1 } })).toBe('Pizzas na posição 1 de 3.');
    expect(a.onDragEnd({ active: item, over: sobre })).toBe('Pizzas solto na posição 3 de 3.');
    expect(a.onDragCancel({ active: item, over: null })).toBe(
      'Cancelado: Pizzas voltou para a posição 1 de 3.',
    );
    expect(INSTRUCOES.draggable).toMatch(/Espaço ou Enter.*setas.*Esc para cancelar/);
    expect(novaOrdem([1, 2, 3], 1, 3)).toEqual([2, 3, 1]);
    expect(novaOrdem([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(novaOrdem([1, 2, 3], 2, 2)).toBeNull();
    expect(novaOrdem([1, 2, 3], 2, null)).toBeNull();
  });

  it('drags a category down with the keyboard: the list changes at once, and goes back when the server refuses', async () => {
    caixasEmPilha();
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, CARDAPIO),
      on('PUT', `${BASE}/categorias/ordem/`, 400, { ids: [MSG_CATALOGO.ordemIncompleta] }),
    );
    renderPainel('/1/cardapio');
    const alca = await screen.findByRole('button', { name: 'Arrastar para reordenar: Pizzas' });
    expect(alca).toHaveAttribute('aria-roledescription', 'item arrastável');
    // The up/down buttons stay, with their names.
    expect(screen.getByRole('button', { name: 'Mover para baixo: Pizzas' })).toBeInTheDocument();
    await arrastarComTeclado(alca, 'ArrowDown');
    await waitFor(() => expect(m.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [2, 1] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_CATALOGO.ordemIncompleta);
    const nomes = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await waitFor(() => expect(nomes().slice(0, 2)).toEqual(['Pizzas', 'Combos']));
  }, 60_000);

  it("drags an option into a new place in the product's draft (saved with 'Salvar produto')", async () => {
    caixasEmPilha();
    const m = mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/cardapio/`, 200, CARDAPIO));
    renderPainel('/1/cardapio?produto=10');
    const alca = await screen.findByRole('button', { name: 'Arrastar para reordenar: Calabresa' });
    await arrastarComTeclado(alca, 'ArrowDown');
    const grupo = screen.getByRole('region', { name: 'Escolha 2 sabores' });
    await waitFor(() =>
      expect(
        within(grupo)
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['Quatro queijos', 'Calabresa', 'Portuguesa']),
    );
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  }, 60_000);
  it("drags a product below the next one in its category: the server gets the category's new order", async () => {
    caixasEmPilha();
    const [pizzas, combos] = CARDAPIO.categorias;
    const doce = { ...pizzas!.produtos[0]!, idproduto: 11, descricao: 'Pizza doce', ordem: 1 };
    const cardapio = {
      ...CARDAPIO,
      categorias: [{ ...pizzas!, produtos: [...pizzas!.produtos, doce] }, combos!],
    };
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', `${BASE}/cardapio/`, 200, cardapio),
      on('PUT', `${BASE}/categorias/1/produtos/ordem/`, 204),
    );
    renderPainel('/1/cardapio');
    const alca = await screen.findByRole('button', { name: 'Arrastar para reordenar: Pizza dois sabores' });
    await arrastarComTeclado(alca, 'ArrowDown');
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: `${BASE}/categorias/1/produtos/ordem/`,
        body: { ids: [11, 10] },
      }),
    );
  }, 60_000);
});
