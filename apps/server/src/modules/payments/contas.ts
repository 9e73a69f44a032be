import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import type { ProvedorConta } from '../../db/types.ts';
import type { Segredo, Segredos } from '../secrets/service.ts';
import { GatewayIndisponivelError } from './port.ts';
import type { PaymentGateway } from './port.ts';
import { contasRepository as repo } from './repository.ts';
import type { ContaRow } from './repository.ts';

/**
 * Payment accounts per establishment (issue 23 part 1). Each establishment may have accounts on
 * the providers below; one of them is active and takes its new charges. With none active, the
 * environment's gateway (PAYMENT_GATEWAY, CIELO_*) is the default, as on a single-restaurant install.
 *
 * An account's credentials are in the secrets store under `conta.<id>.<provedor>.<campo>` and never
 * change: new credentials are a new account (the previous one removed, kept for the payments it
 * took). A payment row records the account that took it (`pagamento.idconta`), and its refund,
 * reconciliation, notification and PIX renewal use that account, whichever is active now.
 */

export type Provedor = ProvedorConta;
export const PROVEDORES: readonly Provedor[] = ['sandbox', 'cielo', 'mercadopago'];

/** The secret fields each provider's account holds. */
export const CAMPOS_SECRETOS: Readonly<Record<Provedor, readonly string[]>> = {
  sandbox: [],
  cielo: ['merchant_id', 'merchant_key'],
  mercadopago: ['access_token', 'public_key'],
};

/**
 * Secrets an account connected by OAuth holds besides CAMPOS_SECRETOS (its gateway does not need
 * them): Mercado Pago's refresh token, rotated by the refresh job (mercadopago-oauth.ts).
 */
export const CAMPOS_OAUTH: Readonly<Record<Provedor, readonly string[]>> = {
  sandbox: [],
  cielo: [],
  mercadopago: ['refresh_token'],
};

/** An account's non-secret settings (`config_json`); an unreadable one reads as none. */
export function configDaConta(conta: { config_json: string }): Record<string, unknown> {
  try {
    const c: unknown = JSON.parse(conta.config_json);
    return c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The seller's Mercado Pago user id of an account connected by OAuth, else null. */
export function vendedorOAuth(conta: { provedor: Provedor; config_json: string }): string | null {
  if (conta.provedor !== 'mercadopago') return null;
  const c = configDaConta(conta);
  return c.origem === 'oauth' && typeof c.vendedor === 'string' ? c.vendedor : null;
}

/** The secret's name in the store (one account's, one field's). */
export const nomeSegredo = (idconta: number, provedor: Provedor, campo: string): string =>
  `conta.${idconta}.${provedor}.${campo}`;

/** What a factory builds an account's gateway from. Secrets stay `Segredo` until sent to the provider. */
export interface CredenciaisConta {
  idconta: number;
  idestabelecimento: number;
  segredos: Readonly<Record<string, Segredo>>;
  config: Readonly<Record<string, unknown>>;
}

/**
 * One gateway factory per provider this server can charge on. A provider without one cannot be
 * saved nor activated (the Mercado Pago adapter plugs in here: `mercadopago: (c) =>
 * createMercadoPagoGateway({...})`).
 */
export type FabricasGateway = Partial<Record<Provedor, (c: CredenciaisConta) => PaymentGateway>>;

/** The texts the owner reads about an account's state. */
export const MSG_CONTA = {
  credenciaisRecusadas: (nome: string) =>
    nome === 'Mercado Pago'
      ? 'O Mercado Pago recusou as credenciais (access token incorreto, revogado ou expirado).'
      : `A ${nome} recusou as credenciais (merchant id ou chave incorretos, ou conta desativada).`,
  semResposta: (nome: string) =>
    `${nome === 'Mercado Pago' ? 'O' : 'A'} ${nome} não respondeu ao teste. Tente de novo em instantes.`,
  respostaInesperada: (nome: string, detalhe: string) =>
    `A ${nome} respondeu de forma inesperada (${detalhe}).`,
  segredoIlegivel: 'As credenciais guardadas não puderam ser lidas: salve-as de novo.',
} as const;

export const NOME_PROVEDOR: Readonly<Record<Provedor, string>> = {
  sandbox: 'Sandbox',
  cielo: 'Cielo',
  mercadopago: 'Mercado Pago',
};

/**
 * A provider's answer that says the credentials are wrong or revoked (HTTP 401/403): Cielo's as
 * GatewayIndisponivelError, Mercado Pago's as its CredenciaisInvalidasError.
 */
export function credenciaisRecusadas(e: unknown): boolean {
  if (e instanceof Error && e.name === 'CredenciaisInvalidasError') return true;
  return e instanceof GatewayIndisponivelError && /HTTP 40[13]\b/.test(e.message);
}

/** The owner's reading of a failed test or charge (Portuguese, no secret, no provider body). */
export function mensagemDeFalha(provedor: Provedor, e: unknown): string {
  const nome = NOME_PROVEDOR[provedor];
  if (credenciaisRecusadas(e)) return MSG_CONTA.credenciaisRecusadas(nome);
  if (e instanceof GatewayIndisponivelError) {
    const http = /HTTP (\d{3})/.exec(e.message);
    return http ? MSG_CONTA.respostaInesperada(nome, `HTTP ${http[1]}`) : MSG_CONTA.semResposta(nome);
  }
  if (e instanceof Error && e.name === 'SegredoIlegivelError') return MSG_CONTA.segredoIlegivel;
  return MSG_CONTA.semResposta(nome);
}

export interface Gateways {
  /** The environment's gateway: payments with no account, establishments with none active. */
  padrao: PaymentGateway;
  /** The providers this server can charge on (a factory exists). */
  provedores: readonly Provedor[];
  fabricas: FabricasGateway;
  /** New charges of an establishment: its active account's gateway, or the default. */
  doEstabelecimento(idestabelecimento: number): Promise<{ gateway: PaymentGateway; conta: ContaRow | null }>;
  /** The gateway of the account that took a payment (null: the environment's). */
  doPagamento(p: { idconta: number | null }): Promise<PaymentGateway>;
  /** An account's gateway (built from its secrets once, then cached). */
  daConta(conta: ContaRow): Promise<PaymentGateway>;
  /** Forgets an account's gateway (its credentials or settings changed, or it was removed). */
  invalidar(idconta: number): void;
  /**
   * Records a failure of an account's gateway that says its credentials no longer work: the owner
   * sees it, customers stop being offered online methods until a 'Testar' succeeds again.
   */
  registrarFalha(idconta: number, e: unknown): Promise<void>;
}

export interface GatewaysDeps {
  db: Db;
  padrao: PaymentGateway;
  segredos: Segredos;
  fabricas: FabricasGateway;
  /** Tests wrap every gateway (a time-out after the charge, an outage). */
  wrap?: (g: PaymentGateway) => PaymentGateway;
  agora?: () => Date;
}

/** Account gateways resolved per order, per payment, cached per account. */
export function createGateways(deps: GatewaysDeps): Gateways {
  const { db, segredos, fabricas } = deps;
  const wrap = deps.wrap ?? ((g) => g);
  const agora = deps.agora ?? (() => new Date());
  // Keyed by the account and its token's expiry: an OAuth account whose tokens were rotated (by
  // any instance) is read fresh with a new expiry, so its gateway is built again with the new token.
  const cache = new Map<string, Promise<PaymentGateway>>();
  const chaveCache = (conta: ContaRow) => `${conta.id}:${conta.token_expira_em ?? ''}`;

  async function construir(conta: ContaRow): Promise<PaymentGateway> {
    const fabrica = fabricas[conta.provedor];
    if (!fabrica)
      throw new GatewayIndisponivelError(`conta ${conta.id}: provedor ${conta.provedor} indisponível`);
    const lidos: Record<string, Segredo> = {};
    for (const campo of CAMPOS_SECRETOS[conta.provedor]) {
      const s = await segredos.get(conta.idestabelecimento, nomeSegredo(conta.id, conta.provedor, campo));
      if (!s) throw new GatewayIndisponivelError(`conta ${conta.id}: credencial ${campo} ausente`);
      lidos[campo] = s;
    }
    const config = configDaConta(conta);
    return wrap(
      vigiado(
        fabrica({ idconta: conta.id, idestabelecimento: conta.idestabelecimento, segredos: lidos, config }),
        conta.id,
      ),
    );
  }

  /** A gateway whose refused credentials mark its account 'erro' (and whose success clears it). */
  function vigiado(g: PaymentGateway, idconta: number): PaymentGateway {
    const vigiar =
      <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        try {
          return await f(...a);
        } catch (e) {
          if (credenciaisRecusadas(e)) await gateways.registrarFalha(idconta, e);
          throw e;
        }
      };
    return {
      ...g,
      nome: g.nome,
      cobrarCartao: vigiar(g.cobrarCartao.bind(g)),
      criarPix: vigiar(g.criarPix.bind(g)),
      consultar: vigiar(g.consultar.bind(g)),
      consultarPorChave: vigiar(g.consultarPorChave.bind(g)),
      estornar: vigiar(g.estornar.bind(g)),
      tokenizarCartao: vigiar(g.tokenizarCartao.bind(g)),
      consultarToken: vigiar(g.consultarToken.bind(g)),
      tokenizacaoNavegador: vigiar(g.tokenizacaoNavegador.bind(g)),
      tokenMpi: vigiar(g.tokenMpi.bind(g)),
      lerNotificacao: g.lerNotificacao.bind(g),
    };
  }

  const gateways: Gateways = {
    padrao: deps.padrao,
    provedores: PROVEDORES.filter((p) => fabricas[p] !== undefined),
    fabricas,

    daConta(conta) {
      const chave = chaveCache(conta);
      let g = cache.get(chave);
      if (!g) {
        gateways.invalidar(conta.id);
        g = construir(conta);
        cache.set(chave, g);
        // A failed build (a secret missing or unreadable) is not kept: the next call tries again.
        g.catch(() => cache.delete(chave));
      }
      return g;
    },

    async doEstabelecimento(idestabelecimento) {
      const conta = await repo.ativa(db, idestabelecimento);
      if (!conta) return { gateway: deps.padrao, conta: null };
      return { gateway: await gateways.daConta(conta), conta };
    },

    async doPagamento(p) {
      if (p.idconta === null) return deps.padrao;
      const conta = await repo.porId(db, p.idconta);
      if (!conta) throw new GatewayIndisponivelError(`conta ${p.idconta} não encontrada`);
      return gateways.daConta(conta);
    },

    invalidar(idconta) {
      for (const k of cache.keys()) if (k.startsWith(`${idconta}:`)) cache.delete(k);
    },

    async registrarFalha(idconta, e) {
      const conta = await repo.porId(db, idconta);
      if (!conta) return;
      const dthr = agora().toISOString();
      await repo.estado(db, idconta, {
        estado: 'erro',
        erro: mensagemDeFalha(conta.provedor, e),
        atualizado_em: dthr,
      });
    },
  };
  return gateways;
}

/** A harmless query that proves the credentials (an order key no payment has: 'not found' is success). */
export async function testarGateway(g: PaymentGateway): Promise<void> {
  await g.consultarPorChave(`rangoteste${randomUUID().replace(/-/g, '').slice(0, 20)}`);
}

/** One gateway for everything (the CLI's and older tests' payments, with no accounts). */
export function gatewayUnico(g: PaymentGateway): Gateways {
  return {
    padrao: g,
    provedores: [g.nome],
    fabricas: {},
    doEstabelecimento: async () => ({ gateway: g, conta: null }),
    doPagamento: async () => g,
    daConta: async () => g,
    invalidar: () => {},
    registrarFalha: async () => {},
  };
}
