import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Table and column names follow the spec's Portuguese wire
 * names. Money is integer cents; booleans are integers 0/1 (portable across SQLite and
 * PostgreSQL); times are 'HH:MM:SS' text.
 */
export interface Database {
  estabelecimento: EstabelecimentoTable;
  fone: FoneTable;
  horariofuncionamento: HorarioFuncionamentoTable;
  horarioexcecao: HorarioExcecaoTable;
  areaentrega: AreaEntregaTable;
  taxaentrega: TaxaEntregaTable;
  abonotaxaentrega: AbonoTaxaEntregaTable;
  formapgto: FormaPgtoTable;
  grupomenu: GrupoMenuTable;
  produto: ProdutoTable;
  grupoopcao: GrupoOpcaoTable;
  produto_grupoopcao: ProdutoGrupoOpcaoTable;
  opcao: OpcaoTable;
  cliente: ClienteTable;
  cliente_token: ClienteTokenTable;
  refresh_token: RefreshTokenTable;
  cliente_social: ClienteSocialTable;
  remocao_social: RemocaoSocialTable;
  endereco: EnderecoTable;
  mail_outbox: MailOutboxTable;
  rate_limit: RateLimitTable;
  configuracao: ConfiguracaoTable;
  cupom: CupomTable;
  cupom_uso: CupomUsoTable;
  pedido: PedidoTable;
  pedido_historico: PedidoHistoricoTable;
  pedido_item: PedidoItemTable;
  pedido_item_opcao: PedidoItemOpcaoTable;
  relatorio_dia: RelatorioDiaTable;
  operador_token: OperadorTokenTable;
  cartao: CartaoTable;
  pagamento: PagamentoTable;
  sandbox_cartao: SandboxCartaoTable;
  sandbox_pagamento: SandboxPagamentoTable;
  sandbox_3ds: Sandbox3dsTable;
  funcionario: FuncionarioTable;
  funcionario_papel: FuncionarioPapelTable;
  funcionario_refresh: FuncionarioRefreshTable;
  funcionario_link: FuncionarioLinkTable;
  evento: EventoTable;
  auditoria: AuditoriaTable;
}

/** The delivery establishment (the detalhe's `id`, used in every route) and its company. */
export interface EstabelecimentoTable {
  id: Generated<number>;
  /** The detalhe's inner `estabelecimento.id` (the company record). */
  idpessoa: number;
  apelidooufantasia: string;
  nomeourazaosocial: string;
  /** The detalhe's own `logo`. */
  logo: string | null;
  /** The inner `estabelecimento.logo`. */
  logopessoa: string | null;
  imgpessoa: string | null;
  rua: string;
  numero: string;
  bairro: string;
  complemento: string | null;
  cep: string;
  cidade: string;
  uf_descricao: string;
  uf_sigla: string;
  lojaaberta: number;
  previsaoentregamin: number;
  previsaoentregamax: number;
  /** Cents. */
  pedidominimo: number;
  /** Bumped by every write to the menu tables; the menu cache keys on it. */
  menu_versao: Generated<number>;
  /** 0008: closed from the panel until this ISO instant, then open again by itself; null = no reopening set. */
  reabrir_em: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008: the panel's settings (JSON of the domain's PainelConfig); null = defaults. */
  painel_config: ColumnType<string | null, string | null | undefined, string | null>;
  /** The store's point (panel: CEP lookup and geocoding), null until placed. */
  lat: ColumnType<number | null, number | null | undefined, number | null>;
  lng: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface FoneTable {
  id: Generated<number>;
  idestabelecimento: number;
  numero: string;
  ordem: number;
}

export interface HorarioFuncionamentoTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** 0 Sunday … 6 Saturday. */
  diadasemana: number;
  /** 'HH:MM:SS'. */
  abertura: string;
  /** 'HH:MM:SS'; at or before abertura runs past midnight (equal: 24 hours). */
  fechamento: string;
}

/** A date's own hours (holidays): they replace its weekday's; null abertura = closed all day. */
export interface HorarioExcecaoTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** 'YYYY-MM-DD' on the store's wall clock. */
  data: string;
  /** 'HH:MM:SS' or null (closed). */
  abertura: string | null;
  fechamento: string | null;
}

export interface AreaEntregaTable {
  idareaentrega: Generated<number>;
  idestabelecimento: number;
  center_lat: number;
  center_lng: number;
  /** Metres. */
  raio: number;
  /** Cents; null = not delivered to. */
  taxaentrega: number | null;
  /** Cents; null = no waiver. */
  valorminimo: number | null;
}

export interface TaxaEntregaTable {
  id: Generated<number>;
  idestabelecimento: number;
  bairro: string;
  cidade: string;
  uf: string;
  /** Cents. */
  valor: number;
}

export interface AbonoTaxaEntregaTable {
  id: Generated<number>;
  idtaxaentrega: number;
  /** Cents. */
  valorminimo: number;
}

export interface FormaPgtoTable {
  idformapgto: Generated<number>;
  idestabelecimento: number;
  descricao: string;
  sttipopgto: number;
  /** 0015: 1 = offered under 'Pagar na entrega'. */
  na_entrega: Generated<number>;
  /** 0015: 1 = offered under 'Pagar online' (never for cash, sttipopgto 0). */
  online: Generated<number>;
}

export interface GrupoMenuTable {
  idgrupo: Generated<number>;
  idestabelecimento: number;
  descricao: string;
  ordem: number;
}

export interface ProdutoTable {
  idproduto: Generated<number>;
  idgrupo: number;
  idestabelecimento: number;
  descricao: string;
  detalhe: string | null;
  imagem: string | null;
  /** Cents. */
  preco: number;
  /** Cents; an offer when 0 < precooferta < preco. */
  precooferta: number;
  /** 0 available, 1 unavailable, 2 hidden. */
  stindisponivel: number;
  quantidade: number;
  observacoes: string | null;
  ordem: number;
}

/** An option group; products reach it through produto_grupoopcao (a group may be shared). */
export interface GrupoOpcaoTable {
  idgrupoopcao: Generated<number>;
  descricao: string;
  multiplo: number;
  qtdinclusa: number;
  qtdmultiplomin: number;
  qtdmultiplomax: number;
  stprecopraticado: number;
  stnegagrupoopcao: number;
  stindisponivel: number;
  /** 0009: the owner (a group may be linked to several products, or to none yet); null for rows seeded without it. */
  idestabelecimento: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProdutoGrupoOpcaoTable {
  idproduto: number;
  idgrupoopcao: number;
  ordem: number;
}

export interface OpcaoTable {
  idopcao: Generated<number>;
  idgrupoopcao: number;
  descricao: string;
  detalhe: string | null;
  quantidade: number;
  qtdpadrao: number;
  qtdmax: number;
  /** Cents. */
  preco: number;
  /** Cents. */
  precooferta: number;
  stindisponivel: number;
  /** Cents. */
  valorafetatudo: number;
  /** Cents, or percent when stpercentualafetaopcao ≠ 0. */
  valorafetaopcao: number;
  /** Cents, or percent when stpercentualafetaproduto ≠ 0. */
  valorafetaproduto: number;
  stpercentualafetaopcao: number;
  stpercentualafetaproduto: number;
  ordem: number;
}

/** A customer. Times are ISO-8601 UTC text. A deleted account keeps its row with no personal data. */
export interface ClienteTable {
  id: Generated<number>;
  /** The public id in e-mailed links (`/confirma/{uuid}/{token}`). */
  uuid: string;
  nomeourazaosocial: string;
  /** Lower-cased; null once deleted. */
  email: string | null;
  /** Digits only. */
  telefone: string | null;
  /** Digits only. */
  cnpjoucpf: string | null;
  /** argon2id PHC string; null for social-only accounts and deleted ones. */
  senha_hash: string | null;
  confirmado: number;
  criado_em: string;
  excluido_em: string | null;
}

export interface ClienteTokenTable {
  id: Generated<number>;
  idcliente: number;
  tipo: 'confirmacao' | 'reset';
  /** SHA-256 hex of the e-mailed token. */
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  criado_em: string;
  /** Confirmation tokens: the argon2id hash of the password of the sign-up that sent it (0003). */
  senha_hash: string | null;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  idcliente: number;
  familia: string;
  /** SHA-256 hex of the refresh token. */
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  revogado: number;
  criado_em: string;
}

export interface ClienteSocialTable {
  id: Generated<number>;
  idcliente: number;
  provedor: 'google-oauth2' | 'facebook';
  sujeito: string;
  criado_em: string;
}

/** A data deletion request received from a provider (Facebook's callback): no user id kept. */
export interface RemocaoSocialTable {
  /** The confirmation code answered to the provider and shown on /fb_confirmar_remocao. */
  codigo: string;
  provedor: 'google-oauth2' | 'facebook';
  criado_em: string;
}

export interface EnderecoTable {
  id: Generated<number>;
  idcliente: number;
  idtipoendereco: number;
  cep: string;
  rua: string;
  numero: string;
  bairro: string;
  cidade: string;
  /** Two-letter sigla. */
  uf: string;
  complemento: string | null;
  detalhe: string | null;
  lat: number | null;
  lng: number | null;
  criado_em: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  para: string;
  assunto: string;
  texto: string;
  html: string;
  link: string | null;
  criado_em: string;
  enviado_em: string | null;
}

export interface RateLimitTable {
  chave: string;
  /** Window start, epoch seconds. */
  janela: number;
  contagem: number;
}

export interface ConfiguracaoTable {
  chave: string;
  valor: string;
}

/** A coupon of one establishment (0005). */
export interface CupomTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** Trimmed, upper-case; unique per establishment. */
  codigo: string;
  ehpercentual: number;
  /** The percentage, or cents when fixed. */
  desconto: number;
  /** Cents; 0 = no cap. */
  limitedesconto: number;
  /** Cents; 0 = no minimum. */
  subtotalminimo: number;
  /** ISO-8601 UTC; null = open-ended. */
  valido_de: string | null;
  valido_ate: string | null;
  /** Null = unlimited. */
  limite_total: number | null;
  limite_por_cliente: number | null;
  ativo: number;
  criado_em: string;
}

/** One order's use of a coupon (inserted with the order); the limits count these. */
export interface CupomUsoTable {
  id: Generated<number>;
  idcupom: number;
  /** Null once the customer's account row is gone. */
  idcliente: number | null;
  pedido_id: string;
  criado_em: string;
}

/** An order (0006). Money in cents. */
export interface PedidoTable {
  id: Generated<number>;
  /** The app's id for the submission (uuid); unique, so a repeat finds the first. */
  pedido_id: string;
  /** Null once the customer's account is deleted. */
  idcliente: number | null;
  idestabelecimento: number;
  /** The order number the customer sees ('#1234'). */
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  /** The current status (the latest history entry), kept for the lists. */
  status: number;
  subtotal: number;
  taxa_entrega: number | null;
  desconto: number;
  total: number;
  codigo_cupom: string | null;
  /** ISO-8601 UTC; null = as soon as possible. */
  entregue_as: string | null;
  /** JSON of the domain's PedidoGravado: what the customer saw, as the server checked it. */
  pedido_json: string;
  /** ISO-8601 UTC. */
  dthrpedido: string;
  atualizado_em: string;
  /** 0008: the estimate the restaurant gave on acceptance (ISO-8601 UTC), else null. */
  previsao_em: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0011: the payment method's name (from pedido_json, by a trigger on insert), for the reports. */
  formapgto: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * 0011: an order's items and options as rows for the reports, written by triggers on insert from
 * pedido_json (never by the app). Units and cents: an option's are per order (× the item's units).
 */
export interface PedidoItemTable {
  id: Generated<number>;
  idpedido: number;
  idestabelecimento: number;
  dthrpedido: string;
  idproduto: number;
  descricao: string;
  quantidade: number;
  valor: number;
}
export interface PedidoItemOpcaoTable {
  id: Generated<number>;
  idpedido: number;
  idestabelecimento: number;
  dthrpedido: string;
  idopcao: number;
  descricao: string;
  quantidade: number;
  valor: number;
}
/** 0013: a past day's report aggregates (modules/reports), removed by triggers when they change. */
export interface RelatorioDiaTable {
  idestabelecimento: number;
  /** 'YYYY-MM-DD' in São Paulo. */
  dia: string;
  /** The day's instants [inicio, fim) as dthrpedido stores them. */
  inicio: string;
  fim: string;
  dados: string;
  criado_em: string;
}

export interface PedidoHistoricoTable {
  id: Generated<number>;
  idpedido: number;
  status: number;
  /** ISO-8601 UTC with milliseconds. */
  datahora: string;
  motivo: string | null;
}

/** A restaurant's operator key (0006): Bearer token, stored as SHA-256 hex. */
export interface OperadorTokenTable {
  id: Generated<number>;
  idestabelecimento: number;
  nome: string;
  token_hash: string;
  criado_em: string;
  revogado_em: string | null;
}

/** A saved card (spec section 3): the gateway's token and what may be shown; never number or CVV. */
export interface CartaoTable {
  id: Generated<number>;
  idcliente: number;
  token: string;
  bandeira: string;
  /** `************` + the last 4. */
  numero: string;
  titular: string;
  /** Digits only. */
  cnpjoucpf: string;
  datahora: string;
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
  gateway: string;
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

/** A restaurant's staff member (0008): not a customer; roles per establishment in funcionario_papel. */
export interface FuncionarioTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  nome: string;
  /** argon2id PHC string; null until the invitation sets it. */
  senha_hash: string | null;
  criado_em: string;
  excluido_em: string | null;
}

export interface FuncionarioPapelTable {
  idfuncionario: number;
  idestabelecimento: number;
  /** 'dono' | 'atendente' */
  papel: string;
  criado_em: string;
}

export interface FuncionarioRefreshTable {
  id: Generated<number>;
  idfuncionario: number;
  familia: string;
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  revogado: number;
  criado_em: string;
}

/** One-time link (0008): an invitation (sets the first password and grants a role) or a password reset. */
export interface FuncionarioLinkTable {
  id: Generated<number>;
  /** 'convite' | 'senha' | 'cadastro' (TIPOS_LINK) */
  tipo: string;
  idfuncionario: number;
  idestabelecimento: number | null;
  papel: string | null;
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  criado_em: string;
}

/**
 * A live event (0008), written in the transaction of the change it reports. Its id is the SSE id.
 * `txid`: PostgreSQL's transaction id (set by the column's default), null on SQLite.
 */
export interface EventoTable {
  id: Generated<number>;
  txid: ColumnType<string | number | null, never, never>;
  idestabelecimento: number;
  idcliente: number | null;
  idpedido: number | null;
  tipo: string;
  /** JSON. */
  dados: string;
  criado_em: string;
}

/** The back office's audit log (0009): who changed what and when. */
export interface AuditoriaTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** Null once the staff account is gone, or for an import by the CLI. */
  idfuncionario: number | null;
  /** 'produto', 'grupo_opcao', 'cupom', … (see the domain's auditoriaSchema). */
  entidade: string;
  identidade: number | null;
  /** 'criar' | 'alterar' | 'excluir' | 'ordenar' | … */
  acao: string;
  /** JSON: the change (the input, or what was removed). */
  dados: string;
  criado_em: string;
}
