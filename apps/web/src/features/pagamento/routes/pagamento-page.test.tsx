import { cleanNotifications } from '@mantine/notifications';
import {
  itemPedido,
  MSG_PEDIDO,
  type Cliente,
  type EstabelecimentoDetalhe,
  type FormaPgto,
  type PedidoInput,
} from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setVisitedEstablishmentPath } from '../../../storage/visited.ts';
import { clearCart, getCart, reloadCartFromStorage } from '../../../stores/cart.ts';
import { setCupom } from '../../../stores/cart-actions.ts';
import { clearEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { clearSession, setTokens } from '../../../stores/session.ts';
import {
  areaLonge,
  cliente,
  detalhe,
  enderecoSalvo,
  fillCart,
  formas,
  menu,
  refrigerante,
  xBurguer,
} from '../testing/fixtures.ts';
import { mockApi, on, type Answer, type Call, type Handler } from '../testing/mock-api.ts';
import { renderPagamento } from '../testing/render.tsx';
import PagamentoPage from './pagamento-page.tsx';

// Whole-page journeys with userEvent: a few seconds each, more on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

interface Setup {
  detalhe?: EstabelecimentoDetalhe;
  cliente?: Cliente;
  areas?: unknown[];
  /** The answer to POST …/pedido/. */
  pedido?: (call: Call) => Answer;
  extra?: Handler[];
}

function api(s: Setup = {}) {
  return mockApi(
    ...(s.extra ?? []),
    on('GET', '/controle/estabelecimento/1/', 200, s.detalhe ?? detalhe),
    on('GET', '/api/estabelecimento/1/menu/', 200, menu),
    on('GET', '/api/estabelecimento/1/formapgto/', 200, formas),
    on('GET', '/api/estabelecimento/1/areas_entrega/', 200, s.areas ?? []),
    on('GET', '/controle/cliente/', 200, [s.cliente ?? cliente]),
    (call) =>
      call.method === 'POST' && call.path === '/api/estabelecimento/1/pedido/'
        ? (s.pedido?.(call) ?? { status: 201, body: { id: 55, referencia: '1234' } })
        : undefined,
  );
}

const location = () => screen.getByTestId('location').textContent;
const pedidoCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/estabelecimento/1/pedido/');

beforeEach(async () => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
  await act(() => fillCart());
});

afterEach(() => {
  act(() => {
    cleanNotifications();
    clearSession();
    clearCart();
    clearEnderecoEscolhido();
  });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderPage(s: Setup = {}) {
  const mocked = api(s);
  const user = userEvent.setup();
  const r = renderPagamento(<PagamentoPage />);
  await screen.findByRole('form', { name: 'Dados do pedido' });
  return { ...mocked, ...r, user };
}

/** Pickup paid on delivery by card: the shortest valid order. */
async function preencherRetirada(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: MSG_PEDIDO.receberNoEstabelecimento }));
  await user.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
}

const finalizar = () => screen.getByRole('button', { name: MSG_PEDIDO.finalizar });

describe('/pagamento, empty cart', () => {
  it('goes back to the last visited establishment, else home', async () => {
    act(() => clearCart());
    api();
    setVisitedEstablishmentPath('/estabelecimento/9');
    const { unmount } = renderPagamento(<PagamentoPage />);
    await waitFor(() => expect(location()).toBe('/estabelecimento/9'));
    unmount();
    localStorage.clear();
    renderPagamento(<PagamentoPage />);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("goes to the cart's establishment when the cart empties on the page", async () => {
    const { user } = await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeInTheDocument();
    expect(user).toBeDefined();
    act(() => {
      localStorage.setItem(
        'carrinho',
        JSON.stringify({ ...getCart(), itens: [], estabelecimento: { id: 1, nome: 'x', pedidominimo: 0 } }),
      );
      reloadCartFromStorage();
    });
    await waitFor(() => expect(location()).not.toBe('/pagamento'));
  });
});

describe('/pagamento, summary', () => {
  it("lists the cart's items with their options and the totals in cents from the engine", async () => {
    await renderPage();
    const itens = within(screen.getByRole('list', { name: 'Itens do pedido' }));
    expect(itens.getByText('X-Burguer')).toBeInTheDocument();
    expect(itens.getByText('Bacon')).toBeInTheDocument();
    expect(itens.getByText('Obs.: Sem picles')).toBeInTheDocument();
    expect(itens.getByText('R$ 57,80')).toBeInTheDocument();
    expect(itens.getByText('R$ 6,00')).toBeInTheDocument();
    const resumo = within(screen.getByRole('region', { name: 'Resumo do pedido' }));
    expect(resumo.getByText('Subtotal').nextSibling).toHaveTextContent('R$ 63,80');
    expect(resumo.getByText('Total').nextSibling).toHaveTextContent('R$ 63,80');
  });

  it('has no axe violations, with the delivery form, the cash change and the coupon drawer open', async () => {
    act(() => setEnderecoEscolhido(enderecoSalvo));
    const { user } = await renderPage();
    await user.click(screen.getByRole('switch', { name: 'Agendar pedido' }));
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    await user.click(await screen.findByRole('button', { name: 'Ok, entendi' }));
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    // The shell gives the landmarks ('region'); contrast needs real layout.
    const options = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };
    expect((await axe.run(document.body, options)).violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Adicionar cupom de desconto' }));
    await screen.findByRole('dialog', { name: 'Cupom de desconto' });
    expect((await axe.run(document.body, options)).violations.map((v) => v.id)).toEqual([]);
  });

  it("blocks 'Finalizar' below the minimum order: the spec's text atop the summary and as a notice", async () => {
    const texto = 'O pedido mínimo para essa loja é de R$ 80,00 (sem contar a taxa de entrega).';
    const { user, calls } = await renderPage({ detalhe: { ...detalhe, pedidominimo: 80 } });
    await preencherRetirada(user);
    const resumo = screen.getByRole('region', { name: 'Resumo do pedido' });
    const aviso = within(resumo).getByText(texto);
    // At the top of the summary: before the items (on a phone the summary follows the form).
    const itens = within(resumo).getByRole('list', { name: 'Itens do pedido' });
    expect(aviso.compareDocumentPosition(itens) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Disabled to assistive technology, yet a press says why.
    expect(finalizar()).toHaveAttribute('aria-disabled', 'true');
    expect(finalizar()).toHaveAccessibleDescription(texto.replace('R$ ', 'R$\u00a0'));
    const avisos = () =>
      screen.queryAllByRole('alert').filter((a) => a.textContent?.includes(MSG_PEDIDO.pedidoMinimoTitulo));
    expect(avisos()).toHaveLength(0);
    await user.click(finalizar());
    await waitFor(() => expect(avisos()).toHaveLength(1));
    expect(avisos()[0]).toHaveTextContent(texto);
    // A second press does not stack another notice, and nothing is sent.
    await user.click(finalizar());
    expect(avisos()).toHaveLength(1);
    expect(pedidoCalls(calls)).toHaveLength(0);
  });
});

describe('/pagamento, delivery fee', () => {
  beforeEach(() => {
    act(() => setEnderecoEscolhido(enderecoSalvo));
  });

  it("shows 'Taxa de entrega' for the address and 'Ok, entendi' sets the cart's fee and waiver", async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    const modal = await screen.findByRole('dialog', { name: 'Taxa de entrega' });
    expect(
      within(modal).getByText(
        'Sabor da Vila cobra uma taxa de entrega de R$ 5,00 para o bairro Cerqueira César',
      ),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Ok, entendi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getCart().taxaentrega).toBe(5);
    expect(getCart().abono).toBe(100);
    const resumo = within(screen.getByRole('region', { name: 'Resumo do pedido' }));
    expect(resumo.getByText('Taxa de entrega').nextSibling).toHaveTextContent('R$ 5,00');
    expect(resumo.getByText('Total').nextSibling).toHaveTextContent('R$ 68,80');
    expect(resumo.getByText('Entrega Grátis com o mínimo de R$ 100,00!')).toBeInTheDocument();
  });

  it('turns the order into a pickup when the establishment does not deliver there', async () => {
    const { user } = await renderPage({ areas: [areaLonge] });
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText(MSG_PEDIDO.naoEntregaNoEndereco)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Ok, entendi' }));
    expect(screen.getByRole('radio', { name: MSG_PEDIDO.receberNoEstabelecimento })).toBeChecked();
    expect(getCart().taxaentrega).toBeNull();
    expect(screen.getByText('Retirar em')).toBeInTheDocument();
  });

  it("'Finalizar' while the fee is on the way says so and takes the focus to the address (keyboard)", async () => {
    const { user, calls } = await renderPage({
      extra: [(c) => (c.path === '/api/estabelecimento/1/areas_entrega/' ? 'pending' : undefined)],
    });
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    expect(screen.getByText(MSG_PEDIDO.taxaCalculando)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    act(() => finalizar().focus());
    await user.keyboard('{Enter}');
    const endereco = screen.getByRole('button', { name: 'Alterar endereço' });
    await waitFor(() => expect(endereco).toHaveFocus());
    expect(endereco).toHaveAccessibleDescription(MSG_PEDIDO.taxaCalculando);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pedidoCalls(calls)).toHaveLength(0);
  });

  it("'Finalizar' after the fee failed takes the focus to the failure alert", async () => {
    const { user, calls } = await renderPage({
      extra: [on('GET', '/api/estabelecimento/1/areas_entrega/', 404, { detail: 'Não encontrado.' })],
    });
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    const alerta = (await screen.findByText(MSG_PEDIDO.taxaNaoCalculada)).closest('[role="alert"]');
    expect(alerta).not.toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    act(() => finalizar().focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(alerta).toHaveFocus());
    expect(alerta).toHaveTextContent(MSG_PEDIDO.taxaNaoCalculada);
    expect(screen.getByRole('button', { name: 'Alterar endereço' })).toHaveAccessibleDescription(
      MSG_PEDIDO.taxaNaoCalculada,
    );
    expect(pedidoCalls(calls)).toHaveLength(0);
  });

  it("'Finalizar' opens the 'Taxa de entrega' modal held back while the establishment's data refreshes", async () => {
    let pendurar = false;
    const { user, calls, queryClient } = await renderPage({
      extra: [
        (c) =>
          pendurar && c.method === 'GET' && c.path === '/controle/estabelecimento/1/' ? 'pending' : undefined,
      ],
    });
    pendurar = true;
    await act(async () => {
      void queryClient.invalidateQueries({ queryKey: ['estabelecimento', 1] });
    });
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    // The modal waits for the refresh…
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => finalizar().focus());
    await user.keyboard('{Enter}');
    // …until 'Finalizar' asks for it.
    const modal = await screen.findByRole('dialog', { name: 'Taxa de entrega' });
    expect(
      within(modal).getByText(
        'Sabor da Vila cobra uma taxa de entrega de R$ 5,00 para o bairro Cerqueira César',
      ),
    ).toBeInTheDocument();
    expect(pedidoCalls(calls)).toHaveLength(0);
    await user.click(within(modal).getByRole('button', { name: 'Ok, entendi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getCart().taxaentrega).toBe(5);
  });

  it('asks for an address when none is chosen', async () => {
    act(() => clearEnderecoEscolhido());
    const { user } = await renderPage();
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    await user.type(screen.getByRole('textbox', { name: /Troco para/ }), '100');
    await user.click(finalizar());
    expect(await screen.findByText(MSG_PEDIDO.enderecoObrigatorio)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher endereço' })).toHaveFocus();
  });
});

describe('/pagamento, coupon', () => {
  it("refuses an empty code, shows the server's refusal, applies and removes a coupon", async () => {
    let answer: Answer = { status: 400, body: { error: 'Este cupom expirou.' } };
    const { user, calls } = await renderPage({
      extra: [(c) => (c.method === 'POST' && c.path === '/api/cupom/validar/' ? answer : undefined)],
    });
    await user.click(screen.getByRole('button', { name: 'Adicionar cupom de desconto' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cupom de desconto' });
    await user.click(within(drawer).getByRole('button', { name: 'Aplicar cupom' }));
    expect(await within(drawer).findByText('Insira um código.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/cupom/validar/')).toBe(false);

    await user.type(within(drawer).getByRole('textbox', { name: 'Código do cupom' }), 'VELHO');
    await user.click(within(drawer).getByRole('button', { name: 'Aplicar cupom' }));
    expect(await within(drawer).findByText('Este cupom expirou.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/cupom/validar/')?.body).toEqual({
      cupom: 'VELHO',
      deliveryestabelecimento: 1,
    });

    answer = {
      status: 200,
      body: { codigo: 'BEMVINDO10', ehpercentual: true, desconto: 10, limitedesconto: 0 },
    };
    await user.clear(within(drawer).getByRole('textbox', { name: 'Código do cupom' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Código do cupom' }), 'bemvindo10');
    await user.click(within(drawer).getByRole('button', { name: 'Aplicar cupom' }));
    expect(await screen.findByText('Cupom aplicado!')).toBeInTheDocument();
    expect(getCart().cupom?.codigo).toBe('BEMVINDO10');
    const resumo = within(screen.getByRole('region', { name: 'Resumo do pedido' }));
    // 10 % of R$ 63,80, truncated.
    expect(resumo.getByText('Desconto do cupom').nextSibling).toHaveTextContent('- R$ 6,38');
    expect(resumo.getByText('Total').nextSibling).toHaveTextContent('R$ 57,42');

    await user.click(screen.getByRole('button', { name: 'Cupom BEMVINDO10' }));
    await user.click(await screen.findByRole('button', { name: 'Remover cupom' }));
    expect(getCart().cupom).toBeNull();
  });
});

describe('/pagamento, form rules', () => {
  it("refuses a scheduled time that has passed with 'Horário inválido'", async () => {
    // Wednesday 14 May 2025, 12:00 in São Paulo; open 18:00–23:00 every day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-05-14T15:00:00Z'));
    const horarios = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      diadasemana: d,
      abertura: '18:00:00',
      fechamento: '23:00:00',
    }));
    const { user, calls } = await renderPage({ detalhe: { ...detalhe, horariofuncionamento_set: horarios } });
    // Closed now: the page says it can be scheduled.
    expect(screen.getByText(MSG_PEDIDO.lojaFechadaAgendar)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Agendar pedido' }));
    const dia = screen.getByRole('combobox', { name: /Dia/ });
    expect(dia).toHaveValue('2025-05-14');
    expect(within(dia).getByRole('option', { name: 'Hoje, 14/05' })).toBeInTheDocument();
    const hora = screen.getByRole('combobox', { name: /Horário/ });
    const horas = within(hora)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(horas[0]).toBe('18:00');
    expect(horas.at(-1)).toBe('22:45');
    await preencherRetirada(user);
    await user.click(finalizar());
    expect(await screen.findByText(MSG_PEDIDO.horarioObrigatorio)).toBeInTheDocument();

    await user.selectOptions(hora, '18:00');
    // The time lapses while the form is open.
    vi.setSystemTime(new Date('2025-05-14T21:10:00Z'));
    await user.click(finalizar());
    expect(await screen.findByText(MSG_PEDIDO.horarioInvalido)).toBeInTheDocument();
    expect(pedidoCalls(calls)).toHaveLength(0);

    await user.selectOptions(hora, '19:30');
    await user.click(finalizar());
    await waitFor(() => expect(pedidoCalls(calls)).toHaveLength(1));
    expect((pedidoCalls(calls)[0]?.body as PedidoInput).entregue_as).toBe('2025-05-14T19:30:00-03:00');
  });

  it("requires the cash change ('troco') and that it exceeds the total", async () => {
    const { user, calls } = await renderPage();
    await user.click(screen.getByRole('radio', { name: MSG_PEDIDO.receberNoEstabelecimento }));
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    await user.click(finalizar());
    expect(await screen.findByText(MSG_PEDIDO.trocoObrigatorio)).toBeInTheDocument();
    const troco = screen.getByRole('textbox', { name: /Troco para/ });
    expect(troco).toHaveFocus();
    await user.type(troco, '63,80');
    await user.click(finalizar());
    expect(await screen.findByText(MSG_PEDIDO.trocoMaiorQueTotal)).toBeInTheDocument();
    expect(pedidoCalls(calls)).toHaveLength(0);
    await user.clear(troco);
    await user.type(troco, '100');
    await user.click(finalizar());
    await waitFor(() => expect(pedidoCalls(calls)).toHaveLength(1));
    expect((pedidoCalls(calls)[0]?.body as PedidoInput).pagamentos[0]?.troco_para).toBe(10000);
  });

  it("asks for the delivery type, and under 'Pagar online' for an online method", async () => {
    const { user, calls } = await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Pagar online' }));
    await user.click(finalizar());
    expect(await screen.findByText(MSG_PEDIDO.tipoEntregaObrigatorio)).toBeInTheDocument();
    const painel = screen.getByRole('tabpanel', { name: 'Pagar online' });
    expect(within(painel).getByText(MSG_PEDIDO.formaPgtoObrigatoria)).toBeInTheDocument();
    expect(pedidoCalls(calls)).toHaveLength(0);
  });

  it('lists under each tab only what the owner offers there (issue 12); an online-only store opens on it', async () => {
    const escolhidas: FormaPgto[] = [
      { idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0, na_entrega: true, online: false },
      { idformapgto: 2, descricao: 'Maquininha de crédito', sttipopgto: 60, na_entrega: true, online: false },
      { idformapgto: 4, descricao: 'PIX', sttipopgto: 200, na_entrega: false, online: true },
    ];
    const { user, unmount } = await renderPage({
      extra: [on('GET', '/api/estabelecimento/1/formapgto/', 200, escolhidas)],
    });
    const entrega = await screen.findByRole('tabpanel', { name: 'Pagar na entrega' });
    expect(await within(entrega).findAllByRole('radio')).toHaveLength(2);
    expect(within(entrega).getByRole('radio', { name: 'Maquininha de crédito' })).toBeInTheDocument();
    expect(within(entrega).queryByRole('radio', { name: 'PIX' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Pagar online' }));
    const online = screen.getByRole('tabpanel', { name: 'Pagar online' });
    expect(
      within(online)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['4']);
    unmount();

    const soOnline = escolhidas.map((f) => ({
      ...f,
      na_entrega: f.sttipopgto === 0,
      online: f.sttipopgto !== 0,
    }));
    soOnline.shift();
    const segunda = await renderPage({
      extra: [on('GET', '/api/estabelecimento/1/formapgto/', 200, soOnline)],
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Pagar online' })).toHaveAttribute('aria-selected', 'true'),
    );
    await segunda.user.click(screen.getByRole('tab', { name: 'Pagar na entrega' }));
    expect(
      within(screen.getByRole('tabpanel', { name: 'Pagar na entrega' })).getByText(
        MSG_PEDIDO.nenhumMeioPagamentoNaEntrega,
      ),
    ).toBeInTheDocument();
  });

  it('prompts for a phone with 10 or 11 digits, saves it with PATCH and places the order', async () => {
    const { user, calls } = await renderPage({
      cliente: { ...cliente, telefone: '12345' },
      extra: [on('PATCH', '/controle/cliente/3/', 200, {})],
    });
    await preencherRetirada(user);
    await user.click(finalizar());
    const modal = await screen.findByRole('dialog', { name: MSG_PEDIDO.telefoneCheckoutTitulo });
    const campo = within(modal).getByRole('textbox', { name: /Telefone/ });
    await user.clear(campo);
    await user.type(campo, '1198765');
    await user.click(within(modal).getByRole('button', { name: 'Salvar e finalizar' }));
    expect(
      await within(modal).findByText('Telefone deve ter o DDD e 8 dígitos (fixo) ou 9 dígitos (celular)!'),
    ).toBeInTheDocument();
    await user.type(campo, '4321');
    await user.click(within(modal).getByRole('button', { name: 'Salvar e finalizar' }));
    await waitFor(() => expect(pedidoCalls(calls)).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ telefone: '11987654321' });
    expect((pedidoCalls(calls)[0]?.body as PedidoInput).cliente.telefone).toBe('11987654321');
  });
});

describe('/pagamento, the order sent', () => {
  it('sends the delivery order of spec section 3 in cents, items built by itemPedido', async () => {
    act(() => {
      setEnderecoEscolhido(enderecoSalvo);
      setCupom({ codigo: 'DEZ', ehpercentual: false, desconto: 10, limitedesconto: 0 });
    });
    const { user, calls } = await renderPage();
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    await user.click(await screen.findByRole('button', { name: 'Ok, entendi' }));
    await user.type(screen.getByRole('textbox', { name: 'Observações' }), 'Tocar a campainha');
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    await user.type(screen.getByRole('textbox', { name: /Troco para/ }), '100,00');
    await user.click(finalizar());
    await waitFor(() => expect(pedidoCalls(calls)).toHaveLength(1));
    const enviado = pedidoCalls(calls)[0]?.body as PedidoInput;
    expect(enviado).toEqual({
      pedido_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      entregue_as: null,
      ajuste: 0,
      desconto: 1000,
      cliente: {
        cpf: '12345678901',
        external_id: null,
        nome: 'Ana Souza',
        telefone: '11987654321',
        endereco: {
          id: 7,
          cep: '01414-001',
          rua: 'Rua Haddock Lobo',
          numero: '595',
          bairro: 'Cerqueira César',
          cidade: 'São Paulo',
          uf: 'SP',
          complemento: 'Apto 12',
          detalhe: null,
        },
      },
      cpf_pagador: null,
      deliveryestabelecimento_id: 1,
      itens: [
        itemPedido(xBurguer, { quantidade: 2, escolhas: { 11: { 111: 1 } } }, 'Sem picles'),
        itemPedido(refrigerante, { quantidade: 1, escolhas: {} }, ''),
      ],
      observacoes: 'Tocar a campainha',
      numero_pedido: expect.any(Number),
      origem: 'WEB',
      pagamentos: [
        {
          cartao: null,
          descricaoFormaPgto: 'Dinheiro',
          formapgto_id: 1,
          formapgto_sttipopgto: 0,
          pre_pago: false,
          tipo: null,
          troco_para: 10000,
          valor: 5880,
        },
      ],
      previsaoentregamax: 50,
      previsaoentregamin: 30,
      subtotal: 6380,
      taxa_entrega: 500,
      tipo: 'DELIVERY',
      total: 5880,
      endereco_togo: 'Quero encontrar o entregador.',
      codigo_cupom: 'DEZ',
      abono_taxa_entrega: 10000,
    });
    expect(enviado.itens[0]).toMatchObject({ preco_unit: 2890, preco_total: 5780 });
    expect(enviado.numero_pedido).toBeGreaterThanOrEqual(1000);
    expect(enviado.numero_pedido).toBeLessThanOrEqual(9999);
  });

  it('sends a pickup without fee, address or drop-off place', async () => {
    const { user, calls } = await renderPage();
    await preencherRetirada(user);
    await user.click(finalizar());
    await waitFor(() => expect(pedidoCalls(calls)).toHaveLength(1));
    expect(pedidoCalls(calls)[0]?.body).toMatchObject({
      tipo: 'TOGO',
      taxa_entrega: null,
      abono_taxa_entrega: null,
      endereco_togo: null,
      cliente: { endereco: null },
      pagamentos: [{ formapgto_id: 2, troco_para: null, valor: 6380 }],
      total: 6380,
    });
  });
});

describe('/pagamento, submission outcomes', () => {
  it('201: clears the cart and opens the order', async () => {
    const pedidoid = getCart().pedidoid;
    const { user, calls } = await renderPage();
    await preencherRetirada(user);
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    expect(getCart().itens).toHaveLength(0);
    expect((pedidoCalls(calls)[0]?.body as PedidoInput).pedido_id).toBe(pedidoid);
  });

  it("105: lists each refusal in 'Não foi possível finalizar o pedido' and keeps the cart", async () => {
    const { user, calls } = await renderPage({
      pedido: () => ({
        status: 400,
        body: {
          codigo: 105,
          msg: 'Pedido recusado',
          non_field_errors: [
            { codigo: 1202, msg: 'O preço do produto X-Burguer foi atualizado para R$ 27,90.' },
            { codigo: 1403, msg: 'O valor total do pedido foi atualizado para R$ 61,80.' },
          ],
        },
      }),
    });
    await preencherRetirada(user);
    await user.click(finalizar());
    const modal = await screen.findByRole('dialog', { name: MSG_PEDIDO.naoFoiPossivelFinalizar });
    expect(
      within(modal).getByText('O preço do produto X-Burguer foi atualizado para R$ 27,90.'),
    ).toBeInTheDocument();
    expect(
      within(modal).getByText('O valor total do pedido foi atualizado para R$ 61,80.'),
    ).toBeInTheDocument();
    expect(getCart().itens).toHaveLength(2);
    // The menu is asked again to re-price the cart.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/estabelecimento/1/menu/').length).toBeGreaterThan(1),
    );
  });

  it('105 with 1101: after the list, the fee is determined again and asked for', async () => {
    act(() => setEnderecoEscolhido(enderecoSalvo));
    let taxa = 5;
    const { user, calls } = await renderPage({
      extra: [
        (c) =>
          c.method === 'GET' && c.path === '/controle/estabelecimento/1/'
            ? {
                status: 200,
                body: { ...detalhe, taxaentrega_set: [{ ...detalhe.taxaentrega_set[0]!, valor: taxa }] },
              }
            : undefined,
      ],
      pedido: () => ({
        status: 400,
        body: {
          codigo: 105,
          msg: 'Pedido recusado',
          non_field_errors: [{ codigo: 1101, msg: 'A taxa de entrega foi atualizada para R$ 7,00.' }],
        },
      }),
    });
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    await user.click(await screen.findByRole('button', { name: 'Ok, entendi' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    taxa = 7;
    await user.click(finalizar());
    const modal = await screen.findByRole('dialog', { name: MSG_PEDIDO.naoFoiPossivelFinalizar });
    expect(within(modal).getByText('A taxa de entrega foi atualizada para R$ 7,00.')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Ok, entendi' }));
    const novo = await screen.findByRole('dialog', { name: 'Taxa de entrega' });
    expect(
      within(novo).getByText(
        'Sabor da Vila cobra uma taxa de entrega de R$ 7,00 para o bairro Cerqueira César',
      ),
    ).toBeInTheDocument();
    await user.click(within(novo).getByRole('button', { name: 'Ok, entendi' }));
    expect(getCart().taxaentrega).toBe(7);
    expect(calls.filter((c) => c.path === '/controle/estabelecimento/1/').length).toBeGreaterThan(1);
  });

  it('an item no longer on the menu is listed before anything is sent', async () => {
    const { user, calls } = await renderPage({
      extra: [on('GET', '/api/estabelecimento/1/menu/', 200, { grupos: [menu.grupos[0]!] })],
    });
    await preencherRetirada(user);
    await user.click(finalizar());
    const modal = await screen.findByRole('dialog', { name: MSG_PEDIDO.naoFoiPossivelFinalizar });
    expect(
      within(modal).getByText('O produto Refrigerante está indisponível no momento.'),
    ).toBeInTheDocument();
    expect(pedidoCalls(calls)).toHaveLength(0);
  });

  it("409: says the restaurant already has it and 'Limpar Carrinho' empties the cart", async () => {
    const { user } = await renderPage({
      pedido: () => ({
        status: 400,
        body: { codigo: 105, msg: 'O restaurante já recebeu esse pedido', extra: { status_code: 409 } },
      }),
    });
    await preencherRetirada(user);
    await user.click(finalizar());
    expect(await screen.findByText('O restaurante já recebeu esse pedido')).toBeInTheDocument();
    expect(getCart().itens).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Limpar Carrinho' }));
    await waitFor(() => expect(location()).toBe('/pedido'));
    expect(getCart().itens).toHaveLength(0);
  });

  it.each([
    [422, { detail: 'Loja fechada' }, MSG_PEDIDO.lojaFechadaTitulo, MSG_PEDIDO.lojaFechadaTexto],
    [
      400,
      { codigo: 102, msg: 'Pedido mínimo de R$ 80,00' },
      MSG_PEDIDO.pedidoMinimoTitulo,
      'Pedido mínimo de R$ 80,00',
    ],
    [400, { codigo: 102 }, MSG_PEDIDO.pedidoMinimoTitulo, MSG_PEDIDO.pedidoMinimoPadrao],
    [400, { codigo: 103, msg: 'Este cupom expirou.' }, MSG_PEDIDO.cupomInvalido, 'Este cupom expirou.'],
    [400, { codigo: 104 }, MSG_PEDIDO.cupomInvalido, MSG_PEDIDO.cupomIndisponivel],
    [500, { detail: 'boom' }, MSG_PEDIDO.opsTitulo, MSG_PEDIDO.opsTexto],
  ])('%i %j: a persistent notice, the cart kept', async (status, body, title, text) => {
    act(() => setCupom({ codigo: 'DEZ', ehpercentual: false, desconto: 10, limitedesconto: 0 }));
    const { user } = await renderPage({ pedido: () => ({ status, body }) });
    await preencherRetirada(user);
    await user.click(finalizar());
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(getCart().itens).toHaveLength(2);
    expect(location()).toBe('/pagamento');
    // A refused coupon leaves the cart; other refusals keep it.
    const codigo = 'codigo' in body ? body.codigo : undefined;
    expect(getCart().cupom === null).toBe(codigo === 103 || codigo === 104);
    expect(finalizar()).toBeEnabled();
  });

  it('a network drop keeps the form and the cart and says so; the retry sends the same order id', async () => {
    let drop = true;
    const { user, calls } = await renderPage({
      pedido: () => (drop ? 'network-error' : { status: 201, body: { id: 56, referencia: '4321' } }),
    });
    await preencherRetirada(user);
    await user.type(screen.getByRole('textbox', { name: 'Observações' }), 'Sem cebola');
    await user.click(finalizar());
    expect(await screen.findByText(MSG_PEDIDO.pedidoNaoEnviado)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Observações' })).toHaveValue('Sem cebola');
    expect(getCart().itens).toHaveLength(2);
    drop = false;
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/56/'));
    const [a, b] = pedidoCalls(calls).map((c) => c.body as PedidoInput);
    expect(a?.pedido_id).toBe(b?.pedido_id);
  });

  it('shows field errors of the answer on their fields', async () => {
    const { user } = await renderPage({
      pedido: () => ({ status: 400, body: { troco_para: ['O troco precisa ser maior que o total.'] } }),
    });
    await user.click(screen.getByRole('radio', { name: MSG_PEDIDO.receberNoEstabelecimento }));
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    await user.type(screen.getByRole('textbox', { name: /Troco para/ }), '100');
    await user.click(finalizar());
    expect(await screen.findByText('O troco precisa ser maior que o total.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Troco para/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('submits once while the answer is pending', async () => {
    let release: (a: Answer) => void = () => {};
    const pending = new Promise<Answer>((r) => (release = r));
    const mocked = api();
    const fetchMock = mocked.fetchMock;
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        const a = await pending;
        return new Response(JSON.stringify(a === 'network-error' ? {} : a.body), {
          status: a === 'network-error' ? 500 : a.status,
        });
      }
      return original!(input, init);
    });
    const user = userEvent.setup();
    renderPagamento(<PagamentoPage />);
    await screen.findByRole('form', { name: 'Dados do pedido' });
    await preencherRetirada(user);
    await user.click(finalizar());
    await waitFor(() => expect(finalizar()).toBeDisabled());
    await user.click(finalizar());
    release({ status: 201, body: { id: 57, referencia: '1' } });
    await waitFor(() => expect(location()).toBe('/pedido/57/'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
