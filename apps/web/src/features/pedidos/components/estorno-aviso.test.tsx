import { MSG_PEDIDO, STATUS, TIMELINE_MSG } from '@rango/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PedidoPage from '../routes/pedido-page.tsx';
import { h, makePedidoOnline, makeTransacao } from '../testing/fixtures.ts';
import { get, mockApi } from '../testing/mock-api.ts';
import { EstornoAviso } from './estorno-aviso.tsx';

const CANCELADO = [h(0), h(STATUS.Confirmado, 4), h(STATUS.Cancelado, 9, 'Acabou o pão')];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the refund of a cancelled order paid online', () => {
  it.each([
    ['estornado', 'O valor pago (R$ 41,00) foi estornado.'],
    ['estorno_pendente', MSG_PEDIDO.estornoPendente],
    ['negado', MSG_PEDIDO.nadaCobrado],
    ['expirado', MSG_PEDIDO.nadaCobrado],
  ] as const)('%s: %s', (estado, texto) => {
    renderWithProviders(
      <EstornoAviso
        pedido={{ historico: CANCELADO, transacoes: [makeTransacao({ estado, valor: 4100 })] }}
      />,
    );
    expect(screen.getByText(texto)).toBeVisible();
  });

  it.each([
    ['an order paid on delivery', { historico: CANCELADO, transacoes: [] }],
    ['a payment that stands', { historico: CANCELADO, transacoes: [makeTransacao({ estado: 'pago' })] }],
    [
      'a denial not yet cancelled',
      { historico: [h(STATUS.PgtoPendente)], transacoes: [makeTransacao({ estado: 'negado' })] },
    ],
  ])('says nothing for %s', (_, pedido) => {
    const { container } = renderWithProviders(<EstornoAviso pedido={pedido} />);
    const regiao = container.querySelector('[aria-live]');
    expect(regiao).not.toBeVisible();
    expect(regiao?.textContent).toBe('');
  });

  describe('on the tracking page', () => {
    beforeEach(() => {
      act(() => setTokens({ access: 'a', refresh: 'r' }));
    });
    afterEach(() => {
      act(() => clearSession());
    });

    it('under the timeline: the refund message, the reason and the amount refunded', async () => {
      mockApi(
        get(
          '/controle/pedido/101/',
          200,
          makePedidoOnline('pix', CANCELADO, { estado: 'estornado', valor: 4100 }),
        ),
      );
      renderWithProviders({ '/pedido/:id': <PedidoPage /> }, { route: '/pedido/101/', location: true });
      const andamento = await screen.findByRole('region', { name: 'Andamento' });
      expect(within(andamento).getByText(TIMELINE_MSG.cancelado)).toBeInTheDocument();
      expect(within(andamento).getByText('Motivo: Acabou o pão')).toBeInTheDocument();
      expect(within(andamento).getByText('O valor pago (R$ 41,00) foi estornado.')).toBeInTheDocument();
      // A cancelled PIX that was never seen pending here: no payment panel.
      expect(screen.queryByText(MSG_PEDIDO.pagamentoNaoEfetuado)).not.toBeInTheDocument();
    });
  });
});
