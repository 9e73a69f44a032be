import { MSG_CONTA_PAGAMENTO as M, MSG_OAUTH_MP } from '@rango/domain/painel/pagamentos';
import type {
  ContaCieloInput,
  ContaMercadoPagoInput,
  ContaPagamento,
  ContasPagamento,
  MetodoOnline,
  TesteConta,
} from '@rango/domain/painel/pagamentos';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { Segredo } from '../secrets/service.ts';
import type { Segredos } from '../secrets/service.ts';
import {
  CAMPOS_OAUTH,
  CAMPOS_SECRETOS,
  credenciaisRecusadas,
  mensagemDeFalha,
  nomeSegredo,
  testarGateway,
  vendedorOAuth,
} from './contas.ts';
import type { Gateways, Provedor } from './contas.ts';
import type { TokensMercadoPago } from './mercadopago/oauth.ts';
import { contasRepository as repo, taxaRepository } from './repository.ts';
import type { ContaRow } from './repository.ts';
import type { PaymentsLog } from './service.ts';

/** The online methods each provider's adapter offers (credit, debit with 3-D Secure, PIX). */
const METODOS: Readonly<Record<Provedor, readonly MetodoOnline[]>> = {
  sandbox: ['credito', 'debito', 'pix'],
  cielo: ['credito', 'debito', 'pix'],
  mercadopago: ['credito', 'debito', 'pix'],
};

const naoEncontrada = () => new HttpError(404, { detail: M.naoEncontrada });

/** Whether an establishment's customers may be offered online methods: not while its active account fails. */
export async function onlineDisponivel(db: Db, idestabelecimento: number): Promise<boolean> {
  const ativa = await repo.ativa(db, idestabelecimento);
  return ativa?.estado !== 'erro';
}

export interface ContasPainelDeps {
  db: Db;
  segredos: Segredos;
  gateways: Gateways;
  log: PaymentsLog;
  /** This server has a Mercado Pago application (MERCADOPAGO_CLIENT_ID and _SECRET): OAuth is offered. */
  oauthMercadoPago?: boolean;
  agora?: () => Date;
}

/**
 * The owner's payment accounts ('Pagamentos' in the back office, issue 23 part 1). Every call is
 * made for the establishment the staff guard resolved: another establishment's account is 404.
 */
export function createContasPainel(deps: ContasPainelDeps) {
  const { db, segredos, gateways, log } = deps;
  const agora = deps.agora ?? (() => new Date());

  /**
   * Credentials proved by a harmless query at the provider first (wrong ones are refused and
   * nothing is kept), then stored as a new account. An account of the same provider already there
   * is replaced; if it was the active one, the new one is.
   */
  async function salvarComTeste(
    idestabelecimento: number,
    provedor: Provedor,
    valores: Record<string, string>,
    campoRecusado: string,
  ): Promise<ContaPagamento> {
    const fabrica = gateways.fabricas[provedor];
    if (!fabrica) throw new HttpError(400, { detail: M.provedorIndisponivel });
    const provisoria = fabrica({
      idconta: 0,
      idestabelecimento,
      segredos: Object.fromEntries(Object.entries(valores).map(([k, v]) => [k, new Segredo(v)])),
      config: {},
    });
    try {
      await testarGateway(provisoria);
    } catch (e) {
      if (credenciaisRecusadas(e)) {
        throw new HttpError(400, { [campoRecusado]: [mensagemDeFalha(provedor, e)] });
      }
      log.warn({ estabelecimento: idestabelecimento, provedor }, 'teste das credenciais sem resposta');
      throw new HttpError(503, { detail: mensagemDeFalha(provedor, e) });
    }
    const dthr = agora().toISOString();
    const anterior = (await repo.doEstabelecimento(db, idestabelecimento)).find(
      (c) => c.provedor === provedor,
    );
    const id = await repo.inserir(db, {
      idestabelecimento,
      provedor,
      ativa: 0,
      config_json: '{}',
      estado: 'ok',
      erro: null,
      testado_em: dthr,
      criado_em: dthr,
      atualizado_em: dthr,
      removida_em: null,
    });
    for (const campo of CAMPOS_SECRETOS[provedor]) {
      await segredos.set(idestabelecimento, nomeSegredo(id, provedor, campo), valores[campo] ?? '');
    }
    if (anterior) {
      await substituir(anterior);
      if (anterior.ativa === 1) await repo.ativar(db, idestabelecimento, id, dthr);
    }
    log.info({ estabelecimento: idestabelecimento, conta: id, provedor }, 'conta de pagamento salva');
    return apresentar((await repo.porId(db, id))!);
  }

  async function apresentar(c: ContaRow): Promise<ContaPagamento> {
    const credenciais: ContaPagamento['credenciais'] = {};
    for (const campo of CAMPOS_SECRETOS[c.provedor]) {
      credenciais[campo] = await segredos.describe(c.idestabelecimento, nomeSegredo(c.id, c.provedor, campo));
    }
    const vendedor = vendedorOAuth(c);
    return {
      id: c.id,
      provedor: c.provedor,
      ativa: c.ativa === 1,
      estado: c.estado,
      erro: c.estado === 'erro' ? c.erro : null,
      testado_em: c.testado_em,
      metodos: [...METODOS[c.provedor]],
      credenciais,
      criado_em: c.criado_em,
      oauth:
        vendedor === null
          ? null
          : {
              vendedor,
              expira_em: c.token_expira_em,
              ...(c.reconectar_desde !== null ? { reconectar: true } : {}),
            },
    };
  }

  async function conta(idestabelecimento: number, idconta: number): Promise<ContaRow> {
    const c = await repo.doDono(db, idestabelecimento, idconta);
    if (!c) throw naoEncontrada();
    return c;
  }

  /** The previous account of a provider goes (kept while payments it took may still need it). */
  async function substituir(anterior: ContaRow): Promise<void> {
    const dthr = agora().toISOString();
    gateways.invalidar(anterior.id);
    if (await repo.tomouPagamentos(db, anterior.id)) {
      await repo.remover(db, anterior.id, dthr);
      return;
    }
    for (const campo of [...CAMPOS_SECRETOS[anterior.provedor], ...CAMPOS_OAUTH[anterior.provedor]]) {
      await segredos.delete(anterior.idestabelecimento, nomeSegredo(anterior.id, anterior.provedor, campo));
    }
    await repo.apagar(db, anterior.id);
  }

  const svc = {
    async listar(idestabelecimento: number): Promise<ContasPagamento> {
      const linhas = await repo.doEstabelecimento(db, idestabelecimento);
      const ativa = linhas.find((c) => c.ativa === 1) ?? null;
      return {
        contas: await Promise.all(linhas.map(apresentar)),
        padrao: { provedor: gateways.padrao.nome, metodos: [...METODOS[gateways.padrao.nome]] },
        ativa: ativa?.id ?? null,
        disponiveis: [...gateways.provedores],
        online_disponivel: ativa?.estado !== 'erro',
        oauth_mercadopago: deps.oauthMercadoPago === true && gateways.fabricas.mercadopago !== undefined,
        taxa_plataforma_bp: await taxaRepository.bp(db, idestabelecimento),
      };
    },

    /**
     * Cielo's merchant id and key: proved by a query at Cielo first (wrong ones are refused and
     * nothing is kept), then stored as a new account. A Cielo account already there is replaced;
     * if it was the active one, the new one is.
     */
    async salvarCielo(idestabelecimento: number, entrada: ContaCieloInput): Promise<ContaPagamento> {
      return salvarComTeste(
        idestabelecimento,
        'cielo',
        { merchant_id: entrada.merchant_id.trim(), merchant_key: entrada.merchant_key.trim() },
        'merchant_key',
      );
    },

    /**
     * Mercado Pago's access token and public key pasted by the owner (a single-restaurant install;
     * OAuth is the other way in): proved by a search at Mercado Pago first, then stored.
     */
    async salvarMercadoPago(
      idestabelecimento: number,
      entrada: ContaMercadoPagoInput,
    ): Promise<ContaPagamento> {
      return salvarComTeste(
        idestabelecimento,
        'mercadopago',
        { access_token: entrada.access_token.trim(), public_key: entrada.public_key.trim() },
        'access_token',
      );
    },

    /**
     * The tokens Mercado Pago granted at the end of 'Conectar Mercado Pago' (mercadopago-oauth.ts),
     * stored as the establishment's Mercado Pago account: access token, public key and refresh
     * token in the secrets store, the seller's id and the token's expiry on the row. A Mercado Pago
     * account already there is replaced (the active one by the new one), like pasted credentials.
     */
    async salvarOAuth(idestabelecimento: number, t: TokensMercadoPago): Promise<ContaPagamento> {
      const dthr = agora().toISOString();
      const anterior = (await repo.doEstabelecimento(db, idestabelecimento)).find(
        (c) => c.provedor === 'mercadopago',
      );
      const id = await repo.inserir(db, {
        idestabelecimento,
        provedor: 'mercadopago',
        ativa: 0,
        config_json: JSON.stringify({ origem: 'oauth', vendedor: t.userId, live_mode: t.liveMode }),
        estado: 'ok',
        erro: null,
        testado_em: dthr,
        criado_em: dthr,
        atualizado_em: dthr,
        removida_em: null,
        token_expira_em: t.expiraEm,
      });
      await segredos.set(idestabelecimento, nomeSegredo(id, 'mercadopago', 'access_token'), t.accessToken);
      await segredos.set(idestabelecimento, nomeSegredo(id, 'mercadopago', 'public_key'), t.publicKey);
      await segredos.set(idestabelecimento, nomeSegredo(id, 'mercadopago', 'refresh_token'), t.refreshToken);
      if (anterior) {
        await substituir(anterior);
        if (anterior.ativa === 1) await repo.ativar(db, idestabelecimento, id, dthr);
      }
      log.info(
        { estabelecimento: idestabelecimento, conta: id, provedor: 'mercadopago' },
        'conta Mercado Pago conectada (OAuth)',
      );
      return apresentar((await repo.porId(db, id))!);
    },

    /**
     * 'Desconectar' an account connected by OAuth. Mercado Pago documents no endpoint that revokes
     * an application's grant (Segurança › OAuth › "Gerenciar Access Token": tokens end by expiry,
     * a password change, the seller revoking the application in their own account, or the
     * application's removal), so nothing is sent to Mercado Pago: the refresh token is deleted at
     * once (the access is never renewed) and the account stops charging. The access token and
     * public key are deleted too, unless the account took payments: then, by the rule of every
     * account (substituir), they are kept encrypted, hidden, for those payments' refunds and
     * reconciliation until the token expires (at most 180 days). The page tells the owner to
     * revoke the application at Mercado Pago to end it sooner.
     */
    async desconectar(idestabelecimento: number, idconta: number): Promise<ContasPagamento> {
      const c = await conta(idestabelecimento, idconta);
      if (vendedorOAuth(c) === null) throw new HttpError(400, { detail: MSG_OAUTH_MP.naoEOAuth });
      const dthr = agora().toISOString();
      await segredos.delete(idestabelecimento, nomeSegredo(c.id, 'mercadopago', 'refresh_token'));
      await repo.semRenovacao(db, c.id, dthr);
      if (c.ativa === 1) await repo.desativarTodas(db, idestabelecimento, dthr);
      await substituir(c);
      log.info({ estabelecimento: idestabelecimento, conta: c.id }, 'conta Mercado Pago desconectada');
      return svc.listar(idestabelecimento);
    },

    /** The embedded sandbox as an account (demos): created once, then made active. */
    async ativarSandbox(idestabelecimento: number): Promise<ContaPagamento> {
      if (!gateways.fabricas.sandbox) throw new HttpError(400, { detail: M.sandboxIndisponivel });
      const dthr = agora().toISOString();
      let c = (await repo.doEstabelecimento(db, idestabelecimento)).find((x) => x.provedor === 'sandbox');
      if (!c) {
        const id = await repo.inserir(db, {
          idestabelecimento,
          provedor: 'sandbox',
          ativa: 0,
          config_json: '{}',
          estado: 'ok',
          erro: null,
          testado_em: null,
          criado_em: dthr,
          atualizado_em: dthr,
          removida_em: null,
        });
        c = (await repo.porId(db, id))!;
      }
      await repo.ativar(db, idestabelecimento, c.id, dthr);
      return apresentar((await repo.porId(db, c.id))!);
    },

    /** New orders go to `idconta`, or (null) to the server's default gateway. */
    async ativar(idestabelecimento: number, idconta: number | null): Promise<ContasPagamento> {
      const dthr = agora().toISOString();
      if (idconta === null) {
        await repo.desativarTodas(db, idestabelecimento, dthr);
      } else {
        const c = await conta(idestabelecimento, idconta);
        if (!gateways.fabricas[c.provedor]) throw new HttpError(400, { detail: M.provedorIndisponivel });
        await repo.ativar(db, idestabelecimento, c.id, dthr);
      }
      return svc.listar(idestabelecimento);
    },

    /** A query at the provider with the account's credentials; its state follows the result. */
    async testar(idestabelecimento: number, idconta: number): Promise<TesteConta> {
      const c = await conta(idestabelecimento, idconta);
      const dthr = agora().toISOString();
      let ok = true;
      let mensagem = 'Conexão com o provedor funcionando.';
      try {
        // A fresh gateway: the cached one may be from before a repair at the provider.
        gateways.invalidar(c.id);
        await testarGateway(await gateways.daConta(c));
      } catch (e) {
        ok = false;
        mensagem = mensagemDeFalha(c.provedor, e);
      }
      await repo.estado(db, c.id, {
        estado: ok ? 'ok' : 'erro',
        erro: ok ? null : mensagem,
        testado_em: dthr,
        atualizado_em: dthr,
      });
      return { ok, mensagem, conta: await apresentar((await repo.porId(db, c.id))!) };
    },

    /**
     * Removes an account (not the active one). Its credentials are deleted unless it took
     * payments: then it is only hidden, kept for their refunds and reconciliation.
     */
    async remover(idestabelecimento: number, idconta: number): Promise<void> {
      const c = await conta(idestabelecimento, idconta);
      if (c.ativa === 1) throw new HttpError(409, { detail: M.ativaNaoRemove });
      await substituir(c);
    },
  };
  return svc;
}

export type ContasPainel = ReturnType<typeof createContasPainel>;
