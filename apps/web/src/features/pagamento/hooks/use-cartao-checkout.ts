import { MSG_CARTAO, MSG_PEDIDO, TIPO_PGTO, type CartaoSalvo, type FormaPgto } from '@rango/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  getCartoesQueryOptions,
  getTokenizacaoQueryOptions,
  recusaMercadoPago,
  TokenizacaoError,
  tokenizarCartaoNoProvedor,
} from '../../../api/cartoes.ts';
import { RecusaMercadoPago, type TipoCampoSeguro } from '../../../api/mercadopago-sdk.ts';
import {
  useCamposMercadoPago,
  type ContaMercadoPago,
} from '../../../components/cartao-form/use-campos-mercadopago.ts';
import { useCartaoForm, type CartaoDados } from '../../../components/cartao-form/use-cartao-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useIsLoggedIn } from '../../../stores/session.ts';
import { getToken3ds } from '../api/get-token-3ds.ts';
import { notificar } from '../components/avisos-pedido.tsx';
import type { EstadoCartoes } from '../components/pagamento-online.tsx';
import type { CartaoPedido } from '../lib/build-pedido.ts';
import { autenticarMpi, carregarMpi, esquecerCartaoMpi, pararMpi, preencherCamposMpi } from '../lib/mpi.ts';
import { pagarComCartaoNovo } from '../lib/pagar-cartao-novo.ts';

/** What `pagar` needs to pay with a card typed now. */
export interface PagamentoCartao {
  card: CartaoDados;
  debito: boolean;
  total: number;
  pedidoid: string;
  /** Sends the order with the tokenised (and, for debit, authenticated) card. */
  submeter: (c: CartaoPedido) => void;
  /** The payment ended without sending the order ('Finalizar' is free again). */
  terminar: () => void;
}

/**
 * The checkout's card side (spec section 4): the new card's form (its number and CVV stay in
 * this state, never sent to our server), the saved cards, and the payment with a card typed
 * now — tokenisation, 3-D Secure for debit, the progress shown meanwhile and the focus after a
 * refusal. `formaOnline`: the online method chosen, or null.
 */
export function useCartaoCheckout(
  formaOnline: FormaPgto | null | undefined,
  creditoOnline: boolean,
  /** The order's establishment: its payment account tokenises and authenticates (issue 23). */
  idestabelecimento: number,
) {
  const debito = formaOnline?.sttipopgto === TIPO_PGTO.Debito;
  const logado = useIsLoggedIn();
  // How this establishment's account tokenises, asked once a card is chosen: with Mercado Pago the
  // card is typed into its Secure Fields (the SDK loads then), not into our inputs.
  const tokenizacaoQ = useQuery({
    ...getTokenizacaoQueryOptions(idestabelecimento),
    enabled: logado && (creditoOnline || debito),
  });
  const t = tokenizacaoQ.data;
  const conta: ContaMercadoPago | null =
    t?.provedor === 'mercadopago' ? { scriptUrl: t.url, publicKey: t.access_token } : null;
  const campos = useCamposMercadoPago(conta, { debito, perfil: false });
  const cartao = useCartaoForm({ debito, seguro: conta ? campos : null });
  // Saved cards, asked for once online credit is chosen.
  const cartoesQ = useQuery({
    ...getCartoesQueryOptions(idestabelecimento),
    enabled: logado && creditoOnline,
  });
  const estadoCartoes: EstadoCartoes = cartoesQ.data
    ? { estado: 'ok', lista: cartoesQ.data }
    : cartoesQ.isError
      ? { estado: 'erro', tentarDeNovo: () => void cartoesQ.refetch() }
      : { estado: 'carregando' };

  // 'Pagar online' with a new card: what is going on after 'Finalizar' (shown, and it blocks
  // another 'Finalizar').
  const [progresso, setProgresso] = useState<string | null>(null);
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

  /** Mercado Pago refused a Secure Fields card: on its field (theirs or ours) when it names one. */
  function falhaSeguro(e: TokenizacaoError): boolean {
    const campo: TipoCampoSeguro | 'titular' | 'cnpjoucpf' | null =
      e.campo === 'numero'
        ? 'cardNumber'
        : e.campo === 'expiracao'
          ? 'expirationDate'
          : e.message === MSG_CARTAO.cvvInvalido
            ? 'securityCode'
            : e.message === MSG_CARTAO.titularObrigatorio
              ? 'titular'
              : e.message === MSG_CARTAO.cnpjoucpfInvalido
                ? 'cnpjoucpf'
                : null;
    if (campo === null) return false;
    if (campo === 'titular' || campo === 'cnpjoucpf') {
      cartao.form.setFieldError(campo, e.message);
      setFocoPendente(cartao.ids[campo]);
    } else {
      campos.recusar(campo, e.message);
      campos.focar(campo);
    }
    return true;
  }

  /** The browser tokenisation refused the card: on its field when it names one. */
  function falhaTokenizacao(e: unknown) {
    if (e instanceof TokenizacaoError && cartao.seguro && falhaSeguro(e)) return;
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

  /** A card typed now: the steps are pagarComCartaoNovo's; here, what the page does at each end. */
  async function pagar(p: PagamentoCartao) {
    abortar.current?.abort();
    const controller = new AbortController();
    abortar.current = controller;
    const fim = await pagarComCartaoNovo(
      {
        card: p.card,
        debito: p.debito,
        total: p.total,
        pedidoid: p.pedidoid,
        ultimaReferencia,
        signal: controller.signal,
      },
      {
        tokenizar: async (card, signal) => {
          if (!card.seguro) return tokenizarCartaoNoProvedor(card, signal, idestabelecimento);
          const r = await tokenizarSeguro({ titular: card.titular, cnpjoucpf: card.cnpjoucpf }, signal);
          return { token: r.id, provedor: 'mercadopago', final: r.final, expiracao: r.expiracao };
        },
        getToken3ds: (signal) => getToken3ds(signal, idestabelecimento),
        preencherCamposMpi,
        carregarMpi,
        autenticarMpi,
        esquecerCartaoMpi,
        progresso: setProgresso,
        submeter: p.submeter,
      },
    );
    switch (fim.tipo) {
      case 'tokenizacao-recusada':
        p.terminar();
        falhaTokenizacao(fim.erro);
        return;
      case 'autenticacao-recusada':
        p.terminar();
        notificar(MSG_PEDIDO.pagamentoOnlineTitulo, fim.aviso);
        return;
      case 'enviado':
      case 'abortado':
        return;
    }
  }

  /** The Secure Fields' token; Mercado Pago's refusal as the form's TokenizacaoError. */
  async function tokenizarSeguro(
    dados: { titular: string; cnpjoucpf: string } | { cardId: string },
    signal: AbortSignal,
  ) {
    try {
      return await campos.tokenizar(dados, signal);
    } catch (e) {
      if (e instanceof RecusaMercadoPago) throw recusaMercadoPago(e);
      throw e;
    }
  }

  /** A saved card of a Mercado Pago account: its id in Mercado Pago (our token is `c{card}-{customer}`). */
  const cardIdDe = (salvo: CartaoSalvo): string | null =>
    /^c(\d{1,20})-[A-Za-z0-9-]{1,64}$/.exec(salvo.token)?.[1] ?? null;

  /**
   * A saved card at a Mercado Pago account (issue 23): its CVV, typed in its Secure Field, makes a
   * one-use token with the card's id, sent as the order's `token` (not the saved reference), with
   * `salvar: false`. Other accounts pay a saved card by its token, nothing typed.
   */
  async function pagarSalvo(p: {
    salvo: CartaoSalvo;
    submeter: (c: CartaoPedido) => void;
    terminar: () => void;
  }) {
    const { salvo } = p;
    const base: CartaoPedido = {
      token: salvo.token,
      bandeira: salvo.bandeira,
      titular: salvo.titular,
      cnpjoucpf: salvo.cnpjoucpf,
      expiracao: null,
      final: salvo.numero,
      tipo: 'CREDITO',
      salvar: false,
      autenticacao: null,
    };
    const cardId = cardIdDe(salvo);
    if (!conta || cardId === null) {
      p.submeter(base);
      return;
    }
    const invalido = campos.validar(['securityCode']);
    if (invalido !== null) {
      campos.focar(invalido);
      p.terminar();
      return;
    }
    abortar.current?.abort();
    const controller = new AbortController();
    abortar.current = controller;
    setProgresso(MSG_PEDIDO.validandoCartao);
    try {
      const r = await tokenizarSeguro({ cardId }, controller.signal);
      p.submeter({ ...base, token: r.id });
    } catch (e) {
      if (controller.signal.aborted) return;
      p.terminar();
      if (e instanceof TokenizacaoError && e.message === MSG_CARTAO.cvvInvalido) {
        campos.recusar('securityCode', e.message);
        campos.focar('securityCode');
        return;
      }
      falhaTokenizacao(e);
    }
  }

  return {
    cartao,
    /** Mercado Pago's Secure Fields (used when the account is Mercado Pago). */
    campos,
    /** A saved card asks its CVV (Mercado Pago accounts). */
    cvvSalvo: conta !== null,
    /** How the account tokenises: still being asked (the card form waits), or failed. */
    tokenizacao: tokenizacaoQ.isError
      ? ('erro' as const)
      : tokenizacaoQ.data
        ? ('ok' as const)
        : ('carregando' as const),
    pagarSalvo,
    salvos: cartoesQ.data,
    estadoCartoes,
    /** What is going on after 'Finalizar' with a card typed now, or null. */
    progresso,
    pararProgresso: () => setProgresso(null),
    pagar,
    /** The payment was refused: the card is typed again (holder and expiry kept). */
    recusado() {
      cartao.limpar();
      // Secure Fields are made again, empty (their frames cannot take the focus before they load).
      if (!cartao.seguro) setFocoPendente(cartao.ids.numero);
    },
  };
}
