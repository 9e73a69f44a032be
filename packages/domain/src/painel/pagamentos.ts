/**
 * Payment accounts per establishment (issue 23 part 1): the back office's contract under
 * /api/ead/painel/estabelecimento/{id}/pagamentos/… ('Pagamentos'), its own entry
 * (`@rango/domain/painel/pagamentos`) so no other page's chunk carries it.
 *
 * A secret is never answered: only `{ configurado, final }` (its last 4 characters).
 */
import { z } from 'zod/mini';

export const PROVEDORES_CONTA = ['sandbox', 'cielo', 'mercadopago'] as const;
export type ProvedorConta = (typeof PROVEDORES_CONTA)[number];

export const NOME_PROVEDOR_CONTA: Record<ProvedorConta, string> = {
  sandbox: 'Sandbox (testes)',
  cielo: 'Cielo',
  mercadopago: 'Mercado Pago',
};

/** The online methods an account offers. */
export const METODOS_ONLINE = ['credito', 'debito', 'pix'] as const;
export type MetodoOnline = (typeof METODOS_ONLINE)[number];
export const NOME_METODO: Record<MetodoOnline, string> = {
  credito: 'Crédito',
  debito: 'Débito',
  pix: 'PIX',
};

export const MSG_CONTA_PAGAMENTO = {
  merchantIdInvalido:
    'Informe o Merchant ID da Cielo (um identificador no formato 00000000-0000-0000-0000-000000000000).',
  merchantKeyInvalida: 'Informe a Merchant Key da Cielo (40 letras e números).',
  accessTokenInvalido:
    'Informe o Access Token do Mercado Pago (começa com APP_USR- ou TEST-, em Suas integrações › Credenciais).',
  publicKeyInvalida:
    'Informe a Public Key do Mercado Pago (começa com APP_USR- ou TEST-, em Suas integrações › Credenciais).',
  naoEncontrada: 'Conta de pagamento não encontrada.',
  provedorIndisponivel: 'Este provedor ainda não está disponível neste servidor.',
  sandboxIndisponivel: 'O sandbox não está disponível neste servidor.',
  ativaNaoRemove: 'Esta é a conta ativa. Ative outra conta (ou o padrão do servidor) antes de removê-la.',
} as const;

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Cielo's credentials as the owner types them (MerchantId: a GUID; MerchantKey: 40 characters). */
export const contaCieloInputSchema = z.object({
  merchant_id: z
    .string(MSG_CONTA_PAGAMENTO.merchantIdInvalido)
    .check(z.refine((v) => GUID.test(v.trim()), MSG_CONTA_PAGAMENTO.merchantIdInvalido)),
  merchant_key: z
    .string(MSG_CONTA_PAGAMENTO.merchantKeyInvalida)
    .check(z.refine((v) => /^[A-Za-z0-9]{40}$/.test(v.trim()), MSG_CONTA_PAGAMENTO.merchantKeyInvalida)),
});
export type ContaCieloInput = z.infer<typeof contaCieloInputSchema>;

/** Mercado Pago's production (`APP_USR-…`) or test (`TEST-…`) credentials. */
const CREDENCIAL_MP = /^(APP_USR|TEST)-[A-Za-z0-9-]{8,200}$/;

/** Mercado Pago's credentials pasted by the owner (a self-hosted single-restaurant install). */
export const contaMercadoPagoInputSchema = z.object({
  access_token: z
    .string(MSG_CONTA_PAGAMENTO.accessTokenInvalido)
    .check(z.refine((v) => CREDENCIAL_MP.test(v.trim()), MSG_CONTA_PAGAMENTO.accessTokenInvalido)),
  public_key: z
    .string(MSG_CONTA_PAGAMENTO.publicKeyInvalida)
    .check(z.refine((v) => CREDENCIAL_MP.test(v.trim()), MSG_CONTA_PAGAMENTO.publicKeyInvalida)),
});
export type ContaMercadoPagoInput = z.infer<typeof contaMercadoPagoInputSchema>;

export const segredoDescritoSchema = z.object({
  configurado: z.boolean(),
  final: z.nullable(z.string()),
});

export const contaPagamentoSchema = z.object({
  id: z.number(),
  provedor: z.enum(PROVEDORES_CONTA),
  ativa: z.boolean(),
  estado: z.enum(['ok', 'erro']),
  /** The last failure (Portuguese) while estado is 'erro'. */
  erro: z.nullable(z.string()),
  testado_em: z.nullable(z.string()),
  metodos: z.array(z.enum(METODOS_ONLINE)),
  /** Each secret field: configured, and its last 4 characters. */
  credenciais: z.record(z.string(), segredoDescritoSchema),
  criado_em: z.string(),
  /**
   * Connected by 'Conectar Mercado Pago' (OAuth): the seller's Mercado Pago user id and when the
   * access token expires (renewed before by the server). Null: pasted credentials, or another provider.
   */
  oauth: z.nullable(
    z.object({
      vendedor: z.string(),
      expira_em: z.nullable(z.string()),
      /**
       * Mercado Pago refused the renewal while the access still works (a renewal whose answer was
       * lost): it works until `expira_em`; the owner must connect again before ('Reconecte').
       */
      reconectar: z.optional(z.boolean()),
    }),
  ),
});
export type ContaPagamento = z.infer<typeof contaPagamentoSchema>;

export const contasPagamentoSchema = z.object({
  contas: z.array(contaPagamentoSchema),
  /** The environment's gateway, used while no account is active. */
  padrao: z.object({ provedor: z.enum(PROVEDORES_CONTA), metodos: z.array(z.enum(METODOS_ONLINE)) }),
  /** What new orders are charged on now: an account's id, or null for the server's default. */
  ativa: z.nullable(z.number()),
  /** Providers this server can connect (a provider missing here shows 'Em breve'). */
  disponiveis: z.array(z.enum(PROVEDORES_CONTA)),
  /** False while the active account is failing: customers are not offered online methods. */
  online_disponivel: z.boolean(),
  /** True when this server has a Mercado Pago application (MERCADOPAGO_CLIENT_ID): 'Conectar Mercado Pago'. */
  oauth_mercadopago: z.boolean(),
  /** The platform operator's fee on Mercado Pago payments of accounts connected by OAuth, basis points. */
  taxa_plataforma_bp: z.int(),
});
export type ContasPagamento = z.infer<typeof contasPagamentoSchema>;

export const ativarContaInputSchema = z.object({
  /** An account's id, or null: the server's default gateway. */
  idconta: z.nullable(z.number().check(z.int(), z.positive())),
});

export const testeContaSchema = z.object({
  ok: z.boolean(),
  /** Portuguese: what the test found. */
  mensagem: z.string(),
  conta: contaPagamentoSchema,
});
export type TesteConta = z.infer<typeof testeContaSchema>;

/**
 * Mercado Pago OAuth ('Conectar Mercado Pago', issue 23): the texts of the flow. A callback with a
 * wrong, expired or used `state`, or a code Mercado Pago refuses, stores nothing.
 */
export const MSG_OAUTH_MP = {
  naoConfigurado:
    'Este servidor não tem um aplicativo do Mercado Pago configurado: cole o Access Token e a Public Key da sua conta.',
  stateInvalido:
    'Este link de autorização do Mercado Pago não é válido. Clique em "Conectar Mercado Pago" de novo.',
  stateExpirado:
    'A autorização do Mercado Pago demorou demais e expirou. Clique em "Conectar Mercado Pago" de novo.',
  stateUsado: 'Esta autorização do Mercado Pago já foi usada. Clique em "Conectar Mercado Pago" de novo.',
  codigoRecusado: 'O Mercado Pago recusou a autorização (código inválido ou já usado). Conecte de novo.',
  negado: 'A conexão foi cancelada no Mercado Pago: nada foi alterado.',
  semResposta: 'O Mercado Pago não respondeu. Tente conectar de novo em instantes.',
  semPermissao: 'Só o dono do estabelecimento pode concluir a conexão com o Mercado Pago.',
  conectado: (vendedor: string) => `Mercado Pago conectado (conta ${vendedor}).`,
  renovacaoRecusada:
    'O Mercado Pago recusou a renovação do acesso (autorização revogada ou expirada). Conecte o Mercado Pago de novo.',
  naoEOAuth: 'Esta conta não foi conectada pelo Mercado Pago: remova-a em vez de desconectar.',
  reconectar: (ate: string) =>
    `Reconecte o Mercado Pago até ${ate}: a renovação automática do acesso falhou, e o acesso atual vale até essa data.`,
} as const;

/** What the callback tells the 'Pagamentos' page (`?mercadopago=<resultado>`). */
export const RESULTADOS_OAUTH_MP = [
  'conectado',
  'state-invalido',
  'state-expirado',
  'state-usado',
  'codigo-recusado',
  'negado',
  'sem-resposta',
  'sem-permissao',
] as const;
export type ResultadoOAuthMp = (typeof RESULTADOS_OAUTH_MP)[number];

export const MSG_RESULTADO_OAUTH_MP: Record<Exclude<ResultadoOAuthMp, 'conectado'>, string> = {
  'state-invalido': MSG_OAUTH_MP.stateInvalido,
  'state-expirado': MSG_OAUTH_MP.stateExpirado,
  'state-usado': MSG_OAUTH_MP.stateUsado,
  'codigo-recusado': MSG_OAUTH_MP.codigoRecusado,
  negado: MSG_OAUTH_MP.negado,
  'sem-resposta': MSG_OAUTH_MP.semResposta,
  'sem-permissao': MSG_OAUTH_MP.semPermissao,
};

/** The start of the flow: the URL of Mercado Pago's authorization page the owner opens. */
export const conexaoMercadoPagoSchema = z.object({ url: z.string() });
export type ConexaoMercadoPago = z.infer<typeof conexaoMercadoPagoSchema>;

/** The platform operator's fee: at most 50 % (basis points, integer). */
export const MAX_TAXA_PLATAFORMA_BP = 5000;

/**
 * The platform operator's fee on a payment (Mercado Pago's `application_fee`), in cents: `bp`
 * basis points (1 bp = 0.01 %) of `valor` cents, rounded half up, always below the payment (Mercado
 * Pago refuses a fee equal to the amount). 0 for no fee or a non-positive amount.
 */
export function taxaPlataforma(valor: number, bp: number): number {
  if (!Number.isSafeInteger(valor) || !Number.isSafeInteger(bp)) {
    throw new RangeError('taxaPlataforma: valor e bp são inteiros');
  }
  if (bp < 0 || bp > MAX_TAXA_PLATAFORMA_BP) throw new RangeError('taxaPlataforma: bp fora do limite');
  if (valor <= 0 || bp === 0) return 0;
  const taxa = Math.floor((valor * bp + 5000) / 10_000);
  return Math.min(taxa, valor - 1);
}

/** '2,5 %' from 250 bp. */
export function formatarBp(bp: number): string {
  const inteiro = Math.floor(bp / 100);
  const resto = bp % 100;
  return resto === 0 ? `${inteiro} %` : `${inteiro},${String(resto).padStart(2, '0').replace(/0$/, '')} %`;
}
