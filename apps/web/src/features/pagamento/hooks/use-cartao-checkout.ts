import { MSG_PEDIDO, TIPO_PGTO, type FormaPgto } from '@rango/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getCartoesQueryOptions, TokenizacaoError, tokenizarCartaoNoProvedor } from '../../../api/cartoes.ts';
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
  const cartao = useCartaoForm({ debito: formaOnline?.sttipopgto === TIPO_PGTO.Debito });
  // Saved cards, asked for once online credit is chosen.
  const logado = useIsLoggedIn();
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
        tokenizar: (card, signal) => tokenizarCartaoNoProvedor(card, signal, idestabelecimento),
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

  return {
    cartao,
    salvos: cartoesQ.data,
    estadoCartoes,
    /** What is going on after 'Finalizar' with a card typed now, or null. */
    progresso,
    pararProgresso: () => setProgresso(null),
    pagar,
    /** The payment was refused: the card is typed again (holder and expiry kept). */
    recusado() {
      cartao.limpar();
      setFocoPendente(cartao.ids.numero);
    },
  };
}
