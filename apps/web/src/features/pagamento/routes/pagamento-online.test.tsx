import { cleanNotifications } from '@mantine/notifications';
import { MSG_CARTAO, MSG_PEDIDO, type PedidoInput } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, getCart } from '../../../stores/cart.ts';
import { sdkFake } from '../../../test/mercadopago-fake.ts';
import { clearEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { clearSession, setTokens } from '../../../stores/session.ts';
import type { ConfigMpi, DadosEventoMpi } from '../lib/mpi.ts';
import {
  cartoesSalvos,
  cliente,
  detalhe,
  enderecoSalvo,
  fillCart,
  formasComOnline,
  menu,
} from '../testing/fixtures.ts';
import { mockApi, on, type Answer, type Call, type Handler } from '../testing/mock-api.ts';
import { renderPagamento } from '../testing/render.tsx';
import PagamentoPage from './pagamento-page.tsx';

// Whole-page journeys with userEvent: a few seconds each, more on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const CREDITO = '4111111111111111';
const DEBITO = '5200000000002151';
const CVV = '123';
const SOP_URL = '/api/ead/sandbox/sop/card/';

interface Setup {
  pedido?: (call: Call) => Answer;
  cartoes?: unknown[];
  extra?: Handler[];
}

function api(s: Setup = {}) {
  let tokens = 0;
  return mockApi(
    ...(s.extra ?? []),
    on('GET', '/controle/estabelecimento/1/', 200, detalhe),
    on('GET', '/api/estabelecimento/1/menu/', 200, menu),
    on('GET', '/api/estabelecimento/1/formapgto/', 200, formasComOnline),
    on('GET', '/api/estabelecimento/1/areas_entrega/', 200, []),
    on('GET', '/controle/cliente/', 200, [cliente]),
    // The checkout asks for establishment 1's account's cards, tokenisation and 3-D Secure (issue 23).
    on('GET', '/controle/cartao/?estabelecimento=1', 200, s.cartoes ?? []),
    on('GET', '/controle/cartao/tokenizacao/?estabelecimento=1', 200, {
      provedor: 'sandbox',
      url: SOP_URL,
      access_token: 'sop',
      expires_in: 600,
    }),
    (call) =>
      call.method === 'POST' && call.path === '/sandbox/sop/card/'
        ? { status: 201, body: { CardToken: `tok-${++tokens}`, PaymentToken: null } }
        : undefined,
    on('GET', '/controle/3ds/token/?estabelecimento=1', 200, {
      access_token: '3ds-token',
      token_type: 'bearer',
      expires_in: 600,
      script_url: '/api/ead/sandbox/3ds/bpmpi.js',
      environment: 'SDB',
    }),
    (call) =>
      call.method === 'POST' && call.path === '/api/estabelecimento/1/pedido/'
        ? (s.pedido?.(call) ?? { status: 201, body: { id: 55, referencia: '1234' } })
        : undefined,
  );
}

const location = () => screen.getByTestId('location').textContent;
const pedidos = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'POST' && c.path === '/api/estabelecimento/1/pedido/')
    .map((c) => c.body as PedidoInput);
const finalizar = () => screen.getByRole('button', { name: MSG_PEDIDO.finalizar });
const painelOnline = () => within(screen.getByRole('tabpanel', { name: 'Pagar online' }));

type Evento = [keyof ConfigMpi, DadosEventoMpi?];

/**
 * A stand-in for the 3-D Secure script's globals: `bpmpi_load` answers onReady, and each
 * `bpmpi_authenticate` reads the bpmpi_* fields and sends `eventos(n)` (n-th authentication).
 */
function fakeMpi(eventos: (n: number) => Evento[]) {
  const lidos: Record<string, string>[] = [];
  window.bpmpi_load = () => window.bpmpi_config?.().onReady();
  window.bpmpi_authenticate = () => {
    const campos: Record<string, string> = {};
    for (const input of document.querySelectorAll<HTMLInputElement>('input[class^="bpmpi_"]')) {
      campos[input.className.replace('bpmpi_', '')] = input.value;
    }
    lidos.push(campos);
    const config = window.bpmpi_config?.();
    const lista = eventos(lidos.length - 1);
    // Like the script: events on their own task.
    setTimeout(() => {
      for (const [nome, dados] of lista)
        (config?.[nome] as ((e?: DadosEventoMpi) => void) | undefined)?.(dados);
    }, 0);
  };
  return { lidos };
}

const autenticado = (ref: string): DadosEventoMpi => ({
  Cavv: `cavv-${ref}`,
  Xid: `xid-${ref}`,
  Eci: '05',
  Version: '2.2.0',
  ReferenceId: ref,
  ReturnCode: null,
  ReturnMessage: null,
});

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
  delete window.bpmpi_load;
  delete window.bpmpi_authenticate;
  delete window.bpmpi_config;
  document.getElementById('bpmpi-campos')?.remove();
  vi.unstubAllGlobals();
});

async function renderPage(s: Setup = {}) {
  const mocked = api(s);
  const user = userEvent.setup();
  const r = renderPagamento(<PagamentoPage />);
  await screen.findByRole('form', { name: 'Dados do pedido' });
  return { ...mocked, ...r, user };
}

type User = ReturnType<typeof userEvent.setup>;

/** Pickup, 'Pagar online', the method named. */
async function escolherOnline(user: User, metodo: string) {
  await user.click(screen.getByRole('radio', { name: MSG_PEDIDO.receberNoEstabelecimento }));
  await user.click(screen.getByRole('tab', { name: 'Pagar online' }));
  await user.click(painelOnline().getByRole('radio', { name: metodo }));
}

async function preencherCartao(user: User, numero: string) {
  const p = painelOnline();
  await user.type(p.getByRole('textbox', { name: /Número do cartão/ }), numero);
  await user.selectOptions(p.getByRole('combobox', { name: /Mês/ }), '05');
  await user.selectOptions(p.getByRole('combobox', { name: /Ano/ }), String(new Date().getFullYear() + 2));
  await user.type(p.getByRole('textbox', { name: /CVV/ }), CVV);
  await user.type(p.getByRole('textbox', { name: /Nome do titular/ }), 'ANA SOUZA');
  await user.type(p.getByRole('textbox', { name: /CPF ou CNPJ/ }), '12345678901');
}

/** No number or CVV reached our API (only the gateway's tokenisation), storage or the cart. */
function semDadosDoCartao(calls: Call[], numero: string) {
  for (const c of calls.filter((x) => x.path !== '/sandbox/sop/card/')) {
    const corpo = JSON.stringify(c.body ?? null);
    expect(corpo).not.toContain(numero);
    expect(corpo).not.toContain(`"${CVV}"`);
  }
  const guardado = JSON.stringify({ ...localStorage });
  expect(guardado).not.toContain(numero);
  expect(JSON.stringify(getCart())).not.toContain(numero);
}

describe("/pagamento, 'Pagar online'", () => {
  it('lists only the online methods; PIX explains itself, debit asks for a card; axe-clean', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Pagar online' }));
    const p = painelOnline();
    expect(p.getAllByRole('radio')).toHaveLength(3);
    expect(p.getByRole('radio', { name: 'Cartão de crédito' })).toBeInTheDocument();
    expect(p.getByRole('radio', { name: 'Cartão de débito' })).toBeInTheDocument();
    expect(p.getByRole('radio', { name: 'PIX' })).toBeInTheDocument();
    expect(p.queryByRole('radio', { name: 'Dinheiro' })).not.toBeInTheDocument();

    await user.click(p.getByRole('radio', { name: 'PIX' }));
    expect(p.getByText(MSG_PEDIDO.pixExplicacao)).toBeInTheDocument();
    expect(p.queryByRole('textbox', { name: /Número do cartão/ })).not.toBeInTheDocument();

    await user.click(p.getByRole('radio', { name: 'Cartão de débito' }));
    expect(p.getByText(MSG_PEDIDO.debitoExplicacao)).toBeInTheDocument();
    expect(p.getByRole('textbox', { name: /Número do cartão/ })).toBeInTheDocument();
    // Debit has no 'Salvar cartão'.
    expect(p.queryByRole('checkbox', { name: /Salvar cartão/ })).not.toBeInTheDocument();
    const options = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };
    expect((await axe.run(document.body, options)).violations.map((v) => v.id)).toEqual([]);
  });

  it('PIX: a prepaid entry without a card, then the order page', async () => {
    const { user, calls } = await renderPage();
    await escolherOnline(user, 'PIX');
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    expect(pedidos(calls)[0]?.pagamentos).toEqual([
      {
        formapgto_id: 4,
        formapgto_sttipopgto: 200,
        descricaoFormaPgto: 'PIX',
        pre_pago: true,
        tipo: 'PIX',
        troco_para: null,
        valor: 6380,
        cartao: null,
      },
    ]);
  });

  it('credit with a saved card: the radio list, then its token in the order (nothing tokenised)', async () => {
    const { user, calls } = await renderPage({ cartoes: cartoesSalvos });
    await escolherOnline(user, 'Cartão de crédito');
    const p = painelOnline();
    const lista = await p.findByRole('radio', { name: 'Mastercard ************4444' });
    expect(p.getByRole('radio', { name: 'Visa ************1111' })).toBeInTheDocument();
    expect(p.getByRole('radio', { name: MSG_PEDIDO.novoCartao })).toBeInTheDocument();
    // Nothing chosen yet: asked for.
    await user.click(finalizar());
    expect(await p.findByText(MSG_PEDIDO.cartaoObrigatorio)).toBeInTheDocument();
    await user.click(lista);
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    expect(pedidos(calls)[0]?.pagamentos[0]).toMatchObject({
      formapgto_id: 2,
      formapgto_sttipopgto: 60,
      pre_pago: true,
      tipo: 'CARTAO',
      cartao: {
        token: 'tok-master-salvo',
        bandeira: 'Master',
        numero: '************4444',
        tipo: 'CREDITO',
        salvar: false,
        cvv: null,
      },
    });
    // Nothing tokenised (the account's provider is asked, to know which card form to show).
    expect(calls.some((c) => c.method === 'POST' && c.path === '/sandbox/sop/card/')).toBe(false);
  });

  it("credit with a new card: tokenised in the browser, 'Salvar cartão', no number or CVV sent to us", async () => {
    const { user, calls } = await renderPage({ cartoes: cartoesSalvos });
    await escolherOnline(user, 'Cartão de crédito');
    await user.click(await painelOnline().findByRole('radio', { name: MSG_PEDIDO.novoCartao }));
    // The card's rules on 'Finalizar'.
    await user.click(finalizar());
    expect(await painelOnline().findByText(MSG_CARTAO.numeroTamanho)).toBeInTheDocument();
    await preencherCartao(user, CREDITO);
    await user.click(painelOnline().getByRole('checkbox', { name: /Salvar cartão/ }));
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    const sop = calls.find((c) => c.path === '/sandbox/sop/card/');
    expect(sop?.body).toMatchObject({ AccessToken: 'sop', RawNumber: CREDITO, SecurityCode: CVV });
    expect(pedidos(calls)[0]?.pagamentos[0]?.cartao).toEqual({
      token: 'tok-1',
      bandeira: 'Visa',
      titular: 'ANA SOUZA',
      cnpjoucpf: '12345678901',
      expiracao: `05/${new Date().getFullYear() + 2}`,
      tipo: 'CREDITO',
      salvar: true,
      numero: '************1111',
      cvv: null,
      external_authentication: null,
    });
    semDadosDoCartao(calls, CREDITO);
  });

  it('a refused card (106/501): the gateway’s reason, the cart kept, number and CVV cleared', async () => {
    const { user, calls } = await renderPage({
      pedido: () => ({
        status: 400,
        body: {
          codigo: 106,
          msg: 'Pagamento recusado',
          extra: { codigo: 501, msg: 'x', Payment: { ReturnCode: '57', ReturnMessage: 'Cartão Expirado' } },
        },
      }),
    });
    await escolherOnline(user, 'Cartão de crédito');
    await preencherCartao(user, CREDITO);
    await user.click(finalizar());
    expect(await screen.findByText('Cartão Expirado')).toBeInTheDocument();
    expect(screen.getByText(MSG_PEDIDO.pagamentoOnlineTitulo)).toBeInTheDocument();
    expect(location()).toBe('/pagamento');
    expect(getCart().itens).toHaveLength(2);
    const p = painelOnline();
    await waitFor(() => expect(p.getByRole('textbox', { name: /Número do cartão/ })).toHaveValue(''));
    expect(p.getByRole('textbox', { name: /CVV/ })).toHaveValue('');
    expect(p.getByRole('textbox', { name: /Nome do titular/ })).toHaveValue('ANA SOUZA');
    expect(p.getByRole('combobox', { name: /Mês/ })).toHaveValue('05');
    expect(p.getByRole('textbox', { name: /Número do cartão/ })).toHaveFocus();
    expect(finalizar()).toBeEnabled();
    semDadosDoCartao(calls, CREDITO);
  });

  it('a tokenisation refusal shows on its field and sends no order', async () => {
    const { user, calls } = await renderPage({
      extra: [
        on('POST', '/sandbox/sop/card/', 400, [{ Code: 126, Message: 'Data de expiração é inválida' }]),
      ],
    });
    await escolherOnline(user, 'Cartão de crédito');
    await preencherCartao(user, CREDITO);
    await user.click(finalizar());
    expect(await painelOnline().findByText(MSG_CARTAO.expiracaoInvalida)).toBeInTheDocument();
    expect(painelOnline().getByRole('combobox', { name: /Mês/ })).toHaveFocus();
    expect(pedidos(calls)).toHaveLength(0);
  });
});

describe('/pagamento, debit with 3-D Secure', () => {
  async function pagarDebito(user: User) {
    await escolherOnline(user, 'Cartão de débito');
    await preencherCartao(user, DEBITO);
    await user.click(finalizar());
  }

  it('success: the bpmpi fields filled, one order with the authentication, the number gone from the page', async () => {
    const mpi = fakeMpi(() => [['onSuccess', autenticado('ref-1')]]);
    const { user, calls } = await renderPage();
    await pagarDebito(user);
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    expect(mpi.lidos).toEqual([
      {
        accesstoken: '3ds-token',
        ordernumber: getCartPedidoId(calls),
        currency: 'BRL',
        totalamount: '6380',
        installments: '1',
        paymentmethod: 'Debit',
        cardnumber: DEBITO,
        cardexpirationmonth: '05',
        cardexpirationyear: String(new Date().getFullYear() + 2),
        auth: 'true',
      },
    ]);
    expect(window.bpmpi_config?.().Environment).toBe('SDB');
    const [pedido, ...outros] = pedidos(calls);
    expect(outros).toHaveLength(0);
    expect(pedido?.pagamentos[0]).toMatchObject({
      formapgto_id: 3,
      formapgto_sttipopgto: 61,
      pre_pago: true,
      tipo: 'CARTAO',
      cartao: {
        token: 'tok-1',
        tipo: 'DEBITO',
        salvar: false,
        numero: '************2151',
        cvv: null,
        external_authentication: {
          cavv: 'cavv-ref-1',
          xid: 'xid-ref-1',
          eci: '05',
          version: '2.2.0',
          referenceid: 'ref-1',
        },
      },
    });
    expect(document.querySelector<HTMLInputElement>('input.bpmpi_cardnumber')?.value ?? '').toBe('');
    semDadosDoCartao(calls, DEBITO);
  });

  it('the same ReferenceId twice submits once', async () => {
    fakeMpi(() => [
      ['onSuccess', autenticado('ref-1')],
      ['onSuccess', autenticado('ref-1')],
    ]);
    const { user, calls } = await renderPage();
    await pagarDebito(user);
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(pedidos(calls)).toHaveLength(1);
  });

  it.each(['onFailure', 'onUnenrolled'] as const)(
    '%s: submitted with its fields, the gateway decides',
    async (evento) => {
      fakeMpi(() => [[evento, { ...autenticado('ref-f'), Cavv: null, Eci: '07', ReturnCode: '5' }]]);
      const { user, calls } = await renderPage();
      await pagarDebito(user);
      await waitFor(() => expect(pedidos(calls)).toHaveLength(1));
      expect(pedidos(calls)[0]?.pagamentos[0]?.cartao?.external_authentication).toEqual({
        cavv: null,
        xid: 'xid-ref-f',
        eci: '07',
        version: '2.2.0',
        referenceid: 'ref-f',
      });
    },
  );

  it.each([
    ['onError', MSG_PEDIDO.autenticacaoDebitoErro],
    ['onUnsupportedBrand', 'Para débito, por favor, utilize Mastercard ou Visa.'],
    ['onDisabled', MSG_PEDIDO.autenticacaoDebitoErro],
  ] as const)('%s: says so in Portuguese and submits nothing', async (evento, texto) => {
    fakeMpi(() => [[evento, { ReturnCode: 'MPI900', ReturnMessage: 'Erro' }]]);
    const { user, calls } = await renderPage();
    await pagarDebito(user);
    expect(await screen.findByText(texto)).toBeInTheDocument();
    expect(screen.getByText(MSG_PEDIDO.pagamentoOnlineTitulo)).toBeInTheDocument();
    await waitFor(() => expect(finalizar()).toBeEnabled());
    expect(pedidos(calls)).toHaveLength(0);
    expect(location()).toBe('/pagamento');
  });

  it('after a refused debit order, the next Finalizar authenticates again and sends only the new reference', async () => {
    let recusar = true;
    // The second authentication first repeats the submitted reference: not sent again.
    const mpi = fakeMpi((n) =>
      n === 0
        ? [['onSuccess', autenticado('ref-1')]]
        : [
            ['onSuccess', autenticado('ref-1')],
            ['onSuccess', autenticado('ref-2')],
          ],
    );
    const { user, calls } = await renderPage({
      pedido: () =>
        recusar
          ? {
              status: 400,
              body: { codigo: 106, extra: { codigo: 501, Payment: { ReturnMessage: 'Não Autorizada' } } },
            }
          : { status: 201, body: { id: 56, referencia: '4321' } },
    });
    await pagarDebito(user);
    expect(await screen.findByText('Não Autorizada')).toBeInTheDocument();
    expect(getCart().itens).toHaveLength(2);
    recusar = false;
    // The number and CVV were cleared: typed again.
    const p = painelOnline();
    await user.type(p.getByRole('textbox', { name: /Número do cartão/ }), DEBITO);
    await user.type(p.getByRole('textbox', { name: /CVV/ }), CVV);
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/56/'));
    expect(mpi.lidos).toHaveLength(2);
    const refs = pedidos(calls).map((x) => x.pagamentos[0]?.cartao?.external_authentication?.referenceid);
    expect(refs).toEqual(['ref-1', 'ref-2']);
    // The same order id: a refused payment leaves no order.
    expect(pedidos(calls)[0]?.pedido_id).toBe(pedidos(calls)[1]?.pedido_id);
  });

  it('debit refuses an Elo card before anything is sent', async () => {
    fakeMpi(() => []);
    const { user, calls } = await renderPage();
    await escolherOnline(user, 'Cartão de débito');
    await preencherCartao(user, '6362970000457013');
    await user.click(finalizar());
    expect(await painelOnline().findByText(MSG_CARTAO.debitoSomenteMasterVisa)).toBeInTheDocument();
    // Nothing tokenised (the account's provider is asked, to know which card form to show).
    expect(calls.some((c) => c.method === 'POST' && c.path === '/sandbox/sop/card/')).toBe(false);
    expect(pedidos(calls)).toHaveLength(0);
  });
});

describe('/pagamento, drop-off place', () => {
  it("offers 'Portão…' and 'Portaria…' only while 'Pagar online' is chosen", async () => {
    act(() => setEnderecoEscolhido(enderecoSalvo));
    const { user, calls } = await renderPage();
    await user.click(screen.getByRole('radio', { name: 'Entregar no meu endereço' }));
    await user.click(await screen.findByRole('button', { name: 'Ok, entendi' }));
    const local = () => screen.getByRole('combobox', { name: /Local de entrega/ });
    const opcoes = () =>
      within(local())
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(opcoes()).toEqual(['Quero encontrar o entregador.']);
    expect(screen.getByText(MSG_PEDIDO.locaisSoComOnline)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Pagar online' }));
    expect(opcoes()).toEqual([
      'Quero encontrar o entregador.',
      'Portão da casa / prédio.',
      'Portaria do prédio / condomínio.',
    ]);
    await user.selectOptions(local(), 'Portaria do prédio / condomínio.');

    // Back to paying on delivery: the default again.
    await user.click(screen.getByRole('tab', { name: 'Pagar na entrega' }));
    expect(local()).toHaveValue('Quero encontrar o entregador.');
    expect(opcoes()).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Pagar online' }));
    await user.selectOptions(local(), 'Portão da casa / prédio.');
    await user.click(painelOnline().getByRole('radio', { name: 'PIX' }));
    await user.click(finalizar());
    await waitFor(() => expect(pedidos(calls)).toHaveLength(1));
    expect(pedidos(calls)[0]?.endereco_togo).toBe('Portão da casa / prédio.');
  });
});

/** The order id the cart had when the order was built (the cart is cleared after success). */
function getCartPedidoId(calls: Call[]): string {
  return pedidos(calls)[0]?.pedido_id ?? '';
}

describe('/pagamento with a Mercado Pago account (issue 23): Secure Fields', () => {
  const MP = on('GET', '/controle/cartao/tokenizacao/?estabelecimento=1', 200, {
    provedor: 'mercadopago',
    url: 'https://sdk.mercadopago.example/js/v2',
    access_token: 'APP_USR-pk',
    expires_in: 86_400,
  });
  const valido = { errorMessages: [] };

  it('a new card: typed in the frames, the order carries the token and what its answer tells', async () => {
    const mp = sdkFake(async () => ({
      id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
      last_four_digits: '5682',
      expiration_month: 11,
      expiration_year: 2031,
    }));
    const { user, calls } = await renderPage({ extra: [MP] });
    await escolherOnline(user, 'Cartão de crédito');
    await waitFor(() => expect(mp.montado('securityCode')).toBeDefined());
    const p = painelOnline();
    expect(p.queryByRole('textbox', { name: /Número do cartão/ })).toBeNull();
    expect(p.getByTitle('Número do cartão').tagName).toBe('IFRAME');
    // Nothing typed: the frames' errors, no token asked, no order.
    await user.click(finalizar());
    expect(await p.findByText(MSG_CARTAO.numeroTamanho)).toHaveAttribute('role', 'alert');
    expect(mp.createCardToken).not.toHaveBeenCalled();
    mp.montado('cardNumber')!.emitir('binChange', { field: 'cardNumber', bin: '42356477' });
    for (const t of ['cardNumber', 'expirationDate', 'securityCode'] as const) {
      mp.montado(t)!.emitir('validityChange', { field: t, ...valido });
    }
    await user.type(p.getByRole('textbox', { name: /Nome do titular/ }), 'APRO');
    await user.type(p.getByRole('textbox', { name: /CPF ou CNPJ/ }), '52998224725');
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    expect(mp.createCardToken).toHaveBeenCalledWith({
      cardholderName: 'APRO',
      identificationType: 'CPF',
      identificationNumber: '52998224725',
    });
    expect(pedidos(calls)[0]?.pagamentos[0]?.cartao).toMatchObject({
      token: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
      bandeira: 'Visa',
      numero: '************5682',
      expiracao: '11/2031',
      tipo: 'CREDITO',
      salvar: false,
      cvv: null,
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/sandbox/sop/card/')).toBe(false);
  });

  it('a refusal on the number shows on its frame and sends no order', async () => {
    const mp = sdkFake(async () => {
      throw Object.assign(new Error('bad request'), { cause: [{ code: 'E301' }] });
    });
    const { user, calls } = await renderPage({ extra: [MP] });
    await escolherOnline(user, 'Cartão de crédito');
    await waitFor(() => expect(mp.montado('securityCode')).toBeDefined());
    mp.montado('cardNumber')!.emitir('binChange', { field: 'cardNumber', bin: '42356477' });
    for (const t of ['cardNumber', 'expirationDate', 'securityCode'] as const) {
      mp.montado(t)!.emitir('validityChange', { field: t, ...valido });
    }
    const p = painelOnline();
    await user.type(p.getByRole('textbox', { name: /Nome do titular/ }), 'APRO');
    await user.type(p.getByRole('textbox', { name: /CPF ou CNPJ/ }), '52998224725');
    await user.click(finalizar());
    expect(await p.findByText(MSG_CARTAO.numeroInvalido)).toHaveAttribute('role', 'alert');
    expect(pedidos(calls)).toHaveLength(0);
  });

  it('a saved card asks its CVV in a frame and sends a one-use token of its cardId, not the saved reference', async () => {
    const mp = sdkFake(async () => ({ id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', card_id: '9911' }));
    const salvo = { ...cartoesSalvos[0]!, token: 'c9911-1234567-AbCdEf' };
    const { user, calls } = await renderPage({ extra: [MP], cartoes: [salvo] });
    await escolherOnline(user, 'Cartão de crédito');
    const p = painelOnline();
    await user.click(await p.findByRole('radio', { name: /\*{12}1111/ }));
    await waitFor(() => expect(mp.montado('securityCode')).toBeDefined());
    expect(mp.montado('cardNumber')).toBeUndefined();
    await user.click(finalizar());
    expect(await p.findByText(MSG_CARTAO.cvvInvalido)).toHaveAttribute('role', 'alert');
    expect(mp.createCardToken).not.toHaveBeenCalled();
    expect(pedidos(calls)).toHaveLength(0);
    mp.montado('securityCode')!.emitir('validityChange', { field: 'securityCode', ...valido });
    await user.click(finalizar());
    await waitFor(() => expect(location()).toBe('/pedido/55/'));
    expect(mp.createCardToken).toHaveBeenCalledWith({ cardId: '9911' });
    expect(pedidos(calls)[0]?.pagamentos[0]?.cartao).toMatchObject({
      token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      numero: '************1111',
      salvar: false,
      cvv: null,
      expiracao: null,
    });
  });
});
