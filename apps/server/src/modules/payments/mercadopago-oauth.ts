import { createHash } from 'node:crypto';
import { MSG_OAUTH_MP } from '@rango/domain/painel/pagamentos';
import type { ConexaoMercadoPago, ResultadoOAuthMp } from '@rango/domain/painel/pagamentos';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { Segredos } from '../secrets/service.ts';
import { papelAgora } from '../staff/guard.ts';
import { credenciaisRecusadas, nomeSegredo, testarGateway } from './contas.ts';
import type { Gateways } from './contas.ts';
import type { ContasPainel } from './contas-painel.ts';
import {
  OAuthError,
  OAuthIndisponivelError,
  conferirState,
  iniciarConexao,
  precisaRenovar,
  renovarTokens,
  trocarCodigo,
} from './mercadopago/oauth.ts';
import { conexoesRepository as conexoes, contasRepository as repo } from './repository.ts';
import type { ContaRow } from './repository.ts';
import type { PaymentsLog } from './service.ts';

/** How long the owner has to consent at Mercado Pago before the flow's `state` is refused. */
export const CONEXAO_VALIDA_MS = 10 * 60_000;
/** Flows waiting at once per establishment (each click on 'Conectar' starts one). */
export const MAX_CONEXOES_ABERTAS = 10;
/**
 * Tokens are renewed when they expire within this margin: Mercado Pago's access tokens last 180
 * days (`expires_in: 15552000`) and its docs advise renewing before expiry; 30 days leaves a month
 * of daily retries when Mercado Pago does not answer.
 */
export const MARGEM_RENOVACAO_S = 30 * 86_400;
/**
 * How long a claimed renewal is its run's: past it (the instance died mid-renewal) another run may
 * take the account over. Above the token call's 15 s time-out and the writes after it.
 */
export const LEASE_RENOVACAO_MS = 2 * 60_000;

/** The path of the callback (under /api/ead): its full URL is the redirect URI registered at Mercado Pago. */
export const CAMINHO_RETORNO = '/painel/mercadopago/retorno/';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const nomeVerifier = (idconexao: number) => `mpoauth.${idconexao}.verifier`;

export interface MercadoPagoOAuthDeps {
  db: Db;
  segredos: Segredos;
  gateways: Gateways;
  contas: ContasPainel;
  log: PaymentsLog;
  /** The install's application; absent: 'Conectar Mercado Pago' is not offered. */
  app: { clientId: string; clientSecret: string; authUrl: string; apiUrl: string } | null;
  /** `{PUBLIC_URL}/api/ead/painel/mercadopago/retorno/`, registered at Mercado Pago. */
  redirectUri: string;
  agora?: () => Date;
  fetch?: typeof fetch;
}

export interface RetornoOAuth {
  /** The establishment whose 'Pagamentos' page shows the result (null: the state named none). */
  idestabelecimento: number | null;
  resultado: ResultadoOAuthMp;
}

/**
 * Mercado Pago's OAuth for an establishment ('Conectar Mercado Pago', issue 23), on oauth.ts:
 *
 * 1. `iniciar`: the owner (route: owner only) gets the authorization URL; the flow's `state` is
 *    kept only as its SHA-256, bound to the establishment and the staff member, for 10 minutes and
 *    one use, and the PKCE verifier in the secrets store (never in a URL, a log or plain text).
 * 2. `retorno`: Mercado Pago sends the browser back with `?code&state`. A state unknown, expired
 *    or used, a staff member no longer the owner, or a code Mercado Pago refuses stores nothing;
 *    else the code (with the verifier) is exchanged and the tokens stored as the establishment's
 *    Mercado Pago account (ContasPainel.salvarOAuth).
 * 3. `renovar`: the `renovar-mercadopago` job renews tokens 30 days before they expire; a refusal
 *    marks the account failed with the reason the owner reads.
 */
export function createMercadoPagoOAuth(deps: MercadoPagoOAuthDeps) {
  const { db, segredos, gateways, contas, log } = deps;
  const agora = deps.agora ?? (() => new Date());

  function cliente() {
    const a = deps.app;
    if (!a) throw new HttpError(400, { detail: MSG_OAUTH_MP.naoConfigurado });
    return {
      apiUrl: a.apiUrl,
      clientId: a.clientId,
      clientSecret: a.clientSecret,
      agora,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    };
  }

  /**
   * Mercado Pago refused the refresh token. If the access token still works (the usual cause: a
   * renewal Mercado Pago answered but whose answer was lost, an instance dying before storing it,
   * so the refresh token was rotated away), the account keeps taking payments until it expires and
   * the owner is asked to reconnect before that date. If the access token is refused too (the
   * seller revoked the authorization) or already expired, the account is failed.
   */
  async function refreshRecusado(c: ContaRow): Promise<void> {
    const dthr = agora().toISOString();
    let acessoFunciona = c.token_expira_em !== null && c.token_expira_em > dthr;
    if (acessoFunciona) {
      try {
        gateways.invalidar(c.id);
        await testarGateway(await gateways.daConta(c));
      } catch (e) {
        // Refused: revoked. No answer: the access token is given the benefit of the doubt.
        if (credenciaisRecusadas(e)) acessoFunciona = false;
      }
    }
    if (acessoFunciona) {
      // (Not written if a renewal landed meanwhile: then nothing is wrong.)
      if (await repo.pedirReconexao(db, c, dthr)) {
        log.warn(
          { estabelecimento: c.idestabelecimento, conta: c.id, ate: c.token_expira_em },
          'renovação do Mercado Pago recusada; o acesso atual vale até expirar: o dono deve reconectar',
        );
      }
      return;
    }
    await repo.estado(db, c.id, {
      estado: 'erro',
      erro: MSG_OAUTH_MP.renovacaoRecusada,
      atualizado_em: dthr,
    });
    await repo.liberarRenovacao(db, c.id);
  }

  /** Renews one claimed account's tokens. */
  async function renovarConta(c: ContaRow): Promise<'renovada' | 'recusada' | 'sem-resposta'> {
    const nome = nomeSegredo(c.id, 'mercadopago', 'refresh_token');
    let refresh;
    try {
      refresh = await segredos.get(c.idestabelecimento, nome);
    } catch {
      refresh = undefined;
    }
    if (!refresh) {
      await refreshRecusado(c);
      return 'recusada';
    }
    try {
      const t = await renovarTokens({ ...cliente(), refreshToken: refresh.revelar() });
      // At once and together (one transaction): the refresh token Mercado Pago just rotated is
      // the only one left, and the same seller's new tokens stay on the same account (its payments
      // still resolve to it).
      await segredos.setMany(
        c.idestabelecimento,
        {
          [nomeSegredo(c.id, 'mercadopago', 'access_token')]: t.accessToken,
          [nomeSegredo(c.id, 'mercadopago', 'public_key')]: t.publicKey,
          [nome]: t.refreshToken,
        },
        (trx) => repo.tokensRenovados(trx, c.id, t.expiraEm, agora().toISOString()),
      );
      gateways.invalidar(c.id);
      log.info({ estabelecimento: c.idestabelecimento, conta: c.id }, 'tokens do Mercado Pago renovados');
      return 'renovada';
    } catch (e) {
      if (e instanceof OAuthError) {
        log.warn(
          { estabelecimento: c.idestabelecimento, conta: c.id, codigo: e.codigo },
          'renovação dos tokens do Mercado Pago recusada',
        );
        await refreshRecusado(c);
        return 'recusada';
      }
      // No answer (or none stored): the lease goes at once, the next run tries again.
      await repo.liberarRenovacao(db, c.id).catch(() => undefined);
      log.warn(
        {
          estabelecimento: c.idestabelecimento,
          conta: c.id,
          erro: e instanceof Error ? e.message : String(e),
        },
        'renovação dos tokens do Mercado Pago sem resposta',
      );
      return 'sem-resposta';
    }
  }

  return {
    configurado: deps.app !== null,

    async iniciar(idestabelecimento: number, idfuncionario: number): Promise<ConexaoMercadoPago> {
      const a = deps.app;
      if (!a) throw new HttpError(400, { detail: MSG_OAUTH_MP.naoConfigurado });
      const agoraMs = agora().getTime();
      const dthr = new Date(agoraMs).toISOString();
      // Flows that ended an hour ago go (their verifiers went at use; an unused one's goes now).
      for (const v of await conexoes.limpar(
        db,
        idestabelecimento,
        new Date(agoraMs - 3_600_000).toISOString(),
      )) {
        await segredos.delete(idestabelecimento, nomeVerifier(v.id));
      }
      if ((await conexoes.abertas(db, idestabelecimento, dthr)) >= MAX_CONEXOES_ABERTAS) {
        throw new HttpError(429, {
          detail: 'Muitas conexões com o Mercado Pago em andamento. Tente de novo em alguns minutos.',
        });
      }
      const c = iniciarConexao({ clientId: a.clientId, redirectUri: deps.redirectUri, authUrl: a.authUrl });
      const id = await conexoes.inserir(db, {
        idestabelecimento,
        idfuncionario,
        state_hash: hashState(c.state),
        criado_em: dthr,
        expira_em: new Date(agoraMs + CONEXAO_VALIDA_MS).toISOString(),
      });
      await segredos.set(idestabelecimento, nomeVerifier(id), c.verifier);
      return { url: c.url };
    },

    /** The callback's query (`code`, `state`, or `error` when the owner declined). Never throws for bad input. */
    async retorno(query: Record<string, unknown>): Promise<RetornoOAuth> {
      const state = typeof query.state === 'string' ? query.state : '';
      if (!/^[A-Za-z0-9_-]{16,128}$/.test(state))
        return { idestabelecimento: null, resultado: 'state-invalido' };
      const hash = hashState(state);
      const fluxo = await conexoes.porState(db, hash);
      // Found by its hash; compared in constant time too (a belt over the index's equality).
      if (!fluxo || !conferirState(hash, fluxo.state_hash))
        return { idestabelecimento: null, resultado: 'state-invalido' };
      const idestabelecimento = fluxo.idestabelecimento;
      const dthr = agora().toISOString();
      const usado = fluxo.usado_em !== null || !(await conexoes.usar(db, fluxo.id, dthr));
      if (usado) return { idestabelecimento, resultado: 'state-usado' };
      // Used now, whatever follows: its verifier goes.
      const verifier = await segredos.get(idestabelecimento, nomeVerifier(fluxo.id)).catch(() => undefined);
      await segredos.delete(idestabelecimento, nomeVerifier(fluxo.id));
      if (fluxo.expira_em < dthr) return { idestabelecimento, resultado: 'state-expirado' };
      if (typeof query.error === 'string' && query.error !== '')
        return { idestabelecimento, resultado: 'negado' };
      if ((await papelAgora(db, fluxo.idfuncionario, idestabelecimento)) !== 'dono') {
        return { idestabelecimento, resultado: 'sem-permissao' };
      }
      const code = typeof query.code === 'string' ? query.code : '';
      if (!verifier || !/^[A-Za-z0-9_.-]{1,512}$/.test(code))
        return { idestabelecimento, resultado: 'codigo-recusado' };
      let tokens;
      try {
        tokens = await trocarCodigo({
          ...cliente(),
          code,
          redirectUri: deps.redirectUri,
          codeVerifier: verifier.revelar(),
        });
      } catch (e) {
        if (e instanceof OAuthError) {
          log.warn(
            { estabelecimento: idestabelecimento, codigo: e.codigo },
            'código do Mercado Pago recusado',
          );
          return { idestabelecimento, resultado: 'codigo-recusado' };
        }
        if (e instanceof OAuthIndisponivelError) return { idestabelecimento, resultado: 'sem-resposta' };
        throw e;
      }
      await contas.salvarOAuth(idestabelecimento, tokens);
      return { idestabelecimento, resultado: 'conectado' };
    },

    /**
     * One run of the refresh job: every OAuth account expiring within MARGEM_RENOVACAO_S, each
     * claimed by a conditional write first (another instance's run skips it).
     */
    async renovarVencendo(): Promise<{ renovadas: number; recusadas: number; semResposta: number }> {
      const r = { renovadas: 0, recusadas: 0, semResposta: 0 };
      if (!deps.app) return r;
      const agoraD = agora();
      // Waiting for the owner to reconnect and now expired: the account fails (customers are no
      // longer offered its methods).
      for (const c of await repo.reconexaoVencida(db, agoraD.toISOString())) {
        await repo.estado(db, c.id, {
          estado: 'erro',
          erro: MSG_OAUTH_MP.renovacaoRecusada,
          atualizado_em: agoraD.toISOString(),
        });
      }
      const ate = new Date(agoraD.getTime() + MARGEM_RENOVACAO_S * 1000).toISOString();
      for (const c of await repo.paraRenovar(db, ate)) {
        if (
          !c.token_expira_em ||
          !precisaRenovar({ expiraEm: c.token_expira_em }, agoraD, MARGEM_RENOVACAO_S)
        )
          continue;
        const claim = agora();
        const ate = new Date(claim.getTime() + LEASE_RENOVACAO_MS).toISOString();
        if (!(await repo.reivindicarRenovacao(db, c, claim.toISOString(), ate))) continue;
        const s = await renovarConta(c);
        if (s === 'renovada') r.renovadas++;
        else if (s === 'recusada') r.recusadas++;
        else r.semResposta++;
      }
      return r;
    },
  };
}

export type MercadoPagoOAuth = ReturnType<typeof createMercadoPagoOAuth>;
