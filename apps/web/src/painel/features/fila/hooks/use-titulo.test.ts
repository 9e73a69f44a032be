import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTituloNovos } from './use-titulo.ts';

describe('useTituloNovos', () => {
  it('counts the new orders in the tab title, and gives the page title back at zero', () => {
    const h = renderHook(({ n }) => useTituloNovos(n, 'Pedidos · Sabor | Painel | Rango'), {
      initialProps: { n: 2 },
    });
    expect(document.title).toBe('(2) Novos pedidos · Rango');
    h.rerender({ n: 1 });
    expect(document.title).toBe('(1) Novo pedido · Rango');
    h.rerender({ n: 0 });
    expect(document.title).toBe('Pedidos · Sabor | Painel | Rango');
  });
});
