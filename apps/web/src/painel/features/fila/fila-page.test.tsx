import { STATUS } from '@rango/domain';
import { EVENTO } from '@rango/domain/painel';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import FilaPage from './fila-page.tsx';
import { audioFalso } from './testing/audio.ts';
import { haMin, pedidoPainel } from './testing/fixtures.ts';
import { renderPainel } from '../../testing/render.tsx';
import { servidorPainel } from './testing/servidor.ts';

let audio: ReturnType<typeof audioFalso>;

beforeEach(() => {
  setStaffTokens({ access: 'tok', refresh: 'r' }, { newSession: true });
  audio = audioFalso();
  vi.stubGlobal('AudioContext', audio.Ctor);
});
afterEach(() => {
  clearStaffSession();
  vi.unstubAllGlobals();
  document.title = '';
});

const novo = (id: number, min = 2) => pedidoPainel({ id, dthrpedido: haMin(min, Date.now()) });
const emPreparo = (id: number) =>
  pedidoPainel({ id, status: STATUS.Confirmado, dthrpedido: haMin(5, Date.now()) });

async function abrirPagina() {
  const user = userEvent.setup();
  renderPainel(<FilaPage />);
  await screen.findByRole('tab', { name: /Novos/ });
  return user;
}

const card = (referencia: string) => screen.getByRole('button', { name: new RegExp(`#${referencia}`) });

// Whole-page journeys with userEvent: slower than the default 5 s under the full suite's load.
describe('FilaPage', { timeout: 20_000 }, () => {
  it('shows each column with its count, the orders in their column, and the new ones in the title', async () => {
    servidorPainel([novo(1), novo(2), emPreparo(3), pedidoPainel({ id: 4, status: STATUS.Cancelado })]);
    const user = await abrirPagina();
    expect(screen.getByRole('tab', { name: /Novos\s*2/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Em preparo\s*1/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Cancelados\s*1/ })).toBeInTheDocument();
    expect(card('4001')).toBeInTheDocument();
    expect(card('4002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /#4003/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('(2) Novos pedidos · Rango'));

    await user.click(screen.getByRole('tab', { name: /Em preparo/ }));
    expect(card('4003')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /#4001/ })).toBeNull();
  });

  it('accepts with an estimate: default offered, a quick choice, the card moves to Em preparo', async () => {
    const srv = servidorPainel([novo(1)]);
    const user = await abrirPagina();
    await user.click(card('4001'));
    const drawer = await screen.findByRole('dialog', { name: 'Pedido #4001' });
    await user.click(within(drawer).getByRole('button', { name: /Aceitar/ }));
    const modal = await screen.findByRole('dialog', { name: 'Aceitar pedido #4001' });
    const campo = within(modal).getByRole('textbox', { name: /Tempo até a entrega/ });
    expect(campo).toHaveValue('30');
    await user.click(within(modal).getByRole('button', { name: '45 min' }));
    expect(campo).toHaveValue('45');
    await user.click(within(modal).getByRole('checkbox', { name: 'Imprimir o cupom' }));
    await user.click(within(modal).getByRole('button', { name: 'Aceitar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Aceitar pedido/ })).toBeNull());
    expect(srv.statusPosts().map((c) => c.body)).toEqual([
      { status: STATUS.Confirmado, previsao_minutos: 45 },
    ]);
    // The detail follows the order: now it may be marked ready.
    expect(await within(drawer).findByRole('button', { name: /Pronto/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Em preparo\s*1/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pedidos · Sabor da Vila | Painel | Rango'));
    // Not printed: the box was unticked.
    expect(srv.chamadas.some((c) => c.path.endsWith('/cupom/'))).toBe(false);
  });

  it('refuses an estimate out of range without calling the server', async () => {
    const srv = servidorPainel([novo(1)]);
    const user = await abrirPagina();
    await user.click(card('4001'));
    await user.keyboard('a');
    const modal = await screen.findByRole('dialog', { name: 'Aceitar pedido #4001' });
    const campo = within(modal).getByRole('textbox', { name: /Tempo até a entrega/ });
    await user.clear(campo);
    await user.type(campo, '500{Enter}');
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Informe um tempo entre 5 e 240 minutos.',
    );
    expect(srv.statusPosts()).toEqual([]);
  });

  it('cancel requires a reason, then says the online payment was refunded', async () => {
    const pago = pedidoPainel({
      id: 1,
      dthrpedido: haMin(2, Date.now()),
      pagamento: { online: true, descricao: 'Pix', tipo: 'pix', estado: 'pago', troco_para: null },
    });
    const srv = servidorPainel([pago], { estorno: 'estornado' });
    const user = await abrirPagina();
    await user.click(card('4001'));
    await screen.findByRole('dialog', { name: 'Pedido #4001' });
    await user.keyboard('x');
    const modal = await screen.findByRole('dialog', { name: 'Cancelar pedido #4001' });
    expect(within(modal).getByText(/será estornado/)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Informe o motivo do cancelamento.');
    expect(srv.statusPosts()).toEqual([]);

    await user.click(within(modal).getByRole('button', { name: 'Item em falta' }));
    await user.click(within(modal).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await within(modal).findByText('Estorno realizado')).toBeInTheDocument();
    expect(srv.statusPosts().map((c) => c.body)).toEqual([
      { status: STATUS.Cancelado, motivo: 'Item em falta' },
    ]);
    expect(screen.getByRole('tab', { name: /Cancelados\s*1/ })).toBeInTheDocument();
  });

  it('says when the refund is still in progress', async () => {
    const pago = pedidoPainel({
      id: 1,
      status: STATUS.Confirmado,
      pagamento: { online: true, descricao: 'Crédito', tipo: 'credito', estado: 'pago', troco_para: null },
    });
    servidorPainel([pago], { estorno: 'estorno_pendente' });
    const user = await abrirPagina();
    await user.click(screen.getByRole('tab', { name: /Em preparo/ }));
    await user.click(card('4001'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pedido #4001' })).getByRole('button', {
        name: /Cancelar/,
      }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Cancelar pedido #4001' });
    await user.type(within(modal).getByRole('textbox', { name: /Motivo/ }), 'Cliente desistiu');
    await user.click(within(modal).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await within(modal).findByText('Estorno em andamento')).toBeInTheDocument();
    // The answer replaced the form: the focus is on its 'Fechar' button, not lost to the page.
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Fechar$/));
  });

  it("offers 'Marcar em falta' while the order is open, not once it is cancelled", async () => {
    servidorPainel([novo(1)]);
    const user = await abrirPagina();
    await user.click(card('4001'));
    const drawer = await screen.findByRole('dialog', { name: 'Pedido #4001' });
    const emFalta = () => within(drawer).queryAllByRole('button', { name: /^Marcar em falta/ });
    expect(emFalta().length).toBeGreaterThan(0);
    await user.click(within(drawer).getByRole('button', { name: /Cancelar/ }));
    const modal = await screen.findByRole('dialog', { name: 'Cancelar pedido #4001' });
    await user.type(within(modal).getByRole('textbox', { name: /Motivo/ }), 'Cliente desistiu');
    await user.click(within(modal).getByRole('button', { name: 'Cancelar pedido' }));
    await within(modal).findByText('Pedido #4001 cancelado.');
    await waitFor(() => expect(within(drawer).getByText('Cancelado')).toBeInTheDocument());
    expect(emFalta()).toEqual([]);
    expect(within(drawer).getByText(/X-Burguer/)).toBeInTheDocument();
  });

  it("shows a concluded order's items without 'Marcar em falta'", async () => {
    servidorPainel([pedidoPainel({ id: 2, status: STATUS.Concluido, dthrpedido: haMin(30, Date.now()) })]);
    const user = await abrirPagina();
    await user.click(screen.getByRole('tab', { name: /Concluídos hoje/ }));
    await user.click(card('4002'));
    const drawer = await screen.findByRole('dialog', { name: 'Pedido #4002' });
    expect(within(drawer).getByText(/X-Burguer/)).toBeInTheDocument();
    expect(within(drawer).queryAllByRole('button', { name: /^Marcar em falta/ })).toEqual([]);
  });

  it('badges iFood orders, filters the board by channel, flags an unknown item and iFood refusals', async () => {
    const base = pedidoPainel().pedido;
    const ifood = pedidoPainel({
      id: 2,
      dthrpedido: haMin(1, Date.now()),
      canal: 'ifood',
      erro_canal: 'O iFood recusou (409): invalid transition',
      pedido: {
        ...base,
        itens: [
          {
            ...base.itens[0]!,
            produto_id: 0,
            descricao: 'Pastel de vento',
            subitens: [],
            nao_cadastrado: true,
          },
        ],
      },
    });
    servidorPainel([novo(1), ifood]);
    const user = await abrirPagina();
    expect(card('4002')).toHaveTextContent('iFood');
    expect(card('4001')).not.toHaveTextContent('iFood');
    await user.click(screen.getByRole('radio', { name: 'iFood' }));
    expect(screen.queryByRole('button', { name: /#4001/ })).toBeNull();
    expect(card('4002')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Rango' }));
    expect(screen.queryByRole('button', { name: /#4002/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Todos os canais' }));
    await user.click(card('4002'));
    const drawer = await screen.findByRole('dialog', { name: 'Pedido #4002' });
    expect(within(drawer).getByText('Não cadastrado no Rango')).toBeInTheDocument();
    expect(within(drawer).getByRole('alert')).toHaveTextContent('O iFood recusou (409)');
    expect(within(drawer).queryByRole('button', { name: /Marcar em falta: Pastel/ })).toBeNull();
  });

  it("shows the server's reason when a move is refused", async () => {
    servidorPainel([emPreparo(1)], { recusar: 'Este pedido já foi cancelado pelo cliente.' });
    const user = await abrirPagina();
    await user.click(screen.getByRole('tab', { name: /Em preparo/ }));
    await user.click(card('4001'));
    const drawer = await screen.findByRole('dialog', { name: 'Pedido #4001' });
    await user.click(within(drawer).getByRole('button', { name: /Pronto/ }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(
      'Este pedido já foi cancelado pelo cliente.',
    );
  });

  it('offers only the moves the status allows', async () => {
    servidorPainel([emPreparo(1)]);
    const user = await abrirPagina();
    await user.click(screen.getByRole('tab', { name: /Em preparo/ }));
    await user.click(card('4001'));
    const acoes = within(await screen.findByRole('group', { name: 'Ações do pedido' }));
    expect(acoes.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'ProntoP',
      'CancelarX',
      'ImprimirI',
    ]);
  });

  it('rings for a new order until someone says "Ok, vi"', async () => {
    servidorPainel([novo(1)]);
    const user = await abrirPagina();
    await waitFor(() => expect(audio.toques()).toBeGreaterThanOrEqual(1));
    expect(screen.getByText('1 pedido novo aguardando')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok, vi' }));
    expect(screen.queryByText('1 pedido novo aguardando')).toBeNull();
    // Still waiting for acceptance: still counted in the title.
    expect(document.title).toBe('(1) Novo pedido · Rango');
  });

  it('asks to unlock the sound while the browser holds it, and unlocks it on click', async () => {
    audio = audioFalso('suspended');
    vi.stubGlobal('AudioContext', audio.Ctor);
    servidorPainel([novo(1)]);
    const user = await abrirPagina();
    const botao = screen.getByRole('button', { name: 'Clique para ativar o som dos novos pedidos' });
    expect(audio.toques()).toBe(0);
    await user.click(botao);
    await waitFor(() => expect(screen.queryByRole('button', { name: /ativar o som/ })).toBeNull());
    await waitFor(() => expect(audio.toques()).toBeGreaterThanOrEqual(1));
  });

  it('adds an order from the stream once, announces it, and plays the alert when the system cancels one', async () => {
    const srv = servidorPainel([emPreparo(1)]);
    await abrirPagina();
    await waitFor(() => expect(srv.streamsAbertos()).toBe(1));
    const stream = srv.chamadas.find((c) => c.path.endsWith('/eventos/'));
    expect(stream?.headers.authorization).toBe('Bearer tok');
    expect(stream?.headers['last-event-id']).toBe('10');

    srv.pedidos.set(2, novo(2));
    act(() => {
      srv.evento(EVENTO.pedidoNovo, { idpedido: 2 });
      srv.evento(EVENTO.pedidoNovo, { idpedido: 2 });
    });
    expect(await screen.findByRole('button', { name: /#4002/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /#4002/ })).toHaveLength(1);
    expect(screen.getByRole('log')).toHaveTextContent('Novo pedido #4002');
    await waitFor(() => expect(document.title).toBe('(1) Novo pedido · Rango'));

    const cancelado = { ...emPreparo(1), status: STATUS.Cancelado };
    srv.pedidos.set(1, cancelado);
    act(() => srv.evento(EVENTO.pedidoStatus, { idpedido: 1, de: 21, para: 50, sistema: true }));
    await waitFor(() => expect(audio.alertas()).toBe(1));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Cancelados\s*1/ })).toBeInTheDocument());
  });

  it('auto-accepts a new order with the default estimate and prints it, when the owner turned it on', async () => {
    const srv = servidorPainel([], { config: { auto_aceite: true, previsao_padrao_min: 25 } });
    const print = vi.fn();
    // The receipt frame prints itself: catch it as it is added.
    const observer = new MutationObserver(() => {
      const f = document.querySelector<HTMLIFrameElement>('iframe[data-cupom-impressao]');
      if (f?.contentWindow) f.contentWindow.print = print;
    });
    observer.observe(document.body, { childList: true });
    await abrirPagina();
    await waitFor(() => expect(srv.streamsAbertos()).toBe(1));
    srv.pedidos.set(5, novo(5));
    act(() => srv.evento(EVENTO.pedidoNovo, { idpedido: 5 }));
    await waitFor(() =>
      expect(srv.statusPosts().map((c) => c.body)).toEqual([
        { status: STATUS.Confirmado, previsao_minutos: 25 },
      ]),
    );
    await waitFor(() =>
      expect(srv.chamadas.some((c) => c.path === '/painel/estabelecimento/7/pedido/5/cupom/')).toBe(true),
    );
    await waitFor(() => expect(screen.getByRole('tab', { name: /Em preparo\s*1/ })).toBeInTheDocument());
    observer.disconnect();
  });

  it('opens orders, acts and closes from the keyboard', async () => {
    servidorPainel([novo(1, 1), novo(2, 3)]);
    const user = await abrirPagina();
    await user.keyboard('j');
    expect(card('4001')).toHaveFocus();
    await user.keyboard('j');
    expect(card('4002')).toHaveFocus();
    await user.keyboard('k');
    expect(card('4001')).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Pedido #4001' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pedido #4001' })).toBeNull());
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Atalhos do teclado' })).toBeInTheDocument();
  });

  it('asks for notification permission only from its button', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'default', requestPermission }));
    servidorPainel([]);
    const user = await abrirPagina();
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(
      screen.getByRole('button', {
        name: 'Receber avisos de novos pedidos mesmo com a aba em segundo plano',
      }),
    );
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Receber avisos/ })).toBeNull());
  });
});
