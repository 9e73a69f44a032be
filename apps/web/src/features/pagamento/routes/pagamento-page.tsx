import '../../../components/overlay-styles.ts';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import {
  Alert,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  centsToReais,
  chooseDeliveryFee,
  formatBRL,
  isStoreOpen,
  LOCAL_ENTREGA_PADRAO,
  MAX_OBSERVACOES,
  MSG_CARTAO,
  MSG_PEDIDO,
  novoNumeroPedido,
  telefoneCheckoutValido,
  textoTaxaEntrega,
  TIPO_PGTO,
  type EnderecoLocal,
  type FormaPgto,
} from '@rango/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { getCartoesQueryOptions, TokenizacaoError, tokenizarCartao } from '../../../api/cartoes.ts';
import { useCliente } from '../../../api/cliente.ts';
import { getEstabelecimentoQueryOptions, useEstabelecimento } from '../../../api/get-estabelecimento.ts';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { useFormasPgto } from '../../../api/get-formas-pgto.ts';
import { useCartaoForm, type CartaoDados } from '../../../components/cartao-form/use-cartao-form.ts';
import { useMenu } from '../../../api/get-menu.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { repriceWithMenu } from '../../../lib/cart-item.ts';
import { semQuebraMoeda } from '../../../lib/sem-quebra.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getVisitedEstablishmentPath } from '../../../storage/visited.ts';
import {
  cartTotals,
  clearCart,
  repriceItems,
  useCart,
  type CartEstablishment,
} from '../../../stores/cart.ts';
import { removeCupom, restartPedidoId, setAbono, setTaxaEntrega } from '../../../stores/cart-actions.ts';
import { useEnderecoEscolhido } from '../../../stores/endereco.ts';
import { useIsLoggedIn } from '../../../stores/session.ts';
import { useAreasEntrega } from '../api/get-areas-entrega.ts';
import { useCriarPedido } from '../api/criar-pedido.ts';
import { getToken3ds } from '../api/get-token-3ds.ts';
import { AgendamentoSection } from '../components/agendamento-section.tsx';
import { ErrosPedidoModal, SemEntregaModal, TaxaEntregaModal } from '../components/avisos-modais.tsx';
import { CupomDrawer } from '../components/cupom-drawer.tsx';
import { EntregaSection, ID_TAXA, type EstadoTaxa } from '../components/entrega-section.tsx';
import { temCartoesSalvos, type EstadoCartoes } from '../components/pagamento-online.tsx';
import { PagamentoSection } from '../components/pagamento-section.tsx';
import classes from '../components/pagamento.module.css';
import { ResumoPedido } from '../components/resumo-pedido.tsx';
import { TelefoneModal } from '../components/telefone-modal.tsx';
import { useEnderecoSelectorPedido } from '../../../stores/endereco-selector.ts';
import {
  buildPedido,
  produtosPorId,
  type CartaoPedido,
  type DadosPedido,
  type PagamentoOnline,
} from '../lib/build-pedido.ts';
import {
  autenticarMpi,
  carregarMpi,
  decidirMpi,
  esquecerCartaoMpi,
  pararMpi,
  preencherCamposMpi,
  type ResultadoMpi,
} from '../lib/mpi.ts';
import {
  classificarFalha,
  pedeNovaTaxa,
  pedeNovosPrecos,
  type CampoPedido,
} from '../lib/resultado-pedido.ts';
import { isoAgendado } from '../lib/agendamento.ts';
import { parseTroco } from '../lib/troco.ts';
import {
  formaEscolhida,
  formaOnlineEscolhida,
  pedeCartaoNovo,
  validarPagamento,
  type ErrosPagamento,
  type PagamentoValues,
} from '../lib/validar.ts';

const FORM_ID = 'pagamento-form';
/** The form's fields in screen order: the first with an error takes the focus. */
const ORDEM_CAMPOS = [
  'data',
  'hora',
  'tipo',
  'endereco',
  'localEntrega',
  'formapgto',
  'formaOnline',
  'cartaoSalvo',
  'troco',
  'observacoes',
];

const digitos = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/** Moves the focus to the first field with an error, so a keyboard user lands on it. */
function focarPrimeiroErro(erros: Partial<Record<string, unknown>>): void {
  const campo = ORDEM_CAMPOS.find((c) => erros[c]);
  if (!campo) return;
  const el = document.getElementById(`pg-${campo}`);
  if (!el) return;
  const alvo =
    el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement
      ? el
      : (el.querySelector<HTMLElement>('input:checked, input, button, select') ?? el);
  alvo.focus();
}

/** Ticks every 30 s so the offered times and the closed-store notice follow the clock. */
function useAgora(): Date {
  const [agora, setAgora] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setAgora(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  return agora;
}

function notificar(title: string | undefined, message: string, color = 'red'): void {
  // Spec section 8: the order submission's notices stay until closed.
  notifications.show({ color, title, message, autoClose: false });
}

/**
 * /pagamento (spec sections 2, 5, 8): the order summary, the coupon drawer, when, delivery or
 * pickup, observations, payment on delivery, and 'Finalizar'. An empty cart goes back to its
 * establishment, else to the last visited one, else home.
 */
export default function PagamentoPage() {
  useDocumentTitle('Pagamento');
  const cart = useCart();
  // Set just before the cart is emptied on success (or 'Limpar Carrinho'): the page is leaving,
  // so the empty cart must not redirect to the menu on the way.
  const [saindo, setSaindo] = useState(false);
  const est = cart.estabelecimento;
  if (saindo) return null;
  if (!est || cart.itens.length === 0) {
    return (
      <Navigate
        replace
        to={est ? paths.estabelecimento(est.id) : (getVisitedEstablishmentPath() ?? paths.home)}
      />
    );
  }
  return <Checkout key={est.id} est={est} onSaindo={() => setSaindo(true)} />;
}

function Carregando() {
  return (
    <div className={classes.layout} aria-busy="true">
      <VisuallyHidden>Carregando os dados do pagamento…</VisuallyHidden>
      <Stack gap="md">
        <Skeleton height={90} radius="md" />
        <Skeleton height={180} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
      <Skeleton height={320} radius="md" />
    </div>
  );
}

function Checkout({ est, onSaindo }: { est: CartEstablishment; onSaindo: () => void }) {
  const id = est.id;
  const cart = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detalheQ = useEstabelecimento(id);
  const menuQ = useMenu(id);
  const formasQ = useFormasPgto(id);
  const areasQ = useAreasEntrega(id);
  const clienteQ = useCliente();
  const enderecoEscolhido = useEnderecoEscolhido();
  const agora = useAgora();
  const criar = useCriarPedido();
  const [numeroPedido] = useState(() => novoNumeroPedido());
  const [cupomAberto, setCupomAberto] = useState(false);
  const [errosPedido, setErrosPedido] = useState<string[] | null>(null);
  const [telefonePrompt, setTelefonePrompt] = useState<{ erro: string | null } | null>(null);
  const enviando = useRef(false);
  // 'Pagar online' with a new card: what is going on after 'Finalizar' (shown, and it blocks
  // another 'Finalizar').
  const [progresso, setProgresso] = useState<string | null>(null);
  /** A debit order waiting for its 3-D Secure outcome. */
  const debitoPendente = useRef<{ dados: DadosPedido; cartao: CartaoPedido } | null>(null);
  /** The last ReferenceId submitted: the script's events submit once per new one (spec section 4). */
  const ultimaReferencia = useRef<string | null>(null);
  const abortar = useRef<AbortController | null>(null);
  // A card field to focus once the form is enabled again (it is disabled while the card is sent).
  const [focoPendente, setFocoPendente] = useState<string | null>(null);
  useEffect(() => {
    if (focoPendente === null || progresso !== null) return;
    document.getElementById(focoPendente)?.focus();
    setFocoPendente(null);
  }, [focoPendente, progresso]);
  // Leaving the page: no authentication goes on listening, no card number stays in the page.
  useEffect(
    () => () => {
      abortar.current?.abort();
      pararMpi();
    },
    [],
  );

  // The summary and the order show what the engine computes from today's menu.
  useEffect(() => {
    if (menuQ.data) repriceItems(id, repriceWithMenu(menuQ.data));
  }, [menuQ.data, id]);
  // A cart from an older version may lack its order id.
  useEffect(() => {
    if (!cart.pedidoid) restartPedidoId();
  }, [cart.pedidoid]);

  const form = useForm<PagamentoValues>({
    mode: 'controlled',
    initialValues: {
      agendar: false,
      data: '',
      hora: '',
      tipo: '',
      observacoes: '',
      localEntrega: LOCAL_ENTREGA_PADRAO,
      aba: 'entrega',
      formapgto: '',
      formaOnline: '',
      cartaoSalvo: '',
      troco: '',
    },
  });
  const values = form.values;
  const tipo = values.tipo;
  const formas = formasQ.data ?? [];
  const formaOnline = formaOnlineEscolhida(values, formas);
  const creditoOnline = values.aba === 'online' && formaOnline?.sttipopgto === TIPO_PGTO.Credito;

  // The new card (online credit and debit): its number and CVV stay in this component's state.
  const cartao = useCartaoForm({ debito: formaOnline?.sttipopgto === TIPO_PGTO.Debito });
  // Saved cards, asked for once online credit is chosen.
  const logado = useIsLoggedIn();
  const cartoesQ = useQuery({ ...getCartoesQueryOptions(), enabled: logado && creditoOnline });
  const estadoCartoes: EstadoCartoes = cartoesQ.data
    ? { estado: 'ok', lista: cartoesQ.data }
    : cartoesQ.isError
      ? { estado: 'erro', tentarDeNovo: () => void cartoesQ.refetch() }
      : { estado: 'carregando' };

  // Only a saved address (with its server id) can be sent; a visitor's local one is being carried over.
  const endereco =
    enderecoEscolhido && enderecoEscolhido.id !== undefined
      ? (enderecoEscolhido as EnderecoLocal & { id: number })
      : null;
  const detalhe = detalheQ.data;

  // Spec section 4: the fee for the chosen address, by delivery circles or the bairro table.
  const taxa = useMemo(() => {
    if (tipo !== 'DELIVERY' || !endereco || !detalhe || !areasQ.data) return null;
    return chooseDeliveryFee({ areas: areasQ.data, taxasentrega: detalhe.taxaentrega_set, endereco });
  }, [tipo, endereco, detalhe, areasQ.data]);
  const taxaReais = taxa?.entrega ? centsToReais(taxa.taxaCents) : null;
  const abonoReais = taxa?.entrega && taxa.abonoCents !== null ? centsToReais(taxa.abonoCents) : null;
  // The cart holds another fee than this address's: the customer is told before it applies.
  const taxaPendente =
    taxa?.entrega === true && (cart.taxaentrega !== taxaReais || cart.abono !== abonoReais);
  const atualizando = detalheQ.isFetching || areasQ.isFetching;
  // The fee dialogs wait for the address selector to close: never a dialog over a dialog.
  const seletorAberto = useEnderecoSelectorPedido();
  const mostrarTaxa = tipo === 'DELIVERY' && taxa?.entrega === true && !taxaPendente;
  // 'Finalizar' pressed while the 'Taxa de entrega' modal waited for fresh data: it opens anyway
  // (a fee that then changes is asked for again).
  const [taxaPedida, setTaxaPedida] = useState(false);
  if (taxaPedida && !taxaPendente) setTaxaPedida(false);

  // Pickup has no fee: the cart drops it, so the drawer and the order agree.
  useEffect(() => {
    if (tipo === 'TOGO' && (cart.taxaentrega !== null || cart.abono !== null)) {
      setTaxaEntrega(null);
      setAbono(null);
    }
  }, [tipo, cart.taxaentrega, cart.abono]);

  function aceitarTaxa() {
    setTaxaPedida(false);
    setTaxaEntrega(taxaReais);
    setAbono(abonoReais);
  }

  /**
   * Delivery without a fee agreed yet: 'Finalizar' never does nothing. A fee on the way or failed
   * takes the focus to the address button (described by 'Calculando a taxa de entrega…') or to the
   * failure alert; a fee waiting to be shown opens its modal. No delivery there: its modal is open.
   */
  function avisarTaxa() {
    if (taxa === null) {
      document.getElementById(areasQ.isError ? ID_TAXA : 'pg-endereco')?.focus();
    } else if (taxaPendente) {
      setTaxaPedida(true);
    }
  }

  const totals = cartTotals({
    ...cart,
    estabelecimento: { ...est, pedidominimo: detalhe?.pedidominimo ?? est.pedidominimo },
    taxaentrega: mostrarTaxa ? cart.taxaentrega : null,
    abono: mostrarTaxa ? cart.abono : null,
  });
  function contexto(now: Date) {
    return {
      horarios: detalhe?.horariofuncionamento_set ?? [],
      agora: now,
      formas,
      total: totals.total,
      temEndereco: endereco !== null,
      temCartoesSalvos: temCartoesSalvos(estadoCartoes),
    };
  }

  function mostrarErros(erros: ErrosPagamento) {
    form.setErrors(erros);
    focarPrimeiroErro(erros);
  }

  /** `cartaoNovo`: the order was paid with a card typed now (a refusal clears its number and CVV). */
  function tratarFalha(error: unknown, cartaoNovo = false) {
    const falha =
      error instanceof ApiError ? classificarFalha(error.status, error.data) : ({ tipo: 'ops' } as const);
    const estabelecimentoKey = getEstabelecimentoQueryOptions(id).queryKey;
    switch (falha.tipo) {
      case 'rede':
        notificar(MSG_PEDIDO.pedidoNaoEnviadoTitulo, MSG_PEDIDO.pedidoNaoEnviado, 'yellow');
        return;
      case 'loja-fechada':
        notificar(MSG_PEDIDO.lojaFechadaTitulo, MSG_PEDIDO.lojaFechadaTexto);
        void queryClient.invalidateQueries({ queryKey: estabelecimentoKey });
        return;
      case 'pedido-minimo':
        notificar(MSG_PEDIDO.pedidoMinimoTitulo, falha.msg);
        void queryClient.invalidateQueries({ queryKey: estabelecimentoKey });
        return;
      case 'pagamento-online':
        notificar(MSG_PEDIDO.pagamentoOnlineTitulo, falha.msg);
        // No order was made and the cart stays; the card is typed again (holder and expiry kept).
        if (cartaoNovo) {
          cartao.limpar();
          setFocoPendente(cartao.ids.numero);
        }
        return;
      case 'cupom':
        notificar(MSG_PEDIDO.cupomInvalido, falha.msg);
        // The server will not take it again: the order goes on without it.
        removeCupom();
        return;
      case 'duplicado': {
        const idAviso = 'pedido-duplicado';
        notifications.show({
          id: idAviso,
          color: 'red',
          autoClose: false,
          message: (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{falha.msg}</Text>
              {/* Red 9: white on the filled red 7 is 3.8:1 (axe color-contrast); on red 9, 5.4:1. */}
              <Button
                size="compact-sm"
                color="red.9"
                onClick={() => {
                  notifications.hide(idAviso);
                  onSaindo();
                  clearCart();
                  void navigate(paths.pedidos);
                }}
              >
                {MSG_PEDIDO.limparCarrinho}
              </Button>
            </Stack>
          ),
        });
        return;
      }
      case 'recusado': {
        setErrosPedido(falha.erros.map((e) => e.msg));
        const taxaMudou = falha.erros.some((e) => pedeNovaTaxa(e.codigo));
        if (taxaMudou && tipo === 'DELIVERY') {
          // Forget the fee: once the establishment's data is fresh, the 'Taxa de entrega' modal asks again.
          setTaxaEntrega(null);
          setAbono(null);
        }
        if (taxaMudou || falha.erros.some((e) => pedeNovosPrecos(e.codigo))) {
          // Fresh establishment, areas and menu; the menu effect re-prices the cart.
          void queryClient.invalidateQueries({ queryKey: estabelecimentoKey });
        }
        return;
      }
      case 'campos': {
        const { telefone, ...resto } = falha.campos as Partial<Record<CampoPedido, string>>;
        // The payment's errors belong to the tab it was chosen in.
        if (resto.formapgto && form.getValues().aba === 'online') {
          resto.formaOnline = resto.formapgto;
          delete resto.formapgto;
        }
        if (Object.keys(resto).length > 0) mostrarErros(resto);
        if (telefone) setTelefonePrompt({ erro: telefone });
        return;
      }
      case 'ops':
        notificar(MSG_PEDIDO.opsTitulo, MSG_PEDIDO.opsTexto);
        return;
    }
  }

  /** Sends the order; `cartaoNovo`/`debito` say how it was paid (what a refusal resets). */
  function submeter(
    dados: DadosPedido,
    online: PagamentoOnline | null,
    { cartaoNovo = false, debito = false } = {},
  ) {
    const montado = buildPedido({ ...dados, online });
    if (!montado.ok) {
      setErrosPedido(montado.erros);
      terminarProgresso();
      return;
    }
    enviando.current = true;
    criar.mutate(montado.pedido, {
      onSuccess: (criado) => {
        onSaindo();
        // The orders badge and lists now have one more.
        void queryClient.invalidateQueries({ queryKey: PEDIDOS_KEY });
        clearCart();
        void navigate(paths.pedido(criado.id));
      },
      onError: (error) => {
        // Spec section 4: after a failed submission with debit, authentication resets — nothing
        // of this one is kept, so the next 'Finalizar' authenticates again.
        if (debito) debitoPendente.current = null;
        tratarFalha(error, cartaoNovo);
      },
      onSettled: terminarProgresso,
    });
  }

  function terminarProgresso() {
    enviando.current = false;
    setProgresso(null);
  }

  /** The order's data apart from the payment. */
  function dadosPedido(v: PagamentoValues, telefone: string, forma: FormaPgto): DadosPedido | null {
    const cliente = clienteQ.data;
    if (!cliente || !detalhe || !menuQ.data) return null;
    return {
      cart,
      produtos: produtosPorId(menuQ.data.grupos),
      detalhe,
      cliente,
      telefone,
      tipo: v.tipo === 'DELIVERY' ? 'DELIVERY' : 'TOGO',
      endereco,
      entregueAs: v.agendar ? isoAgendado(v.data, v.hora) : null,
      observacoes: v.observacoes,
      localEntrega: v.localEntrega || null,
      forma,
      trocoPara: parseTroco(v.troco),
      numeroPedido,
    };
  }

  function enviar(v: PagamentoValues, telefone: string) {
    if (enviando.current) return;
    const online = v.aba === 'online';
    const forma = online ? formaOnlineEscolhida(v, formas) : formaEscolhida(v, formas);
    const dados = forma ? dadosPedido(v, telefone, forma) : null;
    if (!forma || !dados) return;
    if (!online) {
      submeter(dados, null);
      return;
    }
    if (forma.sttipopgto === TIPO_PGTO.Pix) {
      submeter(dados, { tipo: 'PIX' });
      return;
    }
    if (!pedeCartaoNovo(v, forma, temCartoesSalvos(estadoCartoes))) {
      const salvo = cartoesQ.data?.find((c) => String(c.id) === v.cartaoSalvo);
      if (!salvo) {
        mostrarErros({ cartaoSalvo: MSG_PEDIDO.cartaoObrigatorio });
        return;
      }
      // A saved card is paid by its token.
      submeter(dados, {
        tipo: 'CARTAO',
        cartao: {
          token: salvo.token,
          bandeira: salvo.bandeira,
          titular: salvo.titular,
          cnpjoucpf: salvo.cnpjoucpf,
          expiracao: null,
          final: salvo.numero,
          tipo: 'CREDITO',
          salvar: false,
          autenticacao: null,
        },
      });
      return;
    }
    const card = cartao.validar();
    if (!card) return;
    // Items no longer on the menu are said before the card goes anywhere.
    const previa = buildPedido(dados);
    if (!previa.ok) {
      setErrosPedido(previa.erros);
      return;
    }
    void pagarComCartaoNovo(dados, card, forma.sttipopgto === TIPO_PGTO.Debito, previa.pedido.total);
  }

  /**
   * A card typed now: tokenised in the browser (the number and CVV go to the gateway only), then
   * credit is sent at once and debit first goes through 3-D Secure (the outcome sends it).
   */
  async function pagarComCartaoNovo(dados: DadosPedido, card: CartaoDados, debito: boolean, total: number) {
    enviando.current = true;
    abortar.current?.abort();
    const controller = new AbortController();
    abortar.current = controller;
    const { signal } = controller;
    setProgresso(MSG_PEDIDO.validandoCartao);
    let token: string;
    try {
      token = await tokenizarCartao(card, signal);
    } catch (e) {
      if (signal.aborted) return;
      terminarProgresso();
      falhaTokenizacao(e);
      return;
    }
    const cartaoPedido: CartaoPedido = {
      token,
      bandeira: card.bandeira,
      titular: card.titular,
      cnpjoucpf: card.cnpjoucpf,
      expiracao: card.expiracao,
      final: card.numero.slice(-4),
      tipo: debito ? 'DEBITO' : 'CREDITO',
      salvar: !debito && card.salvar,
      autenticacao: null,
    };
    if (!debito) {
      submeter(dados, { tipo: 'CARTAO', cartao: cartaoPedido }, { cartaoNovo: true });
      return;
    }
    setProgresso(MSG_PEDIDO.autenticandoDebito);
    try {
      const t = await getToken3ds(signal);
      const [mes = '', ano = ''] = card.expiracao.split('/');
      preencherCamposMpi({
        accesstoken: t.access_token,
        ordernumber: dados.cart.pedidoid ?? '',
        totalamount: String(total),
        cardnumber: card.numero,
        cardexpirationmonth: mes,
        cardexpirationyear: ano,
      });
      // Spec section 9: production unless the token says sandbox.
      await carregarMpi(t.script_url, t.environment === 'SDB' ? 'SDB' : 'PRD', { signal });
    } catch {
      esquecerCartaoMpi();
      if (signal.aborted) return;
      terminarProgresso();
      notificar(MSG_PEDIDO.pagamentoOnlineTitulo, MSG_PEDIDO.autenticacaoDebitoErro);
      return;
    }
    if (signal.aborted) return;
    debitoPendente.current = { dados, cartao: cartaoPedido };
    autenticarMpi(aoEventoMpi);
  }

  /** A 3-D Secure outcome (spec section 4). */
  function aoEventoMpi(r: ResultadoMpi) {
    const decisao = decidirMpi(r, ultimaReferencia.current);
    const pendente = debitoPendente.current;
    // A repeat of a submitted reference, or an event with no authentication waiting.
    if (decisao.acao === 'ignorar' || !pendente) return;
    debitoPendente.current = null;
    if (decisao.acao === 'parar') {
      terminarProgresso();
      notificar(
        MSG_PEDIDO.pagamentoOnlineTitulo,
        decisao.tipo === 'bandeira-nao-suportada'
          ? MSG_CARTAO.debitoSomenteMasterVisa
          : MSG_PEDIDO.autenticacaoDebitoErro,
      );
      return;
    }
    ultimaReferencia.current = decisao.autenticacao.referenceid ?? null;
    submeter(
      pendente.dados,
      { tipo: 'CARTAO', cartao: { ...pendente.cartao, autenticacao: decisao.autenticacao } },
      { cartaoNovo: true, debito: true },
    );
  }

  /** The browser tokenisation refused the card: on its field when it names one. */
  function falhaTokenizacao(e: unknown) {
    if (e instanceof TokenizacaoError && e.campo !== null) {
      const campo = e.campo === 'numero' ? 'numero' : 'mes';
      cartao.form.setFieldError(campo, e.message);
      setFocoPendente(cartao.ids[campo]);
      return;
    }
    if (e instanceof ApiError && e.status === undefined) {
      notificar(MSG_PEDIDO.pedidoNaoEnviadoTitulo, MSG_PEDIDO.pedidoNaoEnviado, 'yellow');
      return;
    }
    notificar(
      MSG_PEDIDO.pagamentoOnlineTitulo,
      e instanceof Error ? e.message : MSG_PEDIDO.pagamentoOnlinePadrao,
    );
  }

  function finalizar(e: FormEvent) {
    e.preventDefault();
    if (criar.isPending || enviando.current) return;
    if (totals.pedidoMinimoFaltando !== null) {
      // The button looks disabled but answers (issue 14): a press says why nothing happens.
      notifications.show({
        id: 'aviso-pedido-minimo',
        color: 'yellow',
        title: MSG_PEDIDO.pedidoMinimoTitulo,
        message: semQuebraMoeda(MSG_PEDIDO.pedidoMinimoTexto(formatBRL(totals.pedidoMinimoFaltando))),
        autoClose: false,
      });
      return;
    }
    const v = form.getValues();
    const erros = validarPagamento(v, contexto(new Date()));
    // The new card's fields too (each shows its error; the focus goes to the first of the page's).
    const cartaoValido = pedeCartaoNovo(v, formaOnlineEscolhida(v, formas), temCartoesSalvos(estadoCartoes))
      ? cartao.validar() !== null
      : true;
    if (Object.keys(erros).length > 0) {
      mostrarErros(erros);
      return;
    }
    if (!cartaoValido) return;
    form.clearErrors();
    // Delivery waits for its fee.
    if (v.tipo === 'DELIVERY' && (!taxa?.entrega || taxaPendente)) {
      avisarTaxa();
      return;
    }
    const cliente = clienteQ.data;
    if (!cliente) return;
    if (!telefoneCheckoutValido(cliente.telefone)) {
      setTelefonePrompt({ erro: null });
      return;
    }
    enviar(v, digitos(cliente.telefone));
  }

  function validarTroco() {
    const erro = validarPagamento(form.getValues(), contexto(new Date())).troco;
    form.setFieldError('troco', erro ?? null);
  }

  const carregando = detalheQ.isPending || menuQ.isPending || formasQ.isPending || clienteQ.isPending;
  const erro = detalheQ.error ?? menuQ.error ?? formasQ.error ?? clienteQ.error;

  let estadoTaxa: EstadoTaxa = { estado: 'nenhum' };
  if (tipo === 'DELIVERY' && endereco) {
    if (areasQ.isError) estadoTaxa = { estado: 'erro', tentarDeNovo: () => void areasQ.refetch() };
    else if (!taxa) estadoTaxa = { estado: 'carregando' };
    else if (taxa.entrega && !taxaPendente) {
      estadoTaxa = {
        estado: 'definida',
        taxaCents: taxa.taxaCents,
        gratis: totals.entregaGratis,
      };
    }
  }

  return (
    <Container size="lg">
      <Title order={1} mb="md">
        Pagamento
      </Title>
      {erro && !carregando ? (
        <Alert color="red" variant="light" title="Não foi possível carregar os dados do pagamento.">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{erro instanceof Error ? erro.message : MSG_PEDIDO.opsTexto}</Text>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                void detalheQ.refetch();
                void menuQ.refetch();
                void formasQ.refetch();
                void clienteQ.refetch();
              }}
            >
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      ) : carregando || !detalhe || !clienteQ.data ? (
        <Carregando />
      ) : (
        <div className={classes.layout}>
          <form id={FORM_ID} noValidate onSubmit={finalizar} aria-label="Dados do pedido">
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md">
                <AgendamentoSection
                  form={form}
                  horarios={detalhe.horariofuncionamento_set}
                  agora={agora}
                  lojaAberta={isStoreOpen(detalhe, agora)}
                  previsao={{ min: detalhe.previsaoentregamin, max: detalhe.previsaoentregamax }}
                />
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Stack gap="md">
                  <EntregaSection
                    form={form}
                    endereco={endereco}
                    taxa={estadoTaxa}
                    enderecoEstabelecimento={detalhe.estabelecimento.endereco}
                  />
                  <Textarea
                    id="pg-observacoes"
                    label={MSG_PEDIDO.observacoes}
                    placeholder="Alguma informação para o estabelecimento?"
                    rows={3}
                    maxLength={MAX_OBSERVACOES}
                    {...form.getInputProps('observacoes')}
                  />
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <PagamentoSection
                  form={form}
                  formas={formas}
                  total={totals.total}
                  onTrocoBlur={validarTroco}
                  cartao={cartao}
                  cartoes={estadoCartoes}
                  progresso={progresso}
                />
              </Paper>
            </Stack>
          </form>

          <div className={classes.resumo}>
            <ResumoPedido
              cart={cart}
              nomeEstabelecimento={detalhe.estabelecimento.apelidooufantasia}
              totals={totals}
              mostrarTaxa={mostrarTaxa}
              onCupom={() => setCupomAberto(true)}
              finalizar={
                <Button
                  type="submit"
                  form={FORM_ID}
                  size="md"
                  fullWidth
                  loading={criar.isPending || progresso !== null}
                  // Below the minimum: disabled to the eye and to assistive technology, yet
                  // pressable, so a press gets the notice instead of nothing.
                  data-disabled={totals.pedidoMinimoFaltando !== null || undefined}
                  aria-disabled={totals.pedidoMinimoFaltando !== null || undefined}
                  aria-describedby={totals.pedidoMinimoFaltando !== null ? 'pedido-minimo' : undefined}
                >
                  {MSG_PEDIDO.finalizar}
                </Button>
              }
            />
          </div>

          <CupomDrawer opened={cupomAberto} onClose={() => setCupomAberto(false)} idEstabelecimento={id} />
          <TaxaEntregaModal
            opened={taxaPendente && errosPedido === null && (!atualizando || taxaPedida) && !seletorAberto}
            texto={
              taxa?.entrega
                ? `${detalhe.estabelecimento.apelidooufantasia} ${textoTaxaEntrega(taxa.taxaCents, endereco?.bairro ?? '')}`
                : ''
            }
            onOk={aceitarTaxa}
          />
          <SemEntregaModal
            opened={
              tipo === 'DELIVERY' && taxa !== null && !taxa.entrega && errosPedido === null && !seletorAberto
            }
            onOk={() => form.setFieldValue('tipo', 'TOGO')}
          />
          <ErrosPedidoModal erros={errosPedido} onClose={() => setErrosPedido(null)} />
          {telefonePrompt && (
            <TelefoneModal
              opened
              idCliente={clienteQ.data.id}
              inicial={digitos(clienteQ.data.telefone)}
              erroInicial={telefonePrompt.erro}
              onClose={() => setTelefonePrompt(null)}
              onSalvo={(telefone) => {
                setTelefonePrompt(null);
                enviar(form.getValues(), telefone);
              }}
            />
          )}
        </div>
      )}
    </Container>
  );
}
