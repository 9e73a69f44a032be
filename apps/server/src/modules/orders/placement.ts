import {
  LOCAIS_ENTREGA_ONLINE,
  LOCAL_ENTREGA_PADRAO,
  MSG_CONTA,
  MSG_PEDIDO,
  STATUS,
  agendamentoValido,
  centsToReais,
  checkCupom,
  chooseDeliveryFee,
  formatBRL,
  isStoreOpen,
  ladosDaForma,
  normalizeCupomCodigo,
  presentCupom,
  telefoneCheckoutValido,
  verificarPedido,
} from '@rango/domain';
import type {
  CupomCheck,
  CupomRecusada,
  CupomRegras,
  DeliveryFee,
  EnderecoPedido,
  PedidoCriado,
  PedidoGravado,
  PedidoInput,
} from '@rango/domain';
import type { Db } from '../../db/index.ts';
import type { CanalNotificacao } from '../../db/types.ts';
import { HttpError, estabelecimentoNaoEncontrado } from '../../http/errors.ts';
import { avaliarCupom } from '../coupons/service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { dataDeOntem, lojaAbertaAgora } from '../establishments/loja.ts';
import { listarExcecoes, listarHorarios } from '../establishments/service.ts';
import { avisarEventos } from '../events/record.ts';
import type { MenuService } from '../menu/service.ts';
import type { Payments } from '../payments/service.ts';
import { ordersRepository as repo } from './repository.ts';
import type { EnderecoRow } from './repository.ts';

/** 400 `{campo: [mensagem]}`, the field-error shape of every route. */
const campo = (nome: string, msg: string) => new HttpError(400, { [nome]: [msg] });

/** Spec section 8: a repeated pedido_id ('Limpar Carrinho' in the app). */
export const pedidoDuplicado = (): HttpError =>
  new HttpError(400, { codigo: 105, msg: MSG_PEDIDO.pedidoDuplicadoPadrao, extra: { status_code: 409 } });

const cupomRecusado = (check: CupomRecusada): HttpError =>
  new HttpError(400, { codigo: check.codigo, msg: check.mensagem });

interface CupomAplicado {
  id: number;
  regras: CupomRegras;
}

/** The fee for the customer's stored address, from the establishment's areas or neighbourhood table. */
async function taxaDoEndereco(
  db: Db,
  idestabelecimento: number,
  endereco: EnderecoRow,
): Promise<DeliveryFee> {
  const areas = await repo.listAreas(db, idestabelecimento);
  const destino = {
    bairro: endereco.bairro,
    cidade: endereco.cidade,
    uf: endereco.uf,
    latitude: endereco.lat === null ? null : Number(endereco.lat),
    longitude: endereco.lng === null ? null : Number(endereco.lng),
  };
  if (areas.length > 0) {
    return chooseDeliveryFee({
      areas: areas.map((a) => ({
        idareaentrega: a.idareaentrega,
        geo_data: {
          center: { lat: Number(a.center_lat), lng: Number(a.center_lng) },
          radius: Number(a.raio),
        },
        taxaentrega: a.taxaentrega === null ? null : centsToReais(a.taxaentrega),
        valorminimo: a.valorminimo === null ? null : centsToReais(a.valorminimo),
      })),
      taxasentrega: [],
      endereco: destino,
    });
  }
  const [taxas, abonos] = await Promise.all([
    repo.listTaxas(db, idestabelecimento),
    repo.listAbonos(db, idestabelecimento),
  ]);
  return chooseDeliveryFee({
    areas: [],
    taxasentrega: taxas.map((t) => ({
      bairro: t.bairro,
      cidade: t.cidade,
      uf: t.uf,
      valor: centsToReais(t.valor),
      abonotaxaentrega_set: abonos
        .filter((a) => a.idtaxaentrega === t.id)
        .map((a) => ({ valorminimo: centsToReais(a.valorminimo) })),
    })),
    endereco: destino,
  });
}

const snapshotEndereco = (e: EnderecoRow): EnderecoPedido => ({
  id: e.id,
  cep: e.cep,
  rua: e.rua,
  numero: e.numero,
  bairro: e.bairro,
  cidade: e.cidade,
  uf: e.uf,
  complemento: e.complemento,
  detalhe: e.detalhe,
});

const soDigitos = (v: string | null): string | null => {
  const d = (v ?? '').replace(/\D/g, '');
  return d === '' ? null : d;
};

/**
 * The drop-off place (spec section 9): the default, or with online payment one of the other
 * choices; pickup has none.
 */
function localEntrega(input: PedidoInput, online: boolean): string | null {
  if (input.tipo === 'TOGO') return null;
  const local = (input.endereco_togo ?? '').trim();
  if (local === '' || local === LOCAL_ENTREGA_PADRAO) return LOCAL_ENTREGA_PADRAO;
  if (online && (LOCAIS_ENTREGA_ONLINE as readonly string[]).includes(local)) return local;
  throw campo('endereco_togo', MSG_PEDIDO.localEntregaObrigatorio);
}

export interface ClienteLogado {
  id: number;
  uuid: string;
  nome: string;
}

/**
 * Order placement (spec sections 3, 5, 8; ARCHITECTURE.md "The server decides"): the payload is
 * re-priced from the server's own catalogue, fee, coupon and payment methods, refused with the
 * spec's codes in a fixed order, and stored in one transaction with its first history entry and
 * its coupon use. A repeated pedido_id, even at the same instant, creates one order.
 */
/**
 * The channels ticked at checkout (issue 22; modules/notificacoes checkout.ts, given by app.ts):
 * checked before the order is written, then written in its transaction; undefined when the
 * choice stays as it was.
 */
export type EscolhaDoCheckout = (
  db: Db,
  idcliente: number,
  canais: readonly CanalNotificacao[],
  agora: string,
) => Promise<((trx: Db) => Promise<void>) | undefined>;

export function createOrderPlacement(
  db: Db,
  menu: MenuService,
  payments: Payments,
  escolhaDoCheckout?: EscolhaDoCheckout,
) {
  return async function criarPedido(
    cliente: ClienteLogado,
    idestabelecimento: number,
    pedido: PedidoInput,
    agora: Date = new Date(),
  ): Promise<PedidoCriado> {
    // One spelling of the app's id, so a repeat in other letter case is still a repeat.
    const input = { ...pedido, pedido_id: pedido.pedido_id.toLowerCase() };
    const est = await repo.findEstabelecimento(db, idestabelecimento);
    if (!est) throw estabelecimentoNaoEncontrado();
    if (input.deliveryestabelecimento_id !== est.id) {
      throw campo('deliveryestabelecimento_id', MSG_PEDIDO.estabelecimentoInvalido);
    }
    if (await repo.pedidoIdExists(db, input.pedido_id)) throw pedidoDuplicado();
    /** A refusal, unless a concurrent request with this pedido_id has committed it meanwhile. */
    const repetidoOu = async (recusa: HttpError): Promise<HttpError> =>
      (await repo.pedidoIdExists(db, input.pedido_id)) ? pedidoDuplicado() : recusa;

    // Opening hours: now, or the scheduled time (a scheduled order may be placed while closed).
    const [horarios, excecoes] = await Promise.all([
      listarHorarios(db, est.id),
      listarExcecoes(db, est.id, dataDeOntem(agora)),
    ]);
    const entregueAs = input.entregue_as === null ? null : new Date(input.entregue_as);
    if (entregueAs === null) {
      const lojaaberta = lojaAbertaAgora(est.lojaaberta, est.reabrir_em, agora);
      if (
        !isStoreOpen({ lojaaberta, horariofuncionamento_set: horarios, horarioexcecao_set: excecoes }, agora)
      ) {
        throw new HttpError(422, { detail: MSG_PEDIDO.lojaFechadaTexto });
      }
    } else if (!agendamentoValido(entregueAs, horarios, agora, undefined, excecoes)) {
      throw campo('entregue_as', MSG_PEDIDO.horarioInvalido);
    }

    // Delivery: the customer's own stored address (its copy, not the payload's) and its fee.
    let endereco: EnderecoRow | null = null;
    let taxa: DeliveryFee | null = null;
    if (input.tipo === 'DELIVERY') {
      const idendereco = input.cliente.endereco?.id;
      if (idendereco === undefined) throw campo('endereco', MSG_PEDIDO.enderecoObrigatorio);
      endereco = (await repo.findEndereco(db, cliente.id, idendereco)) ?? null;
      if (!endereco) throw campo('endereco', MSG_PEDIDO.enderecoInvalido);
      taxa = await taxaDoEndereco(db, est.id, endereco);
    }

    // Coupon: validity and usage limits now; its subtotal minimum once the items are priced.
    let cupom: CupomAplicado | null = null;
    const codigo = normalizeCupomCodigo(input.codigo_cupom ?? '');
    if (codigo !== '') {
      const avaliado = await avaliarCupom(db, est.id, codigo, cliente.id, agora);
      if (!avaliado) throw new HttpError(400, { codigo: 103, msg: MSG_PEDIDO.cupomNaoEncontrado });
      // Its last use may be this very order's, committed by a concurrent twin since our check.
      if (!avaliado.check.ok) throw await repetidoOu(cupomRecusado(avaliado.check));
      cupom = { id: avaliado.id, regras: avaliado.regras };
    }
    const cupomWire = cupom ? presentCupom(cupom.regras) : null;

    const produtos = await menu.produtos(est.id);
    if (!produtos) throw estabelecimentoNaoEncontrado();
    const v = verificarPedido(input, { produtos, taxa, cupom: cupomWire });
    if (!v.ok) {
      throw new HttpError(400, {
        codigo: 105,
        msg: MSG_PEDIDO.naoFoiPossivelFinalizar,
        non_field_errors: v.erros.map((e) => ({ codigo: e.codigo, msg: e.msg })),
      });
    }
    const usoCupom = (usos: { total: number; cliente: number }): CupomCheck =>
      cupom
        ? checkCupom(cupom.regras, {
            agora,
            subtotalCents: v.subtotal,
            usosTotal: usos.total,
            usosCliente: usos.cliente,
          })
        : { ok: true };
    // Limits were checked above; here only the minimum, which needed the subtotal.
    const minimoCupom = usoCupom({ total: 0, cliente: 0 });
    if (!minimoCupom.ok) throw cupomRecusado(minimoCupom);
    if (est.pedidominimo > 0 && v.subtotal < est.pedidominimo) {
      throw new HttpError(400, {
        codigo: 102,
        msg: MSG_PEDIDO.pedidoMinimoTexto(formatBRL(est.pedidominimo)),
      });
    }

    const pagamento = input.pagamentos[0]!;
    const forma = await repo.findFormaPgto(db, est.id, pagamento.formapgto_id);
    if (!forma || forma.sttipopgto !== pagamento.formapgto_sttipopgto) {
      throw campo('pagamentos', MSG_PEDIDO.formaPgtoInvalida);
    }
    // Where the owner offers it (issue 12): on delivery checked here, online by the payments.
    const lados = ladosDaForma({
      sttipopgto: forma.sttipopgto,
      na_entrega: forma.na_entrega === 1,
      online: forma.online === 1,
    });
    if (!pagamento.pre_pago && !lados.naEntrega) {
      throw campo('pagamentos', MSG_PEDIDO.formaPgtoNaoAceitaNaEntrega);
    }
    if (pagamento.valor !== v.total) throw campo('pagamentos', MSG_PEDIDO.valorPagamentoInvalido);
    const dinheiro = !pagamento.pre_pago && forma.sttipopgto === 0;
    if (dinheiro) {
      if (pagamento.troco_para === null) throw campo('troco_para', MSG_PEDIDO.trocoObrigatorio);
      if (pagamento.troco_para <= v.total) throw campo('troco_para', MSG_PEDIDO.trocoMaiorQueTotal);
    }
    const local = localEntrega(input, pagamento.pre_pago);
    if (!telefoneCheckoutValido(input.cliente.telefone)) {
      throw campo('telefone', MSG_CONTA.telefoneInvalido);
    }
    // Online payment (issue 5): checked now, charged once the order is written (PgtoPendente).
    const online = pagamento.pre_pago
      ? await payments.prepararOnline(
          est.id,
          cliente.id,
          { sttipopgto: forma.sttipopgto, online: lados.online },
          pagamento,
        )
      : null;

    const dthr = agora.toISOString();
    const gravado: PedidoGravado = {
      pedido_id: input.pedido_id,
      entregue_as: entregueAs === null ? null : entregueAs.toISOString(),
      ajuste: 0,
      desconto: v.desconto,
      cliente: {
        cpf: soDigitos(input.cliente.cpf),
        external_id: cliente.uuid,
        nome: input.cliente.nome.trim() || cliente.nome,
        telefone: soDigitos(input.cliente.telefone) ?? '',
        endereco: endereco ? snapshotEndereco(endereco) : null,
      },
      cpf_pagador: soDigitos(input.cpf_pagador),
      deliveryestabelecimento_id: est.id,
      itens: v.itens,
      observacoes: input.observacoes.trim(),
      numero_pedido: input.numero_pedido,
      origem: input.origem,
      pagamentos: [
        {
          descricaoFormaPgto: forma.descricao,
          formapgto_id: forma.idformapgto,
          formapgto_sttipopgto: forma.sttipopgto,
          pre_pago: online !== null,
          tipo: online === null ? null : online.tipo === 'pix' ? 'PIX' : 'CARTAO',
          troco_para: dinheiro ? pagamento.troco_para : null,
          valor: v.total,
          // Only what may be shown: the brand and the masked number.
          cartao: online?.exibicao
            ? { bandeira: online.exibicao.bandeira, numero: online.exibicao.numero }
            : null,
        },
      ],
      previsaoentregamax: est.previsaoentregamax,
      previsaoentregamin: est.previsaoentregamin,
      subtotal: v.subtotal,
      taxa_entrega: v.taxa_entrega,
      tipo: input.tipo,
      total: v.total,
      endereco_togo: local,
      codigo_cupom: cupom ? cupom.regras.codigo : null,
      cupom: cupomWire,
      abono_taxa_entrega: v.abono_taxa_entrega,
    };
    const referencia = String(input.numero_pedido);
    const status = online ? STATUS.PgtoPendente : STATUS.Realizado;
    // The channels ticked at checkout (issue 22): recorded with the order, in its transaction.
    const consentimento =
      input.notificacoes === undefined || !escolhaDoCheckout
        ? undefined
        : await escolhaDoCheckout(db, cliente.id, input.notificacoes, dthr);
    const tentativa = online
      ? await payments.novaTentativa(input.pedido_id, cliente.id, v.total, online)
      : undefined;

    let id: number;
    try {
      id = await repo.gravarPedido(db, {
        pedido: {
          pedido_id: input.pedido_id,
          idcliente: cliente.id,
          idestabelecimento: est.id,
          referencia,
          tipo: input.tipo,
          status,
          subtotal: v.subtotal,
          taxa_entrega: v.taxa_entrega,
          desconto: v.desconto,
          total: v.total,
          codigo_cupom: gravado.codigo_cupom,
          entregue_as: gravado.entregue_as,
          pedido_json: JSON.stringify(gravado),
          // What the reports' fold would copy from the JSON (modules/reports/pendentes.ts): written
          // now, the fold's update skips the order instead of rewriting its row and report index.
          formapgto: forma.descricao,
          dthrpedido: dthr,
          atualizado_em: dthr,
        },
        status,
        datahora: dthr,
        pagamento: tentativa,
        consentimento,
        cupom: cupom && {
          id: cupom.id,
          idcliente: cliente.id,
          // Counted again inside the transaction: two orders racing for a coupon's last use get one.
          verificar: (usos) => {
            const check = usoCupom(usos);
            if (!check.ok) throw cupomRecusado(check);
          },
        },
      });
    } catch (e) {
      // The same pedido_id committed by a concurrent request between our check and our insert.
      if (isUniqueViolation(e)) throw pedidoDuplicado();
      // A coupon's last use taken by that same concurrent twin is a repeat, not a refused coupon.
      if (e instanceof HttpError && e.statusCode === 400) throw await repetidoOu(e);
      throw e;
    }
    // The order's 'pedido.novo' was committed with it: the panels hear of it now.
    avisarEventos(db);
    if (online && tentativa) {
      await payments.cobrar(
        {
          id,
          pedido_id: input.pedido_id,
          idestabelecimento: est.id,
          idcliente: cliente.id,
          total: v.total,
          nome: gravado.cliente.nome,
          cpf: gravado.cpf_pagador ?? gravado.cliente.cpf,
        },
        tentativa.chave,
        online,
      );
    }
    return { id, referencia };
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
