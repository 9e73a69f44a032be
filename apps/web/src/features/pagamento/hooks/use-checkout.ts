import { useForm } from '@mantine/form';
import { notificacoesQueryOptions } from '../../../api/notificacoes.ts';
import type { CanalNotificacao } from '../../../api/notificacoes.ts';
import {
  formatBRL,
  LOCAL_ENTREGA_PADRAO,
  MSG_PEDIDO,
  novoNumeroPedido,
  telefoneCheckoutValido,
  TIPO_PGTO,
  type EnderecoLocal,
  type FormaPgto,
} from '@rango/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getEstabelecimentoQueryOptions } from '../../../api/get-estabelecimento.ts';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { semQuebraMoeda } from '../../../lib/sem-quebra.ts';
import { cartTotals, clearCart, type CartEstablishment } from '../../../stores/cart.ts';
import { removeCupom, setAbono, setTaxaEntrega } from '../../../stores/cart-actions.ts';
import { useEnderecoEscolhido } from '../../../stores/endereco.ts';
import { useCriarPedido } from '../api/criar-pedido.ts';
import { avisarPedidoDuplicado, avisarPedidoMinimo, notificar } from '../components/avisos-pedido.tsx';
import { temCartoesSalvos } from '../components/pagamento-online.tsx';
import { isoAgendado } from '../lib/agendamento.ts';
import { buildPedido, produtosPorId, type DadosPedido, type PagamentoOnline } from '../lib/build-pedido.ts';
import { focarPrimeiroErro } from '../lib/focar-erro.ts';
import {
  classificarFalha,
  pedeNovaTaxa,
  pedeNovosPrecos,
  type CampoPedido,
} from '../lib/resultado-pedido.ts';
import { parseTroco } from '../lib/troco.ts';
import {
  formaEscolhida,
  formaOnlineEscolhida,
  formasNaEntrega,
  formasOnline,
  pedeCartaoNovo,
  validarPagamento,
  type ErrosPagamento,
  type PagamentoValues,
} from '../lib/validar.ts';
import { useCartaoCheckout } from './use-cartao-checkout.ts';
import { useCheckoutDados } from './use-checkout-dados.ts';
import { useTaxaEntrega } from './use-taxa-entrega.ts';

const digitos = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

const VALORES_INICIAIS: PagamentoValues = {
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
};

/**
 * The checkout's state and its submission (spec sections 2, 4, 5, 8; issue 5): the form and the
 * fee over the data it reads (useCheckoutDados) and the card side (useCartaoCheckout), and
 * 'Finalizar' — validation, the phone it needs, the payment, the order's POST and what each
 * refusal does.
 * `onSaindo`: the page is leaving with the cart emptied (it must not redirect to the menu).
 */
export function useCheckout(est: CartEstablishment, onSaindo: () => void) {
  const id = est.id;
  const dadosQ = useCheckoutDados(id);
  const { cart, detalheQ, menuQ, formasQ, clienteQ } = dadosQ;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enderecoEscolhido = useEnderecoEscolhido();
  const criar = useCriarPedido();
  const [numeroPedido] = useState(() => novoNumeroPedido());
  const [cupomAberto, setCupomAberto] = useState(false);
  const [errosPedido, setErrosPedido] = useState<string[] | null>(null);
  const [telefonePrompt, setTelefonePrompt] = useState<{ erro: string | null } | null>(null);
  // 'Avisos deste pedido' (issue 22): the channels ticked, sent with the order; null = untouched.
  const [avisos, setAvisos] = useState<CanalNotificacao[] | null>(null);
  const enviando = useRef(false);

  const form = useForm<PagamentoValues>({ mode: 'controlled', initialValues: VALORES_INICIAIS });
  const values = form.values;
  const formas = formasQ.data ?? [];
  // An establishment that takes payment online only opens on 'Pagar online' (issue 12).
  const formasCarregadas = formasQ.data;
  useEffect(() => {
    if (!formasCarregadas || form.getValues().aba !== 'entrega') return;
    if (formasNaEntrega(formasCarregadas).length === 0 && formasOnline(formasCarregadas).length > 0) {
      form.setFieldValue('aba', 'online');
    }
    // form's methods are stable; only new methods matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formasCarregadas]);
  const formaOnline = formaOnlineEscolhida(values, formas);
  const creditoOnline = values.aba === 'online' && formaOnline?.sttipopgto === TIPO_PGTO.Credito;

  // The new card (online credit and debit) and the saved cards.
  const cartaoQ = useCartaoCheckout(formaOnline, creditoOnline, id);
  const { cartao, estadoCartoes } = cartaoQ;

  // Only a saved address (with its server id) can be sent; a visitor's local one is being carried over.
  const endereco =
    enderecoEscolhido && enderecoEscolhido.id !== undefined
      ? (enderecoEscolhido as EnderecoLocal & { id: number })
      : null;
  const detalhe = detalheQ.data;
  const taxa = useTaxaEntrega({
    idEstabelecimento: id,
    tipo: values.tipo,
    endereco,
    detalhe,
    detalheAtualizando: detalheQ.isFetching,
    errosNaTela: errosPedido !== null,
  });

  const totals = cartTotals({
    ...cart,
    estabelecimento: { ...est, pedidominimo: detalhe?.pedidominimo ?? est.pedidominimo },
    taxaentrega: taxa.mostrar ? cart.taxaentrega : null,
    abono: taxa.mostrar ? cart.abono : null,
  });
  function contexto(now: Date) {
    return {
      horarios: detalhe?.horariofuncionamento_set ?? [],
      excecoes: detalhe?.horarioexcecao_set,
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

  function sair(destino: string) {
    onSaindo();
    clearCart();
    void navigate(destino);
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
        if (cartaoNovo) cartaoQ.recusado();
        return;
      case 'cupom':
        notificar(MSG_PEDIDO.cupomInvalido, falha.msg);
        // The server will not take it again: the order goes on without it.
        removeCupom();
        return;
      case 'duplicado':
        avisarPedidoDuplicado(falha.msg, () => sair(paths.pedidos));
        return;
      case 'recusado': {
        setErrosPedido(falha.erros.map((e) => e.msg));
        const taxaMudou = falha.erros.some((e) => pedeNovaTaxa(e.codigo));
        if (taxaMudou && values.tipo === 'DELIVERY') {
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
        // A method refused for its tab (the owner changed them): fetch the methods again.
        if (resto.formapgto) void formasQ.refetch();
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

  function terminarProgresso() {
    enviando.current = false;
    cartaoQ.pararProgresso();
  }

  /** Sends the order; `cartaoNovo` says it was paid with a card typed now (what a refusal resets). */
  function submeter(dados: DadosPedido, online: PagamentoOnline | null, cartaoNovo = false) {
    const montado = buildPedido({ ...dados, online });
    if (!montado.ok) {
      setErrosPedido(montado.erros);
      terminarProgresso();
      return;
    }
    enviando.current = true;
    criar.mutate(avisos ? { ...montado.pedido, notificacoes: avisos } : montado.pedido, {
      onSuccess: (criado) => {
        // The orders badge and lists now have one more.
        void queryClient.invalidateQueries({ queryKey: PEDIDOS_KEY });
        // The channels ticked were recorded with the order.
        if (avisos) void queryClient.invalidateQueries({ queryKey: notificacoesQueryOptions().queryKey });
        sair(paths.pedido(criado.id));
      },
      // Spec section 4: after a failed submission with debit, authentication resets — nothing of
      // this one is kept (the next 'Finalizar' is a new pagarComCartaoNovo, which authenticates).
      onError: (error) => tratarFalha(error, cartaoNovo),
      onSettled: terminarProgresso,
    });
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
      const salvo = cartaoQ.salvos?.find((c) => String(c.id) === v.cartaoSalvo);
      if (!salvo) {
        mostrarErros({ cartaoSalvo: MSG_PEDIDO.cartaoObrigatorio });
        return;
      }
      // A saved card is paid by its token (Mercado Pago: a one-use token of it and its CVV).
      enviando.current = true;
      void cartaoQ.pagarSalvo({
        salvo,
        submeter: (c) => submeter(dados, { tipo: 'CARTAO', cartao: c }),
        terminar: terminarProgresso,
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
    enviando.current = true;
    void cartaoQ.pagar({
      card,
      debito: forma.sttipopgto === TIPO_PGTO.Debito,
      total: previa.pedido.total,
      pedidoid: dados.cart.pedidoid ?? '',
      submeter: (c) => submeter(dados, { tipo: 'CARTAO', cartao: c }, true),
      terminar: terminarProgresso,
    });
  }

  /** 'Finalizar' (the form's submit). */
  function finalizar(e: FormEvent) {
    e.preventDefault();
    if (criar.isPending || enviando.current) return;
    if (totals.pedidoMinimoFaltando !== null) {
      // The button looks disabled but answers (issue 14): a press says why nothing happens.
      avisarPedidoMinimo(
        semQuebraMoeda(MSG_PEDIDO.pedidoMinimoTexto(formatBRL(totals.pedidoMinimoFaltando))),
      );
      return;
    }
    const v = form.getValues();
    const erros = validarPagamento(v, contexto(new Date()));
    // The new card's fields too (each shows its error; the focus goes to the first of the page's).
    const cartaoValido = pedeCartaoNovo(v, formaOnlineEscolhida(v, formas), temCartoesSalvos(estadoCartoes))
      ? cartao.validar() !== null
      : true;
    // A saved card's CVV (Mercado Pago) is judged with the rest; pagarSalvo judges it again.
    if (cartaoQ.cvvSalvo && cartaoSalvoEscolhido(v)) cartaoQ.campos.validar(['securityCode']);
    if (Object.keys(erros).length > 0) {
      mostrarErros(erros);
      return;
    }
    if (!cartaoValido) return;
    form.clearErrors();
    // Delivery waits for its fee.
    if (v.tipo === 'DELIVERY' && !taxa.acordada) {
      taxa.avisar();
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

  /** A saved card is chosen for online credit. */
  function cartaoSalvoEscolhido(v: PagamentoValues): boolean {
    const forma = formaOnlineEscolhida(v, formas);
    return (
      v.aba === 'online' &&
      forma?.sttipopgto === TIPO_PGTO.Credito &&
      !pedeCartaoNovo(v, forma, temCartoesSalvos(estadoCartoes)) &&
      v.cartaoSalvo !== ''
    );
  }

  function validarTroco() {
    const erro = validarPagamento(form.getValues(), contexto(new Date())).troco;
    form.setFieldError('troco', erro ?? null);
  }

  return {
    form,
    cart,
    agora: dadosQ.agora,
    detalhe,
    cliente: clienteQ.data,
    formas,
    endereco,
    totals,
    carregando: dadosQ.carregando,
    erro: dadosQ.erro,
    tentarDeNovo: dadosQ.tentarDeNovo,
    taxa,
    cartao,
    estadoCartoes,
    /** A saved card asks its CVV in Mercado Pago's Secure Field. */
    cvvSalvo: cartaoQ.cvvSalvo ? cartaoQ.campos : null,
    /** How the establishment's account tokenises is still being asked. */
    tokenizacaoCarregando: cartaoQ.tokenizacao === 'carregando',
    /** What is going on after 'Finalizar' with a card typed now, or null. */
    progresso: cartaoQ.progresso,
    /** The order is on its way ('Finalizar' shows it is busy). */
    ocupado: criar.isPending || cartaoQ.progresso !== null,
    finalizar,
    validarTroco,
    cupom: { aberto: cupomAberto, abrir: () => setCupomAberto(true), fechar: () => setCupomAberto(false) },
    errosPedido,
    fecharErrosPedido: () => setErrosPedido(null),
    avisos: { escolha: avisos, escolher: setAvisos },
    telefone: telefonePrompt && {
      erro: telefonePrompt.erro,
      fechar: () => setTelefonePrompt(null),
      /** The phone saved in the dialog: the order goes on with it. */
      salvo: (telefone: string) => {
        setTelefonePrompt(null);
        enviar(form.getValues(), telefone);
      },
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
