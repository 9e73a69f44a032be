import {
  DIAS_EDITAR_AVALIACAO,
  DIAS_MEDIA_AVALIACAO,
  MIN_AVALIACOES_MEDIA,
  MSG_AVALIACAO,
  STATUS,
} from '@rango/domain';
import type { Avaliacao } from '@rango/domain';
import type { AvaliacaoPainel, AvaliacoesPainel } from '@rango/domain/painel';
import type { Db } from '../../db/index.ts';
import { HttpError, rotaNaoEncontrada } from '../../http/errors.ts';
import { pedidoDoCliente, referenciasDosPedidos } from '../orders/reads.ts';
import { avaliacoesRepository as repo } from './repository.ts';
import type { AvaliacaoRow, FiltroAvaliacoes } from './repository.ts';

const DIA_MS = 86_400_000;
const diasAntes = (agora: Date, dias: number): string =>
  new Date(agora.getTime() - dias * DIA_MS).toISOString();

/** Delivered (a delivery) or concluded (also a pickup): the statuses an order can be rated in. */
const AVALIAVEL: readonly number[] = [STATUS.Entregue, STATUS.Concluido];

function presentar(r: AvaliacaoRow): Avaliacao {
  return {
    idpedido: r.idpedido,
    nota: r.nota,
    comentario: r.comentario,
    criado_em: r.criado_em,
    atualizado_em: r.atualizado_em,
    editavel_ate: new Date(Date.parse(r.criado_em) + DIAS_EDITAR_AVALIACAO * DIA_MS).toISOString(),
  };
}

const naoEntregue = () => new HttpError(409, { detail: MSG_AVALIACAO.naoEntregue });
const prazoEncerrado = () => new HttpError(409, { detail: MSG_AVALIACAO.prazoEncerrado });
const avaliacaoNaoEncontrada = () => new HttpError(404, { detail: MSG_AVALIACAO.avaliacaoNaoEncontrada });

/** The menu header's figure: the 90-day average and count, only with at least 5 ratings. */
export interface ResumoAvaliacoes {
  media: number;
  quantidade: number;
}

/**
 * Ratings after delivery (issue 22 part 5). The customer rates their own delivered or
 * concluded order once (another customer's order is a 404, like a missing one); a second submit
 * replaces the first within 7 days of the first rating, after that a 409. The restaurant reads
 * its ratings and answers each privately. `agora` is the clock (tests inject one).
 */
export function createAvaliacoesService(db: Db, agora: () => Date = () => new Date()) {
  async function pedidoAvaliavel(idcliente: number, idpedido: number) {
    const pedido = await pedidoDoCliente(db, idcliente, idpedido);
    if (!pedido) throw rotaNaoEncontrada();
    return pedido;
  }

  return {
    /** The customer's rating of their order, null while none (404: not their order). */
    async doPedido(idcliente: number, idpedido: number): Promise<Avaliacao | null> {
      await pedidoAvaliavel(idcliente, idpedido);
      const r = await repo.doPedido(db, idpedido);
      return r ? presentar(r) : null;
    },

    /** Rates the order, or replaces its rating while the 7 days last. */
    async avaliar(
      idcliente: number,
      idpedido: number,
      input: { nota: number; comentario?: string | null | undefined },
    ): Promise<Avaliacao> {
      const pedido = await pedidoAvaliavel(idcliente, idpedido);
      if (!AVALIAVEL.includes(pedido.status)) throw naoEntregue();
      const comentario = input.comentario ?? null;
      const quando = agora();
      const desde = diasAntes(quando, DIAS_EDITAR_AVALIACAO);
      const atual = await repo.doPedido(db, idpedido);
      const r = atual
        ? await repo.substituir(db, atual.id, {
            nota: input.nota,
            comentario,
            agora: quando.toISOString(),
            desde,
          })
        : await repo.inserir(db, {
            idpedido,
            idcliente,
            idestabelecimento: pedido.idestabelecimento,
            nota: input.nota,
            comentario,
            agora: quando.toISOString(),
            desde,
          });
      if (!r) throw prazoEncerrado();
      return presentar(r);
    },

    /** The 90-day average and count, computed in SQL; undefined below 5 ratings. */
    async resumo(idestabelecimento: number): Promise<ResumoAvaliacoes | undefined> {
      const { media, quantidade } = await repo.media(
        db,
        idestabelecimento,
        diasAntes(agora(), DIAS_MEDIA_AVALIACAO),
      );
      return media !== null && quantidade >= MIN_AVALIACOES_MEDIA ? { media, quantidade } : undefined;
    },

    /** The panel's page: filtered ratings (newest first) and the 90-day figures. */
    async listar(
      idestabelecimento: number,
      filtro: { nota?: number | undefined; dias?: number | undefined },
      limit: number,
      offset: number,
    ): Promise<AvaliacoesPainel> {
      const quando = agora();
      const f: FiltroAvaliacoes = {
        nota: filtro.nota,
        desde: filtro.dias === undefined ? undefined : diasAntes(quando, filtro.dias),
      };
      const [count, rows, noventa] = await Promise.all([
        repo.contar(db, idestabelecimento, f),
        repo.listar(db, idestabelecimento, f, limit, offset),
        repo.media(db, idestabelecimento, diasAntes(quando, DIAS_MEDIA_AVALIACAO)),
      ]);
      const referencias = await referenciasDosPedidos(
        db,
        rows.map((r) => r.idpedido),
      );
      return {
        count,
        results: rows.map((r) => painel(r, referencias.get(r.idpedido) ?? String(r.idpedido))),
        media: noventa.media,
        quantidade: noventa.quantidade,
      };
    },

    /** The owner's private reply (a new one replaces the last); another establishment's: 404. */
    async responder(idestabelecimento: number, id: number, resposta: string): Promise<AvaliacaoPainel> {
      const r = await repo.responder(db, idestabelecimento, id, resposta, agora().toISOString());
      if (!r) throw avaliacaoNaoEncontrada();
      const referencias = await referenciasDosPedidos(db, [r.idpedido]);
      return painel(r, referencias.get(r.idpedido) ?? String(r.idpedido));
    },
  };
}

function painel(r: AvaliacaoRow, referencia: string): AvaliacaoPainel {
  return {
    id: r.id,
    idpedido: r.idpedido,
    referencia,
    nota: r.nota,
    comentario: r.comentario,
    resposta: r.resposta,
    respondido_em: r.respondido_em,
    criado_em: r.criado_em,
    atualizado_em: r.atualizado_em,
  };
}

export type AvaliacoesService = ReturnType<typeof createAvaliacoesService>;

/** 'Baixar meus dados': the customer's ratings (the restaurant's private replies are not theirs). */
export async function exportarAvaliacoesDoCliente(db: Db, idcliente: number) {
  return (await repo.doCliente(db, idcliente)).map((r) => ({
    idpedido: r.idpedido,
    nota: r.nota,
    comentario: r.comentario,
    criado_em: r.criado_em,
    atualizado_em: r.atualizado_em,
  }));
}

/** Account erasure's part of ratings: the customer's ratings go (comments are theirs). */
export async function apagarAvaliacoesDoCliente(db: Db, idcliente: number): Promise<void> {
  await repo.apagarDoCliente(db, idcliente);
}

/** The order's rating for the panel's order drawer (modules/notificacoes), or null. */
export async function avaliacaoDoPedido(db: Db, idpedido: number) {
  const r = await repo.doPedido(db, idpedido);
  return r ? { nota: r.nota, comentario: r.comentario, resposta: r.resposta } : null;
}
