import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStaffSession, setStaffTokens } from '../../../session.ts';
import FilaPage from '../fila-page.tsx';
import { audioFalso } from '../testing/audio.ts';
import { haMin, pedidoPainel } from '../testing/fixtures.ts';
import { servidorPainel } from '../testing/servidor.ts';
import { renderPainel } from '../../../testing/render.tsx';

const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

beforeEach(() => {
  setStaffTokens({ access: 'tok', refresh: 'r' }, { newSession: true });
  vi.stubGlobal('AudioContext', audioFalso().Ctor);
});
afterEach(() => {
  clearStaffSession();
  vi.unstubAllGlobals();
  document.title = '';
});

async function abrirPedido(referencia: string) {
  const user = userEvent.setup();
  renderPainel(<FilaPage />);
  await screen.findByRole('tab', { name: /Novos/ });
  await user.click(screen.getByRole('button', { name: new RegExp(`#${referencia}`) }));
  const drawer = await screen.findByRole('dialog', { name: `Pedido #${referencia}` });
  return { user, drawer };
}

describe("the order drawer's messages to the customer", { timeout: 20_000 }, () => {
  it('lists each message with its channel and state, the rating, and links WhatsApp with the order number', async () => {
    const link = 'https://wa.me/5511987654321?text=Ol%C3%A1!%20Sobre%20o%20pedido%20%234001';
    const srv = servidorPainel([pedidoPainel({ id: 1, dthrpedido: haMin(2, Date.now()) })], {
      mensagens: {
        1: {
          mensagens: [
            {
              id: 10,
              canal: 'email',
              tipo: 'recebido',
              titulo: 'Sabor da Vila: pedido recebido',
              estado: 'enviada',
              criado_em: haMin(2, Date.now()),
              enviado_em: haMin(2, Date.now()),
            },
            {
              id: 11,
              canal: 'push',
              tipo: 'recebido',
              titulo: 'Sabor da Vila: pedido recebido',
              estado: 'falhou',
              criado_em: haMin(2, Date.now()),
              enviado_em: null,
            },
            {
              id: 12,
              canal: 'whatsapp',
              tipo: 'aceito',
              titulo: 'Sabor da Vila: pedido aceito',
              estado: 'lida',
              criado_em: haMin(1, Date.now()),
              enviado_em: haMin(1, Date.now()),
            },
          ],
          avaliacao: { nota: 4, comentario: 'Chegou quente', resposta: null },
          whatsapp: link,
        },
      },
    });
    const { drawer } = await abrirPedido('4001');
    const secao = within(drawer).getByRole('region', { name: 'Mensagens ao cliente' });
    const lista = await within(secao).findByRole('list', { name: 'Mensagens enviadas' });
    const itens = within(lista)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(itens).toEqual([
      expect.stringMatching(/E-mail:Sabor da Vila: pedido recebidoenviada$/),
      expect.stringMatching(/Notificação:Sabor da Vila: pedido recebidofalhou$/),
      expect.stringMatching(/WhatsApp:Sabor da Vila: pedido aceitolida$/),
    ]);
    expect(within(secao).getByText(/Avaliação do cliente:/)).toHaveTextContent(
      'Avaliação do cliente: 4 de 5 — “Chegou quente”',
    );
    const wa = within(secao).getByRole('link', { name: /Conversar no WhatsApp/ });
    expect(wa).toHaveAttribute('href', link);
    expect(wa).toHaveAttribute('target', '_blank');
    expect(srv.chamadas.some((c) => c.path === '/painel/estabelecimento/7/pedido/1/mensagens/')).toBe(true);
    const r = await axe.run(drawer, AXE);
    expect(r.violations.map((v) => v.id)).toEqual([]);
  });

  it('says when there is none, no WhatsApp link without a phone, and offers to try again after an error', async () => {
    servidorPainel(
      [
        pedidoPainel({ id: 1, dthrpedido: haMin(2, Date.now()) }),
        pedidoPainel({ id: 2, referencia: '4002', dthrpedido: haMin(3, Date.now()) }),
      ],
      { mensagens: { 2: 500 } },
    );
    const { user, drawer } = await abrirPedido('4001');
    expect(
      await within(drawer).findByText('Nenhuma mensagem enviada ao cliente sobre este pedido.'),
    ).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pedido #4001' })).toBeNull());
    await user.click(screen.getByRole('button', { name: /#4002/ }));
    const outro = await screen.findByRole('dialog', { name: 'Pedido #4002' });
    const alerta = await within(outro).findByRole('alert', {}, { timeout: 10_000 });
    expect(alerta).toHaveTextContent('Não foi possível carregar as mensagens.');
    expect(within(alerta).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
