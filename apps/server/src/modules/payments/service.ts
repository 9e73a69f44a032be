import { MSG_PEDIDO, STATUS } from '@rango/domain';
import { taxaPlataforma } from '@rango/domain/painel/pagamentos';
import type { PagamentoInput, Transacao } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import type { EstadoPagamentoRow } from '../../db/types.ts';
import { metricas } from '../../http/metrics.ts';
import { salvarCartaoDoPagamento } from '../cards/service.ts';
import { avisarEventos } from '../events/record.ts';
import { MSG_PAGAMENTO, prepararOnline, recusaPagamento } from './entrada.ts';
import type { PagamentoOnline } from './entrada.ts';
import type { PedidoPort } from './pedido-port.ts';
import { GatewayIndisponivelError, GatewayValidacaoError } from './port.ts';
import type { PaymentGateway, ResultadoPagamento } from './port.ts';
import { gatewayUnico, vendedorOAuth } from './contas.ts';
import type { Gateways } from './contas.ts';
import { criarRenovarPix } from './renovar-pix.ts';
import {
  ESTADOS_ABERTOS,
  contasRepository,
  paymentsRepository as repo,
  taxaRepository,
} from './repository.ts';
import type { NovoPagamento, PagamentoRow } from './repository.ts';

export type { PagamentoRow };
export { MSG_PAGAMENTO, STTIPOPGTO_ONLINE, recusaPagamento } from './entrada.ts';
export type { PagamentoOnline } from './entrada.ts';

/** An order's payment attempts, oldest first (the panel's refund state). */
export function tentativasDoPedido(db: Db, idpedido: number): Promise<PagamentoRow[]> {
  return repo.doPedido(db, idpedido);
}

/** The attempts of several orders in one query (the order lists). */
export function tentativasDosPedidos(db: Db, ids: readonly number[]): Promise<PagamentoRow[]> {
  return repo.dosPedidos(db, ids);
}

/**
 * Account erasure's part of payments: the sandbox vault's cards of the customer go, and their
 * attempts keep no holder nor token. Called before cards' part (it finds the saved cards' tokens).
 */
export function apagarPagamentosDoCliente(db: Db, idcliente: number): Promise<void> {
  return repo.apagarDoCliente(db, idcliente);
}

/** What the server logs through (Fastify's logger, or the CLI's console). */
export interface PaymentsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PaymentsDeps {
  db: Db;
  /** The environment's gateway (payments of no account). */
  gateway: PaymentGateway;
  /**
   * Establishments' own accounts (issue 23, contas.ts): new charges on the establishment's active
   * account, every later step on the account that took the payment. Without: `gateway` for all.
   */
  gateways?: Gateways;
  /** The orders a payment moves or removes (orders/status.ts `pedidoPort`, wired by app.ts). */
  pedidos: PedidoPort;
  log: PaymentsLog;
  /** PIX charges expire after this many seconds. */
  pixExpiraSegundos: number;
  /** An expired PIX keeps its order waiting this long for a new code (renovar-pix.ts); default 0. */
  pixRenovarSegundos?: number;
  /** The public origin: the bank page sends the customer back to {publicUrl}/aguardando-pagamento. */
  publicUrl: string;
  /**
   * The origin of establishment `id`'s pages (its own host name, issue 23 part 5), so the bank
   * page returns the customer to the origin the checkout runs on; default publicUrl.
   */
  urlPublicaDe?: ((idestabelecimento: number) => string) | undefined;
  agora?: () => Date;
}

export interface PedidoACobrar {
  id: number;
  pedido_id: string;
  /** Its establishment (the return URL's origin). */
  idestabelecimento?: number;
  idcliente: number;
  total: number;
  nome: string;
  cpf: string | null;
}

/** Our idempotency key for attempt n of an order: Cielo's MerchantOrderId (≤ 50, alphanumeric). */
export const chaveTentativa = (pedidoId: string, n: number): string =>
  `${pedidoId.replace(/[^a-zA-Z0-9]/g, '')}p${n}`;

/** The wire transacao of one attempt (spec section 3 'transacoes'). */
export function presentTransacao(
  p: PagamentoRow,
  idestabelecimento: number,
  pedidoEmAberto: boolean,
): Transacao {
  return {
    // The bank page only while it can still be used.
    url: p.estado === 'pendente' && pedidoEmAberto ? p.url : null,
    qrcode: p.tipo === 'pix' ? p.qrcode : null,
    imagem_qrcode: p.tipo === 'pix' ? p.imagem_qrcode : null,
    pedido: p.idpedido ?? 0,
    deliveryestabelecimento: idestabelecimento,
    tipo: p.tipo,
    estado: p.estado,
    expira_em: p.expira_em,
    valor: p.valor,
  };
}

function lerJson(texto: string): unknown {
  try {
    return JSON.parse(texto);
  } catch {
    return null;
  }
}

/** A pending refund is tried again at most this often (the gateway's time-out is 15 s). */
export const ESTORNO_RETRY_MS = 2 * 60_000;

export function createPayments(deps: PaymentsDeps) {
  const { db, gateway, log, pedidos } = deps;
  const gateways = deps.gateways ?? gatewayUnico(gateway);
  const agora = deps.agora ?? (() => new Date());
  /** Where the bank page (3-D Secure) sends the customer back: the origin of the order's pages. */
  const returnUrl = (idestabelecimento: number | undefined) => {
    const origem =
      idestabelecimento !== undefined && deps.urlPublicaDe
        ? deps.urlPublicaDe(idestabelecimento)
        : deps.publicUrl;
    return `${origem.replace(/\/$/, '')}/aguardando-pagamento`;
  };

  /**
   * An attempt's state change (repo.mudar); a change made is heard by the streams at once, and
   * counted by its new state (metrics: payments by outcome, each change once).
   */
  async function mudar(...args: Parameters<typeof repo.mudar>): Promise<boolean> {
    const mudou = await repo.mudar(...args);
    if (mudou) {
      avisarEventos(db);
      metricas.pagamentos.inc({ estado: String(args[3].estado ?? 'outro') });
    }
    return mudou;
  }

  /** The attempt row written with the order (same transaction). */
  /**
   * The platform operator's fee on a payment on this account (cents, packages/domain): only a
   * Mercado Pago account connected by OAuth carries it (`application_fee` needs the marketplace
   * link OAuth makes); pasted credentials, Cielo, the sandbox and the environment's gateway: 0.
   */
  async function taxaDaConta(conta: PagamentoOnline['conta'], valor: number): Promise<number> {
    if (!conta || conta.provedor !== 'mercadopago') return 0;
    const row = await contasRepository.porId(db, conta.id);
    if (!row || vendedorOAuth(row) === null) return 0;
    return taxaPlataforma(valor, await taxaRepository.bp(db, row.idestabelecimento));
  }

  async function novaTentativa(pedidoId: string, idcliente: number, valor: number, online: PagamentoOnline) {
    const n = (await repo.tentativas(db, pedidoId)) + 1;
    const taxa = await taxaDaConta(online.conta, valor);
    const dthr = agora().toISOString();
    const p: NovoPagamento = {
      pedido_id: pedidoId,
      idcliente,
      chave: chaveTentativa(pedidoId, n),
      gateway: online.conta?.provedor ?? gateway.nome,
      idconta: online.conta?.id ?? null,
      tipo: online.tipo,
      valor,
      estado: 'iniciado',
      cartao_token: online.cartao?.token ?? null,
      cartao_bandeira: online.exibicao?.bandeira ?? null,
      cartao_numero: online.exibicao?.numero ?? null,
      cartao_titular: online.exibicao?.titular ?? null,
      cartao_cnpjoucpf: online.exibicao?.cnpjoucpf ?? null,
      salvar_cartao: online.salvar ? 1 : 0,
      taxa_plataforma: taxa,
      criado_em: dthr,
      atualizado_em: dthr,
    };
    return p;
  }

  /** Moves the order on from PgtoPendente; a lost race (already moved) changes nothing. */
  function moverDoPendente(idpedido: number, para: number, motivo?: string): Promise<boolean> {
    return pedidos.moverDoPendente(idpedido, para, { motivo, agora: agora() });
  }

  /** A refused attempt leaves no order (the attempt stays, unlinked from it). */
  async function removerPedido(idpedido: number, pedidoId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repo.desligarDoPedido(trx, idpedido);
      await pedidos.remover(trx, idpedido, pedidoId);
    });
  }

  async function salvarCartaoDa(p: PagamentoRow, r: ResultadoPagamento) {
    if (!p.salvar_cartao || p.idcliente === null) return;
    let token = r.cardToken;
    if (!token && p.cartao_token) {
      try {
        const g = await gateways.doPagamento(p);
        // Mercado Pago: a card token is used once; the card approved later is kept now.
        token = g.salvarCartao
          ? await g.salvarCartao({
              chave: p.chave,
              token: p.cartao_token,
              comprador: {
                nome: p.cartao_titular ?? '',
                cpf: null,
                email: await repo.emailDoCliente(db, p.idcliente),
              },
            })
          : p.cartao_token;
      } catch (e) {
        log.warn({ pagamento: p.id, erro: e instanceof Error ? e.message : String(e) }, 'cartão não salvo');
        return;
      }
    }
    if (!token) return;
    await salvarCartaoDoPagamento(db, {
      idcliente: p.idcliente,
      token,
      bandeira: p.cartao_bandeira ?? '',
      numero: p.cartao_numero ?? '',
      titular: p.cartao_titular ?? '',
      cnpjoucpf: p.cartao_cnpjoucpf ?? '',
      datahora: agora().toISOString(),
      // The provider that took the payment tokenised the card (issue 23).
      provedor: p.gateway,
    });
  }

  /**
   * Applies what the gateway says about an attempt: each change happens once (a webhook twice, a
   * poll after the webhook, or results out of order change nothing the second time).
   */
  async function aplicar(p: PagamentoRow, r: ResultadoPagamento): Promise<void> {
    const dthr = agora().toISOString();
    const base = {
      payment_id: r.paymentId ?? p.payment_id,
      return_code: r.returnCode,
      return_message: r.returnMessage,
      atualizado_em: dthr,
      consultado_em: dthr,
    };
    const abertos: EstadoPagamentoRow[] = ['iniciado', 'incerto', 'pendente'];
    switch (r.estado) {
      case 'pendente': {
        const moveu = await mudar(db, p.id, ['iniciado', 'incerto'], {
          ...base,
          estado: 'pendente',
          url: r.authenticationUrl ?? p.url,
          qrcode: r.pix?.qrcode ?? p.qrcode,
          imagem_qrcode: r.pix?.imagem ?? p.imagem_qrcode,
          expira_em: r.pix?.expiraEm ?? p.expira_em,
        });
        // A read got there first (the tracking page's poll asks the gateway by our key while
        // 'Gerar novo código' waits for the charge): it moved the attempt without the code, which
        // only the creation's answer carries. The code is kept now, or the page had no code to show.
        if (!moveu && r.pix?.qrcode) {
          const pix = {
            qrcode: r.pix.qrcode,
            imagem_qrcode: r.pix.imagem ?? null,
            expira_em: r.pix.expiraEm,
          };
          if (await repo.completarPix(db, p.id, pix)) avisarEventos(db);
        }
        return;
      }
      case 'pago': {
        if (p.estado === 'expirado' && p.tipo === 'pix') {
          // A PIX paid after it expired (renewed, or its order cancelled): the money goes back.
          if (await mudar(db, p.id, ['expirado'], { ...base, estado: 'pago', url: null })) {
            await pedirEstorno({ ...p, payment_id: base.payment_id, estado: 'pago' });
          }
          return;
        }
        if (!(await mudar(db, p.id, abertos, { ...base, estado: 'pago', url: null }))) return;
        await salvarCartaoDa(p, r);
        if (p.idpedido === null) return;
        if (!(await moverDoPendente(p.idpedido, STATUS.Sincronizado))) {
          // Paid after the order was cancelled (a late PIX, a cancelled pending order): give it back.
          const status = await pedidos.status(p.idpedido);
          if (status === STATUS.Cancelado || status === STATUS.CancelamentoSincronizado) {
            await estornar(p.idpedido);
          }
        }
        log.info({ pedido: p.idpedido, pagamento: p.id }, 'pagamento confirmado');
        return;
      }
      case 'negado':
      case 'expirado': {
        if (!(await mudar(db, p.id, abertos, { ...base, estado: r.estado, url: null }))) return;
        if (p.idpedido === null) return;
        const motivo =
          p.tipo === 'pix'
            ? MSG_PAGAMENTO.pixNaoPago
            : p.tipo === 'debito'
              ? MSG_PAGAMENTO.debitoNegado
              : MSG_PAGAMENTO.naoAutorizado(r.returnMessage ?? '');
        await moverDoPendente(p.idpedido, STATUS.Cancelado, motivo.slice(0, 200));
        return;
      }
      case 'estornado': {
        await mudar(db, p.id, ['pago', 'estorno_pendente', ...abertos], {
          ...base,
          estado: 'estornado',
        });
        return;
      }
    }
  }

  /**
   * Charges an order just written in PgtoPendente with its attempt. A refusal removes the order
   * and throws 106 (nothing was charged; the app may try again). An unknown outcome (time-out)
   * keeps the order pending: the reconciler asks the gateway by our key, never charges again.
   */
  async function cobrar(pedido: PedidoACobrar, chave: string, online: PagamentoOnline): Promise<void> {
    const p = await repo.porChave(db, chave);
    if (!p) throw new Error(`pagamento ${chave} não gravado`);
    let g: PaymentGateway;
    try {
      g = await gateways.doPagamento(p);
    } catch (e) {
      // The account's gateway cannot be built (its credentials unreadable): nothing was charged.
      log.warn(
        { pagamento: p.id, erro: e instanceof Error ? e.message : String(e) },
        'conta de pagamento indisponível',
      );
      await mudar(db, p.id, ['iniciado'], { estado: 'negado', atualizado_em: agora().toISOString() });
      await removerPedido(pedido.id, pedido.pedido_id);
      throw recusaPagamento({ codigo: 100, msg: MSG_PAGAMENTO.contaIndisponivel });
    }
    // The order's customer's e-mail goes to the provider as the payer's (Mercado Pago requires it).
    const email = await repo.emailDoCliente(db, pedido.idcliente);
    let r: ResultadoPagamento;
    try {
      r =
        online.tipo === 'pix'
          ? await g.criarPix({
              chave: p.chave,
              valor: pedido.total,
              comprador: { nome: pedido.nome, cpf: pedido.cpf, email },
              expiraEmSegundos: deps.pixExpiraSegundos,
              ...(p.taxa_plataforma > 0 ? { taxaPlataforma: p.taxa_plataforma } : {}),
            })
          : await g.cobrarCartao({
              chave: p.chave,
              valor: pedido.total,
              tipo: online.tipo,
              cartao: online.cartao!,
              salvar: online.salvar,
              autenticacao: online.autenticacao,
              returnUrl: returnUrl(pedido.idestabelecimento),
              comprador: { nome: pedido.nome, cpf: pedido.cpf, email },
              ...(p.taxa_plataforma > 0 ? { taxaPlataforma: p.taxa_plataforma } : {}),
            });
    } catch (e) {
      if (e instanceof GatewayValidacaoError) {
        await mudar(db, p.id, ['iniciado'], {
          estado: 'negado',
          return_code: String(e.erros[0]?.Code ?? ''),
          return_message: (e.erros[0]?.Message ?? '').slice(0, 200),
          atualizado_em: agora().toISOString(),
        });
        await removerPedido(pedido.id, pedido.pedido_id);
        throw recusaPagamento({
          codigo: 500,
          msg: e.erros[0]?.Message ?? MSG_PEDIDO.pagamentoOnlinePadrao,
          errors: e.erros,
        });
      }
      // Unknown outcome: the gateway may have charged. Reconciled later by our key.
      await mudar(db, p.id, ['iniciado'], { estado: 'incerto', atualizado_em: agora().toISOString() });
      log.warn(
        {
          pedido: pedido.id,
          pagamento: p.id,
          erro: e instanceof GatewayIndisponivelError ? e.message : String(e),
        },
        'gateway sem resposta: pagamento a conciliar',
      );
      return;
    }
    if (r.estado === 'negado' && online.tipo !== 'pix') {
      await aplicarRecusaSincrona(p, r, pedido);
    }
    await aplicar(p, r);
  }

  /** A card refused at once: the attempt is recorded, the order removed, the reason answered. */
  async function aplicarRecusaSincrona(p: PagamentoRow, r: ResultadoPagamento, pedido: PedidoACobrar) {
    await mudar(db, p.id, ['iniciado'], {
      estado: 'negado',
      payment_id: r.paymentId,
      return_code: r.returnCode,
      return_message: r.returnMessage,
      atualizado_em: agora().toISOString(),
    });
    await removerPedido(pedido.id, pedido.pedido_id);
    const msg = r.returnMessage ?? MSG_PEDIDO.pagamentoOnlinePadrao;
    throw recusaPagamento({
      codigo: 501,
      msg,
      Payment: { ReturnCode: r.returnCode, ReturnMessage: r.returnMessage },
    });
  }

  /** Asks the gateway about an open attempt and applies the answer. */
  async function sincronizarTentativa(p: PagamentoRow): Promise<void> {
    await repo.consultado(db, p.id, agora().toISOString());
    let r: ResultadoPagamento | null;
    try {
      const g = await gateways.doPagamento(p);
      r = p.payment_id ? await g.consultar(p.payment_id) : await g.consultarPorChave(p.chave);
    } catch (e) {
      log.warn(
        { pagamento: p.id, erro: e instanceof Error ? e.message : String(e) },
        'consulta ao gateway falhou',
      );
      return;
    }
    if (p.estado === 'estorno_pendente') {
      if (r?.estado === 'estornado') await aplicar(p, r);
      else if (r?.estado === 'pago' && p.payment_id) await pedirEstorno(p);
      return;
    }
    const antigo = Date.parse(p.criado_em) < agora().getTime() - 60_000;
    if (r === null) {
      // No payment under our key a minute on: nothing was charged, the order is not paid.
      if ((p.estado === 'iniciado' || p.estado === 'incerto') && antigo && p.idpedido !== null) {
        await mudar(db, p.id, ['iniciado', 'incerto'], {
          estado: 'negado',
          atualizado_em: agora().toISOString(),
        });
        await moverDoPendente(p.idpedido, STATUS.Cancelado, MSG_PAGAMENTO.naoConcluido);
      }
      return;
    }
    // A PIX past its expiry: ours decides even where the gateway has no expiry of its own (Cielo).
    if (
      r.estado === 'pendente' &&
      p.tipo === 'pix' &&
      p.expira_em &&
      Date.parse(p.expira_em) <= agora().getTime()
    ) {
      r = { ...r, estado: 'expirado' };
    }
    // An expired PIX's order waits for 'Gerar novo código' (renovar-pix.ts) until its window ends.
    if (
      r.estado === 'expirado' &&
      p.tipo === 'pix' &&
      p.estado === 'pendente' &&
      p.expira_em &&
      Date.parse(p.expira_em) + (deps.pixRenovarSegundos ?? 0) * 1000 > agora().getTime()
    ) {
      return;
    }
    await aplicar(p, r);
  }

  /**
   * Refunds an attempt once. The caller that claims it asks the gateway; the others (two
   * reconciler runs on two instances, a cancellation racing a late payment) change nothing: from
   * pago by the state change, a retry of a pending refund by a conditional write that only one
   * caller wins, and only ESTORNO_RETRY_MS after the previous try (longer than the gateway's
   * time-out, so a refund still under way is never asked for a second time).
   */
  async function pedirEstorno(p: PagamentoRow): Promise<void> {
    if (!p.payment_id) return;
    const dthr = agora().toISOString();
    const meu =
      p.estado === 'estorno_pendente'
        ? await repo.retomarEstorno(
            db,
            p.id,
            new Date(agora().getTime() - ESTORNO_RETRY_MS).toISOString(),
            dthr,
          )
        : await mudar(db, p.id, ['pago'], { estado: 'estorno_pendente', atualizado_em: dthr });
    if (!meu) return;
    try {
      const r = await (await gateways.doPagamento(p)).estornar(p.payment_id, p.valor);
      if (r.estado === 'estornado') await aplicar({ ...p, estado: 'estorno_pendente' }, r);
    } catch (e) {
      // Stays estorno_pendente: the reconciler asks again.
      log.error({ pagamento: p.id, erro: e instanceof Error ? e.message : String(e) }, 'estorno falhou');
    }
  }

  /** Refunds every paid attempt of a cancelled order (the restaurant's cancellation). */
  async function estornar(idpedido: number): Promise<void> {
    for (const p of await repo.doPedido(db, idpedido)) {
      if (p.estado === 'pago') await pedirEstorno(p);
    }
  }

  return {
    /** Checks the online payment entry before the order is written (entrada.ts). */
    /** On the establishment's active account (refused while that account is failing). */
    async prepararOnline(
      idestabelecimento: number,
      idcliente: number,
      forma: Parameters<typeof prepararOnline>[2],
      entrada: PagamentoInput,
    ): Promise<PagamentoOnline> {
      let atual: Awaited<ReturnType<Gateways['doEstabelecimento']>>;
      try {
        atual = await gateways.doEstabelecimento(idestabelecimento);
      } catch (e) {
        log.warn(
          { estabelecimento: idestabelecimento, erro: e instanceof Error ? e.message : String(e) },
          'conta de pagamento indisponível',
        );
        throw recusaPagamento({ codigo: 100, msg: MSG_PAGAMENTO.contaIndisponivel });
      }
      const { gateway: g, conta } = atual;
      if (conta?.estado === 'erro')
        throw recusaPagamento({ codigo: 100, msg: MSG_PAGAMENTO.contaIndisponivel });
      const online = await prepararOnline({ db, gateway: g }, idcliente, forma, entrada);
      return { ...online, conta: conta ? { id: conta.id, provedor: conta.provedor } : null };
    },
    novaTentativa,
    cobrar,
    estornar,
    /** 'Gerar novo código' for an expired PIX of an order still awaiting payment (renovar-pix.ts). */
    renovarPix: criarRenovarPix({
      db,
      gateways,
      log,
      agora,
      pixExpiraSegundos: deps.pixExpiraSegundos,
      mudar,
      aplicar,
      sincronizarTentativa,
      novaTentativa,
    }),

    /** An order's open attempts asked about again (reads of a pending order; at most every `intervaloMs`). */
    async sincronizarPedido(idpedido: number, intervaloMs = 3000): Promise<void> {
      const limite = agora().getTime() - intervaloMs;
      for (const p of await repo.doPedido(db, idpedido)) {
        if (!ESTADOS_ABERTOS.includes(p.estado)) continue;
        if (p.consultado_em && Date.parse(p.consultado_em) > limite) continue;
        await sincronizarTentativa(p);
      }
    },

    /** A provider notification: the payment is read from the gateway, never from the body. */
    async notificacao(
      body: unknown,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<boolean> {
      // The payment it names decides which account reads it (issue 23 part 3): that account's
      // gateway checks the notification, then the payment is re-read from it before anything moves.
      const b = (typeof body === 'string' ? lerJson(body) : body) as { PaymentId?: unknown } | null;
      const alegado = typeof b?.PaymentId === 'string' ? b.PaymentId : null;
      const p = alegado ? await repo.porPaymentId(db, alegado) : undefined;
      let g: PaymentGateway;
      try {
        g = p ? await gateways.doPagamento(p) : gateway;
      } catch {
        return false;
      }
      const paymentId = g.lerNotificacao(body, headers);
      if (!paymentId) return false;
      if (p && paymentId === p.payment_id) await sincronizarTentativa(p);
      return true;
    },

    /**
     * A verified Mercado Pago webhook about `paymentId`: only an attempt Mercado Pago took is
     * re-read (from the account that took it) and moved as the reconciler would; an unknown id
     * changes nothing.
     */
    async notificacaoMercadoPago(paymentId: string): Promise<void> {
      const p = await repo.porPaymentId(db, paymentId);
      if (p?.gateway === 'mercadopago') await sincronizarTentativa(p);
    },

    /** By the gateway's id (the sandbox's bank pages and CLI after their action). */
    async sincronizarPaymentId(paymentId: string): Promise<void> {
      const p = await repo.porPaymentId(db, paymentId);
      if (p) await sincronizarTentativa(p);
    },

    /** One pass over open attempts (background reconciler). */
    async reconciliar(limite = 100): Promise<number> {
      const antes = new Date(agora().getTime() - 10_000).toISOString();
      const abertos = await repo.abertos(db, antes, limite);
      for (const p of abertos) await sincronizarTentativa(p);
      // A run that died between a payment's 'pago' and its order's move left the order pending:
      // moved on now (once: the move is from PgtoPendente only).
      for (const o of await repo.pedidosPagosPendentes(db, STATUS.PgtoPendente, limite)) {
        await moverDoPendente(o.id, STATUS.Sincronizado);
      }
      return abertos.length;
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
