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
