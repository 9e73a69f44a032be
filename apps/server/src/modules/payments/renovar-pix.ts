import { STATUS, isCancelado } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { HttpError, rotaNaoEncontrada } from '../../http/errors.ts';
import type { Gateways } from './contas.ts';
import type { ProvedorConta } from '../../db/types.ts';
import type { ResultadoPagamento } from './port.ts';
import { paymentsRepository as repo } from './repository.ts';
import type { NovoPagamento, PagamentoRow } from './repository.ts';

/** The refusals of 'Gerar novo código' (409: the order is not in a state to renew; nothing charged). */
export const MSG_RENOVAR_PIX = {
  pago: 'Este pedido já foi pago: não há código PIX para renovar.',
  cancelado: 'Este pedido foi cancelado: não é possível gerar um novo código PIX.',
  naoAguarda: 'Este pedido não está aguardando pagamento.',
  naoPix: 'Este pedido não é pago por PIX.',
  aindaValido: 'O código PIX atual ainda não expirou: use o mesmo código.',
  gerando: 'O código PIX ainda está sendo gerado. Aguarde um instante.',
  jaRenovado: 'Um novo código PIX já foi gerado para este pedido.',
  falhou: 'Não foi possível gerar um novo código PIX agora. Tente de novo em instantes.',
} as const;

const conflito = (detail: string) => new HttpError(409, { detail });

/** What the service lends the renewal (its closures: one state change, one result applied, one sync). */
export interface RenovarPixCtx {
  db: Db;
  /** The new charge goes to the account that took the expired one (issue 23). */
  gateways: Gateways;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
  agora: () => Date;
  pixExpiraSegundos: number;
  mudar: (...args: Parameters<typeof repo.mudar>) => Promise<boolean>;
  aplicar: (p: PagamentoRow, r: ResultadoPagamento) => Promise<void>;
  sincronizarTentativa: (p: PagamentoRow) => Promise<void>;
  /** The next attempt's row (its key: the order's id and the attempt's number). */
  novaTentativa: (
    pedidoId: string,
    idcliente: number,
    valor: number,
    online: {
      tipo: 'pix';
      cartao: null;
      salvar: false;
      autenticacao: null;
      exibicao: null;
      conta: { id: number; provedor: ProvedorConta } | null;
    },
  ) => Promise<NovoPagamento>;
}

function recusaPorStatus(status: number): HttpError {
  if (isCancelado(status)) return conflito(MSG_RENOVAR_PIX.cancelado);
  if (status >= STATUS.PgtoConfirmado) return conflito(MSG_RENOVAR_PIX.pago);
  return conflito(MSG_RENOVAR_PIX.naoAguarda);
}

const pedidoDoCliente = (db: Db, idcliente: number, idpedido: number) =>
  db
    .selectFrom('pedido')
    .select(['id', 'pedido_id', 'status', 'total', 'pedido_json'])
    .where('id', '=', idpedido)
    .where('idcliente', '=', idcliente)
    .executeTakeFirst();

/** The payer as the order recorded it (the new charge's buyer, as the first one's). */
function comprador(pedidoJson: string): { nome: string; cpf: string | null } {
  try {
    const g = JSON.parse(pedidoJson) as {
      cliente?: { nome?: string; cpf?: string | null };
      cpf_pagador?: string | null;
    };
    return { nome: g.cliente?.nome ?? '', cpf: g.cpf_pagador ?? g.cliente?.cpf ?? null };
  } catch {
    return { nome: '', cpf: null };
  }
}

/**
 * 'Gerar novo código' (issue 14): a new PIX charge, with a new txid, on the same order — only
 * when the order still awaits payment and its latest charge is a PIX past its expiry. The old
 * charge is closed first by one conditional update ('pendente' → 'expirado'): of two clicks
 * racing, one wins and charges, the other is refused (409), so there is one new charge. The old
 * txid then can no longer be paid at the sandbox (past its expiry), and a late payment of it at a
 * gateway without expiry is refunded (service.ts aplicar, 'pago' of an 'expirado' attempt).
 */
export function criarRenovarPix(ctx: RenovarPixCtx) {
  const { db, gateways, log, agora } = ctx;

  return async function renovarPix(idcliente: number, idpedido: number): Promise<void> {
    let pedido = await pedidoDoCliente(db, idcliente, idpedido);
    if (!pedido) throw rotaNaoEncontrada();
    if (pedido.status !== STATUS.PgtoPendente) throw recusaPorStatus(pedido.status);
    const ultima = (await repo.doPedido(db, idpedido)).at(-1);
    if (!ultima || ultima.tipo !== 'pix') throw conflito(MSG_RENOVAR_PIX.naoPix);
    if (ultima.estado === 'iniciado' || ultima.estado === 'incerto') throw conflito(MSG_RENOVAR_PIX.gerando);
    if (ultima.estado !== 'pendente') throw conflito(MSG_RENOVAR_PIX.jaRenovado);
    if (!ultima.expira_em || Date.parse(ultima.expira_em) > agora().getTime()) {
      throw conflito(MSG_RENOVAR_PIX.aindaValido);
    }

    // Paid at the last moment (or its renewal window over)? The gateway's word first.
    await ctx.sincronizarTentativa(ultima);
    pedido = await pedidoDoCliente(db, idcliente, idpedido);
    if (!pedido) throw rotaNaoEncontrada();
    if (pedido.status !== STATUS.PgtoPendente) throw recusaPorStatus(pedido.status);

    const dthr = agora().toISOString();
    const fechou = await ctx.mudar(db, ultima.id, ['pendente'], {
      estado: 'expirado',
      url: null,
      atualizado_em: dthr,
    });
    if (!fechou) {
      const atual = await pedidoDoCliente(db, idcliente, idpedido);
      if (atual && atual.status !== STATUS.PgtoPendente) throw recusaPorStatus(atual.status);
      throw conflito(MSG_RENOVAR_PIX.jaRenovado);
    }

    const nova = await ctx.novaTentativa(pedido.pedido_id, idcliente, pedido.total, {
      tipo: 'pix',
      cartao: null,
      salvar: false,
      autenticacao: null,
      exibicao: null,
      conta:
        ultima.idconta === null ? null : { id: ultima.idconta, provedor: ultima.gateway as ProvedorConta },
    });
    const id = await repo.insert(db, idpedido, nova);
    const p = await repo.porChave(db, nova.chave);
    if (!p) throw new Error(`pagamento ${nova.chave} não gravado`);
    let r: ResultadoPagamento;
    try {
      const gateway = await gateways.doPagamento(p);
      r = await gateway.criarPix({
        chave: nova.chave,
        valor: pedido.total,
        comprador: { ...comprador(pedido.pedido_json), email: await repo.emailDoCliente(db, p.idcliente) },
        expiraEmSegundos: ctx.pixExpiraSegundos,
        ...(p.taxa_plataforma > 0 ? { taxaPlataforma: p.taxa_plataforma } : {}),
      });
    } catch (e) {
      // Unknown outcome: the reconciler asks the gateway by our key (never charges again).
      await ctx.mudar(db, id, ['iniciado'], { estado: 'incerto', atualizado_em: agora().toISOString() });
      log.warn(
        { pedido: idpedido, pagamento: id, erro: e instanceof Error ? e.message : String(e) },
        'novo PIX sem resposta do gateway: pagamento a conciliar',
      );
      throw new HttpError(503, { detail: MSG_RENOVAR_PIX.falhou });
    }
    await ctx.aplicar(p, r);
    log.info({ pedido: idpedido, pagamento: id, anterior: ultima.id }, 'PIX renovado');
  };
}
