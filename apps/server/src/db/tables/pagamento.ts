import type { ColumnType, Generated } from 'kysely';

/**
 * Payments and the sandbox gateway (its card vault, payments and 3-D Secure server).
 * Written only by modules/payments (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface PagamentoTables {
  pagamento: PagamentoTable;
  conta_pagamento: ContaPagamentoTable;
  mercadopago_conexao: MercadoPagoConexaoTable;
  taxa_plataforma: TaxaPlataformaTable;
  sandbox_cartao: SandboxCartaoTable;
  sandbox_pagamento: SandboxPagamentoTable;
  sandbox_3ds: Sandbox3dsTable;
}

/** Our record of a payment state (modules/payments/port.ts EstadoPagamento) plus our own in-between states. */
export type EstadoPagamentoRow =
  'iniciado' | 'incerto' | 'pendente' | 'pago' | 'negado' | 'expirado' | 'estornado' | 'estorno_pendente';

/** One attempt to charge an order online (issue 5). */
export interface PagamentoTable {
  id: Generated<number>;
  idpedido: number | null;
  pedido_id: string;
  idcliente: number | null;
  /** Our idempotency key for the attempt. */
  chave: string;
  /** The provider that took it ('sandbox' | 'cielo' | 'mercadopago'). */
  gateway: string;
  /**
   * The establishment's payment account that took it (0024, issue 23); null: the environment's
   * gateway. Refunds, reconciliation and PIX renewal use this account, whichever is active now.
   */
  idconta: ColumnType<number | null, number | null | undefined, number | null>;
  tipo: 'credito' | 'debito' | 'pix';
  valor: number;
  estado: EstadoPagamentoRow;
  payment_id: string | null;
  return_code: string | null;
  return_message: string | null;
  /** Debit: the bank's authentication page. */
  url: string | null;
  qrcode: string | null;
  imagem_qrcode: string | null;
  expira_em: string | null;
  cartao_token: string | null;
  cartao_bandeira: string | null;
  cartao_numero: string | null;
  cartao_titular: string | null;
  cartao_cnpjoucpf: string | null;
  salvar_cartao: ColumnType<number, number | undefined, number>;
  criado_em: string;
  atualizado_em: string;
  /** Last time the gateway was asked about it (reconciliation). */
  consultado_em: string | null;
  /**
   * The platform operator's fee carried by the attempt, cents (0032): Mercado Pago's
   * `application_fee` on an OAuth account, 0 on every other provider.
   */
  taxa_plataforma: ColumnType<number, number | undefined, number>;
}

/** The sandbox gateway's card vault (token → brand, last 4, holder, expiry). */
export interface SandboxCartaoTable {
  token: string;
  bandeira: string;
  final: string;
  titular: string;
  expiracao: string;
  criado_em: string;
}

/** The sandbox gateway's payments, with Cielo's status numbers. */
export interface SandboxPagamentoTable {
  payment_id: string;
  chave: string;
  tipo: 'credito' | 'debito' | 'pix';
  valor: number;
  status: number;
  return_code: string | null;
  return_message: string | null;
  bandeira: string | null;
  final: string | null;
  txid: string | null;
  brcode: string | null;
  expira_em: string | null;
  return_url: string | null;
  criado_em: string;
  atualizado_em: string;
}

/** The sandbox 3-D Secure server's authentications (one per reference id, consumed once). */
export interface Sandbox3dsTable {
  referenceid: string;
  final: string;
  valor: number;
  /** 'desafio' | 'sucesso' | 'falha' | 'nao_inscrito' | 'erro' (from the test card). */
  resultado: string;
  /** 'aguardando' (challenge open) | 'aprovado' | 'negado' | 'concluido' */
  estado: string;
  cavv: string | null;
  /** When a payment consumed it (a replayed reference id is refused). */
  usado_em: string | null;
  criado_em: string;
}

/** A payment provider an account can be on (modules/payments/contas.ts). */
export type ProvedorConta = 'sandbox' | 'cielo' | 'mercadopago';

/**
 * An establishment's payment account (0024, issue 23): the provider, whether it is the one
 * charging now, its non-secret settings and its state. Credentials are in the secrets store
 * (`segredo`, names `conta.<id>.<provedor>.<campo>`), never here. A row is never changed to other
 * credentials: new ones are a new row, and the old one is kept (removida_em) for the payments it
 * took, so their refunds and reconciliation still reach the right account.
 */
export interface ContaPagamentoTable {
  id: Generated<number>;
  idestabelecimento: number;
  provedor: ProvedorConta;
  /** 1: the account new charges go to (at most one per establishment, among those not removed). */
  ativa: number;
  /** Non-secret settings, JSON (e.g. the PIX key). */
  config_json: string;
  estado: 'ok' | 'erro';
  /** The last failure, in Portuguese, while estado is 'erro'. */
  erro: string | null;
  testado_em: string | null;
  criado_em: string;
  atualizado_em: string;
  removida_em: string | null;
  /**
   * An account connected by OAuth (0032): when its access token expires (the refresh job renews
   * it before). Its tokens are rotated in place: the same seller, so the payments it took still
   * resolve to it. Null: pasted credentials (no expiry known).
   */
  token_expira_em: ColumnType<string | null, string | null | undefined, string | null>;
  /** (0035) A token renewal in flight until this instant; past it, another run may take it over. */
  renovando_ate: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * (0035) When Mercado Pago refused the refresh token while the access token still worked (a
   * renewal whose answer was lost): the account works until `token_expira_em`, the owner is asked
   * to reconnect. Null: renewals work.
   */
  reconectar_desde: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A Mercado Pago OAuth flow under way (0032): `state` as its SHA-256, bound to the establishment
 * and the staff member who started it; used once, before `expira_em`. The PKCE verifier is in the
 * secrets store (`mpoauth.<id>.verifier`).
 */
export interface MercadoPagoConexaoTable {
  id: Generated<number>;
  idestabelecimento: number;
  idfuncionario: number;
  state_hash: string;
  criado_em: string;
  expira_em: string;
  usado_em: string | null;
}

/** The platform operator's fee on an establishment's Mercado Pago payments, basis points (0032). */
export interface TaxaPlataformaTable {
  idestabelecimento: number;
  bp: number;
  atualizado_em: string;
}
