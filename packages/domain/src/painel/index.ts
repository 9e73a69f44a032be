/**
 * The restaurant panel's contract (issue 11): staff accounts and roles, the panel's order view
 * and actions, store pause, out-of-stock, the panel's settings and the live events. Its own
 * entry (`@rango/domain/painel`) so nothing here can reach the customer's bundle. One schema per
 * payload: the server validates with it, the panel types its calls with it.
 */
import { z } from 'zod/mini';
import { MAX_EMAIL, isEmail, normalizeEmail } from '../conta.ts';
import {
  ESTADO_TRANSACAO,
  TIPO_TRANSACAO,
  TIPOS_ENTREGA,
  historicoEntrySchema,
  pedidoGravadoSchema,
} from '../pedido-schema.ts';
import { CANAIS } from '../canal.ts';
import { STATUS } from '../pedido-status.ts';

export * from './messages.ts';
export * from '../eventos.ts';
export * from './fila.ts';
export * from './avaliacao.ts';
export * from './mensagens.ts';
export * from './dominio.ts';
import { MSG_PAINEL } from './messages.ts';
import { PREVISAO_MAX, PREVISAO_MIN } from './fila.ts';

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));

/** Roles per establishment: the owner does everything; the attendant runs orders, pause, out of stock. */
export const PAPEIS = ['dono', 'atendente'] as const;
export type Papel = (typeof PAPEIS)[number];
export const PAPEL_NOME: Record<Papel, string> = { dono: 'Dono', atendente: 'Atendente' };

/** Staff passwords are longer than the spec's customer minimum: a panel moves money. */
export const MIN_SENHA_EQUIPE = 8;
export const MAX_SENHA_EQUIPE = 128;
export const MAX_NOME_EQUIPE = 100;

const emailEquipe = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((v) => v.length > 0, MSG_PAINEL.emailObrigatorio),
    z.refine(
      (v) => v.length === 0 || (v.length <= MAX_EMAIL && isEmail(v.trim().toLowerCase())),
      MSG_PAINEL.emailInvalido,
    ),
  ),
  z.transform(normalizeEmail),
);
const senhaNova = z.string().check(
  z.refine((v) => v.length >= MIN_SENHA_EQUIPE, MSG_PAINEL.senhaCurta),
  z.refine((v) => v.length <= MAX_SENHA_EQUIPE, MSG_PAINEL.senhaLonga),
);
const nomeEquipe = z.string().check(
  z.trim(),
  z.refine((v) => v.length > 0, MSG_PAINEL.nomeObrigatorio),
  z.refine((v) => v.length <= MAX_NOME_EQUIPE, MSG_PAINEL.nomeLongo),
);

/** POST /painel/auth/login/ */
export const staffLoginInputSchema = z.object({
  email: emailEquipe,
  senha: z.string().check(
    z.refine((v) => v.length > 0, MSG_PAINEL.senhaObrigatoria),
    z.maxLength(MAX_SENHA_EQUIPE),
  ),
});
export type StaffLoginInput = z.infer<typeof staffLoginInputSchema>;

/** POST /painel/auth/login/ and /painel/auth/refresh/ answer. */
export const staffTokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type StaffTokenPair = z.infer<typeof staffTokenPairSchema>;

/** POST /painel/auth/refresh/ and /painel/auth/logout/ */
export const staffRefreshInputSchema = z.object({
  refresh: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** POST /painel/auth/recuperar/ (always 200: never tells whether the e-mail has an account). */
export const staffRecuperarInputSchema = z.object({ email: emailEquipe });

/**
 * POST /painel/auth/cadastro/: a restaurant signs itself up (its owner's account; the
 * establishment comes after, in the panel). Always 202: never tells whether the e-mail has an
 * account (an existing one gets a link to set a new password instead).
 */
export const staffCadastroInputSchema = z.object({ nome: nomeEquipe, email: emailEquipe });
export type StaffCadastroInput = z.infer<typeof staffCadastroInputSchema>;

/** What a one-time link is for: an invitation, a password reset, or a restaurant's sign-up. */
export const TIPOS_LINK = ['convite', 'senha', 'cadastro'] as const;
export type TipoLink = (typeof TIPOS_LINK)[number];

/** GET /painel/auth/link/{token}/: what an invitation, reset or sign-up link is for (before setting the password). */
export const staffLinkSchema = z.object({
  tipo: z.enum(TIPOS_LINK),
  email: z.string(),
  nome: z.string(),
  /** The invitation's establishment and role; null for a password reset. */
  estabelecimento: z.nullable(z.string()),
  papel: z.nullable(z.enum(PAPEIS)),
});
export type StaffLink = z.infer<typeof staffLinkSchema>;

/** POST /painel/auth/link/{token}/: sets the password (first one, or a reset) and logs in. */
export const staffDefinirSenhaInputSchema = z.object({ senha: senhaNova });

/** GET /painel/eu/: who is signed in and where they work. */
export const staffEuSchema = z.object({
  id,
  nome: z.string(),
  email: z.string(),
  estabelecimentos: z.array(
    z.object({ id, apelidooufantasia: z.string(), logo: z.nullable(z.string()), papel: z.enum(PAPEIS) }),
  ),
});
export type StaffEu = z.infer<typeof staffEuSchema>;

/** GET /painel/estabelecimento/{id}/equipe/ (dono). */
export const equipeSchema = z.array(
  z.object({
    id,
    nome: z.string(),
    email: z.string(),
    papel: z.enum(PAPEIS),
    /**
     * True until the invited person accepts (an account's invitation) or sets a password (a new
     * e-mail's): meanwhile `nome` is the name the inviter typed, not the account's.
     */
    pendente: z.boolean(),
  }),
);
export type Equipe = z.infer<typeof equipeSchema>;

/** GET /painel/convites/: the signed-in person's pending invitations (accept or decline each). */
export const convitesSchema = z.array(
  z.object({
    idestabelecimento: id,
    estabelecimento: z.string(),
    papel: z.enum(PAPEIS),
    expira_em: z.string(),
  }),
);
export type Convites = z.infer<typeof convitesSchema>;

/** POST /painel/estabelecimento/{id}/equipe/ (dono): invites by e-mail (outbox by default). */
export const conviteInputSchema = z.object({ email: emailEquipe, nome: nomeEquipe, papel: z.enum(PAPEIS) });
export type ConviteInput = z.infer<typeof conviteInputSchema>;

/** The panel's settings per establishment (owner). */
export const painelConfigSchema = z.object({
  /** Minutes since placed before a card turns amber, then red. */
  alerta_amarelo_min: z.int().check(z.minimum(1), z.maximum(240)),
  alerta_vermelho_min: z.int().check(z.minimum(1), z.maximum(240)),
  /** An order not accepted after this many minutes is flagged (iFood's rule: 8). */
  aceite_limite_min: z.int().check(z.minimum(1), z.maximum(120)),
  /** Accept new orders by itself with the default estimate (and print). Off by default. */
  auto_aceite: z.boolean(),
  /** The estimate offered on acceptance, in minutes. */
  previsao_padrao_min: z.int().check(z.minimum(5), z.maximum(240)),
});
export type PainelConfig = z.infer<typeof painelConfigSchema>;
export const PAINEL_CONFIG_PADRAO: PainelConfig = {
  alerta_amarelo_min: 10,
  alerta_vermelho_min: 20,
  aceite_limite_min: 8,
  auto_aceite: false,
  previsao_padrao_min: 30,
};

/** GET/PUT /painel/estabelecimento/{id}/loja/: the store's pause. */
export const lojaPainelSchema = z.object({
  /** Open now for orders (the pause and the automatic reopening applied; not the opening hours). */
  aberta: z.boolean(),
  /** When closed from the panel with a reopening time: that ISO instant. */
  reabrir_em: z.nullable(z.string()),
  /** Within today's opening hours now. */
  no_horario: z.boolean(),
  /**
   * Only while true: the platform has not approved the establishment yet (APROVACAO_ESTABELECIMENTOS),
   * so customers cannot see its menu nor order; the back office works meanwhile.
   */
  aguardando_aprovacao: z.optional(z.boolean()),
});
export type LojaPainel = z.infer<typeof lojaPainelSchema>;
export const lojaInputSchema = z.object({
  aberta: z.boolean(),
  /** Only when closing: reopen by itself at this ISO instant (future, within 7 days). */
  reabrir_em: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
});
export type LojaInput = z.infer<typeof lojaInputSchema>;

/** POST /painel/estabelecimento/{id}/pedido/{idpedido}/status/ */
export const painelStatusInputSchema = z.object({
  status: z.union([
    z.literal(STATUS.Confirmado),
    z.literal(STATUS.Pronto),
    z.literal(STATUS.Entregue),
    z.literal(STATUS.Concluido),
    z.literal(STATUS.Cancelado),
  ]),
  motivo: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  /** With Confirmado: minutes from now until ready (pickup) or delivered. */
  previsao_minutos: z.optional(z.nullable(z.int().check(z.minimum(PREVISAO_MIN), z.maximum(PREVISAO_MAX)))),
});
export type PainelStatusInput = z.infer<typeof painelStatusInputSchema>;

/** 'Alterar previsão' on an accepted order: minutes from now (the customer is told once). */
export const painelPrevisaoInputSchema = z.object({
  previsao_minutos: z.int().check(z.minimum(PREVISAO_MIN), z.maximum(PREVISAO_MAX)),
});
export type PainelPrevisaoInput = z.infer<typeof painelPrevisaoInputSchema>;

/** How an order is paid, as the panel shows it. */
export const pagamentoPainelSchema = z.object({
  /** Paid online (card/PIX) or to collect on delivery. */
  online: z.boolean(),
  descricao: z.string(),
  /** Online only: the transaction's kind and state. */
  tipo: z.nullable(z.enum(TIPO_TRANSACAO)),
  estado: z.nullable(z.enum(ESTADO_TRANSACAO)),
  /** Cash: bring change for this amount (cents), else null. */
  troco_para: z.nullable(z.int()),
  /** Part paid online (an iFood order with a voucher): the cents still to collect on delivery. */
  a_cobrar: z.optional(z.int()),
});
export type PagamentoPainel = z.infer<typeof pagamentoPainelSchema>;

/** An order as the panel shows it (list and detail). */
export const pedidoPainelSchema = z.object({
  id,
  referencia: z.string(),
  status: z.int(),
  tipo: z.enum(TIPOS_ENTREGA),
  total: z.int(),
  dthrpedido: z.string(),
  entregue_as: z.nullable(z.string()),
  previsao_em: z.nullable(z.string()),
  cliente: z.string(),
  telefone: z.string(),
  pedido: pedidoGravadoSchema,
  historico: z.array(historicoEntrySchema),
  pagamento: pagamentoPainelSchema,
  /** Where the order came from (issue 24): the queue's badge and filter. */
  canal: z.enum(CANAIS),
  /** Owed to the channel and refused (iFood's error), for the attendant; else null. */
  erro_canal: z.nullable(z.string()),
});
export type PedidoPainel = z.infer<typeof pedidoPainelSchema>;

/**
 * GET /painel/estabelecimento/{id}/pedidos/: every open order (scheduled included) and the
 * orders finished today (Concluído, cancelled), newest first.
 */
export const pedidosPainelSchema = z.object({
  pedidos: z.array(pedidoPainelSchema),
  /** The last event id at the time of the read: the stream resumes after it. */
  ultimo_evento: z.nullable(z.int()),
});
export type PedidosPainel = z.infer<typeof pedidosPainelSchema>;

/** The answer to a status change: the order after it, and for a cancelled paid order the refund. */
export const painelStatusRespostaSchema = z.object({
  pedido: pedidoPainelSchema,
  /** Cancelled and paid online: 'estornado' | 'estorno_pendente'; else null. */
  estorno: z.nullable(z.enum(['estornado', 'estorno_pendente'])),
});
export type PainelStatusResposta = z.infer<typeof painelStatusRespostaSchema>;

/** GET /painel/estabelecimento/{id}/disponibilidade/: products and options with their state. */
export const disponibilidadeSchema = z.object({
  produtos: z.array(
    z.object({ idproduto: id, descricao: z.string(), grupo: z.string(), stindisponivel: z.int() }),
  ),
  opcoes: z.array(
    z.object({ idopcao: id, descricao: z.string(), grupo: z.string(), stindisponivel: z.int() }),
  ),
});
export type Disponibilidade = z.infer<typeof disponibilidadeSchema>;

/** PUT …/produto/{id}/disponibilidade/ and …/opcao/{id}/disponibilidade/: 0 available, 1 'Em falta'. */
export const disponibilidadeInputSchema = z.object({ stindisponivel: z.union([z.literal(0), z.literal(1)]) });

/** The owner's operator API keys (GET …/chaves/): never the key itself, only shown at creation. */
export const chaveOperadorSchema = z.object({
  id,
  nome: z.string(),
  criado_em: z.string(),
  revogado_em: z.nullable(z.string()),
});
export type ChaveOperador = z.infer<typeof chaveOperadorSchema>;
export const chavesOperadorSchema = z.array(chaveOperadorSchema);

/** POST …/chaves/ (dono): a name for the integration that will use the key. */
export const chaveInputSchema = z.object({ nome: nomeEquipe });
export type ChaveInput = z.infer<typeof chaveInputSchema>;

/** POST …/chaves/ answer: the key (`rop_…`) is in this answer only; the server keeps its hash. */
export const chaveCriadaSchema = z.object({ id, nome: z.string(), chave: z.string() });
export type ChaveCriada = z.infer<typeof chaveCriadaSchema>;
