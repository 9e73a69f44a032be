import type { Generated } from 'kysely';

/**
 * The iFood integration's tables (migration 0030_canais). Written only by modules/ifood
 * (scripts/check-table-owners.mjs). Times are ISO text; booleans 0/1.
 */
export interface IfoodTables {
  ifood_loja: IfoodLojaTable;
  ifood_acao: IfoodAcaoTable;
  ifood_cursor: IfoodCursorTable;
}

/**
 * An establishment's iFood store. The app's client id and secret are in the secrets store
 * ('ifood.client_id', 'ifood.client_secret'); the merchant id belongs to one establishment only.
 */
export interface IfoodLojaTable {
  idestabelecimento: number;
  merchant_id: string;
  /** 1 = the import is on (polled every 30 s). */
  ativo: number;
  ultima_consulta_em: string | null;
  /** The last failure talking to iFood (shown to the owner), null after a success. */
  ultimo_erro: string | null;
  criado_em: string;
  atualizado_em: string;
}

/**
 * Something owed to iFood: an order's status action (confirm, dispatch, requestCancellation, …)
 * or a catalogue item's status. `chave` is unique (the order and action, or the event), so an
 * event read twice owes it once; retried with backoff until done or given up ('falhou').
 */
export interface IfoodAcaoTable {
  id: Generated<number>;
  chave: string;
  idestabelecimento: number;
  idpedido: number | null;
  /** 'confirm' | 'startPreparation' | 'readyToPickup' | 'dispatch' | 'requestCancellation' | 'itemStatus'. */
  acao: string;
  /** The iFood order id, or the Rango product id (its externalCode at iFood). */
  alvo: string;
  /** JSON body of the call (the cancellation's reason, the item's status). */
  corpo: string | null;
  /** 'pendente' | 'feito' | 'falhou' | 'enviando'. */
  estado: string;
  tentativas: number;
  proxima_em: string;
  /** iFood's last refusal, in Portuguese, for the attendant. */
  erro: string | null;
  criado_em: string;
  atualizado_em: string;
}

/** The outbox's position in `evento` (one row, 'ifood'). */
export interface IfoodCursorTable {
  nome: string;
  txid: number;
  idevento: number;
}
