import {
  centsToReais,
  chooseDeliveryFee,
  type EnderecoLocal,
  type EstabelecimentoDetalhe,
} from '@rango/domain';
import { useEffect, useMemo, useState } from 'react';
import { useCart } from '../../../stores/cart.ts';
import { setAbono, setTaxaEntrega } from '../../../stores/cart-actions.ts';
import { useEnderecoSelectorPedido } from '../../../stores/endereco-selector.ts';
import { useAreasEntrega } from '../api/get-areas-entrega.ts';
import { ID_TAXA, type EstadoTaxa } from '../components/entrega-section.tsx';
import type { PagamentoValues } from '../lib/validar.ts';

interface TaxaEntregaInput {
  idEstabelecimento: number;
  tipo: PagamentoValues['tipo'];
  /** The chosen saved address (with its server id), or null. */
  endereco: (EnderecoLocal & { id: number }) | null;
  detalhe: EstabelecimentoDetalhe | undefined;
  /** The establishment's data are being read again (a fee may change with them). */
  detalheAtualizando: boolean;
  /** The order's refusals are on screen: no fee dialog over them. */
  errosNaTela: boolean;
}

/**
 * The delivery fee of the checkout (spec sections 4 and 5): the fee for the chosen address, by
 * delivery circles or the bairro table; the cart's fee agreed through the 'Taxa de entrega'
 * dialog; no delivery there turns the order into a pickup through its dialog.
 */
export function useTaxaEntrega({
  idEstabelecimento,
  tipo,
  endereco,
  detalhe,
  detalheAtualizando,
  errosNaTela,
}: TaxaEntregaInput) {
  const cart = useCart();
  const areasQ = useAreasEntrega(idEstabelecimento);
  const taxa = useMemo(() => {
    if (tipo !== 'DELIVERY' || !endereco || !detalhe || !areasQ.data) return null;
    return chooseDeliveryFee({ areas: areasQ.data, taxasentrega: detalhe.taxaentrega_set, endereco });
  }, [tipo, endereco, detalhe, areasQ.data]);
  const taxaReais = taxa?.entrega ? centsToReais(taxa.taxaCents) : null;
  const abonoReais = taxa?.entrega && taxa.abonoCents !== null ? centsToReais(taxa.abonoCents) : null;
  // The cart holds another fee than this address's: the customer is told before it applies.
  const pendente = taxa?.entrega === true && (cart.taxaentrega !== taxaReais || cart.abono !== abonoReais);
  const atualizando = detalheAtualizando || areasQ.isFetching;
  // The fee dialogs wait for the address selector to close: never a dialog over a dialog.
  const seletorAberto = useEnderecoSelectorPedido();
  const mostrar = tipo === 'DELIVERY' && taxa?.entrega === true && !pendente;
  // 'Finalizar' pressed while the 'Taxa de entrega' modal waited for fresh data: it opens anyway
  // (a fee that then changes is asked for again).
  const [pedida, setPedida] = useState(false);
  if (pedida && !pendente) setPedida(false);

  // Pickup has no fee: the cart drops it, so the drawer and the order agree.
  useEffect(() => {
    if (tipo === 'TOGO' && (cart.taxaentrega !== null || cart.abono !== null)) {
      setTaxaEntrega(null);
      setAbono(null);
    }
  }, [tipo, cart.taxaentrega, cart.abono]);

  function aceitar() {
    setPedida(false);
    setTaxaEntrega(taxaReais);
    setAbono(abonoReais);
  }

  /**
   * Delivery without a fee agreed yet: 'Finalizar' never does nothing. A fee on the way or failed
   * takes the focus to the address button (described by 'Calculando a taxa de entrega…') or to the
   * failure alert; a fee waiting to be shown opens its modal. No delivery there: its modal is open.
   */
  function avisar() {
    if (taxa === null) {
      document.getElementById(areasQ.isError ? ID_TAXA : 'pg-endereco')?.focus();
    } else if (pendente) {
      setPedida(true);
    }
  }

  /** What the delivery section shows of the fee; `gratis`: the subtotal reached the waiver. */
  function estado(gratis: boolean): EstadoTaxa {
    if (tipo !== 'DELIVERY' || !endereco) return { estado: 'nenhum' };
    if (areasQ.isError) return { estado: 'erro', tentarDeNovo: () => void areasQ.refetch() };
    if (!taxa) return { estado: 'carregando' };
    if (taxa.entrega && !pendente) return { estado: 'definida', taxaCents: taxa.taxaCents, gratis };
    return { estado: 'nenhum' };
  }

  return {
    taxa,
    /** The cart's fee is this address's (the summary shows the fee line). */
    mostrar,
    /** 'Finalizar' may go on: pickup, or delivery with this address's fee agreed. */
    acordada: taxa?.entrega === true && !pendente,
    aceitar,
    avisar,
    estado,
    /** 'Taxa de entrega': this address's fee, to accept before it applies. */
    dialogoTaxa: pendente && !errosNaTela && (!atualizando || pedida) && !seletorAberto,
    /** No delivery to this address: the order becomes a pickup. */
    dialogoSemEntrega:
      tipo === 'DELIVERY' && taxa !== null && !taxa.entrega && !errosNaTela && !seletorAberto,
  };
}
