import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  MAX_WEBHOOKS,
  MSG_WEBHOOK as M,
  WEBHOOK_ASSINATURA,
  WEBHOOK_ID,
  WEBHOOK_TIPO,
} from '@rango/domain/painel/webhooks';
import type {
  Entrega,
  EntregaStatus,
  Entregas,
  Webhook,
  WebhookComSegredo,
  WebhookInput,
} from '@rango/domain/painel/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { registrarAuditoria } from '../audit/service.ts';
import type { Autor } from '../establishments/escrita.ts';
import { eventosDepois, fimDosEventos } from '../events/leitura.ts';
import { pedidosPorId } from '../orders/reads.ts';
import type { EventoRow } from '../events/leitura.ts';
import type { Segredos } from '../secrets/service.ts';
import { emailsDosDonos } from '../staff/equipe.ts';
import { cabecalhoAssinatura, novoSegredo } from './assinatura.ts';
import { createHttpPost } from './http-post.ts';
import type { HttpPost } from './http-post.ts';
import { webhooksRepository as repo } from './repository.ts';
import type { EntregaRow, WebhookRow } from './repository.ts';
import { pedidoDoWebhook } from './pedido.ts';
import type { PedidoDoWebhook } from './pedido.ts';
import { checarDestino, resolverDoSistema } from './ssrf.ts';
import {
  CARENCIA_MS,
  DESATIVAR_APOS_MS,
  JANELA_MS,
  LOTE_ENTREGAS,
  LOTE_EVENTOS,
  PARALELO,
  POR_PAGINA,
  RESERVA_MS,
  RETENCAO_MS,
  RODADA_MS,
  TIMEOUT_MS,
  espera,
  entregasDoEvento,
  eventosDe,
  nomeSegredo,
  nomeSegredoAnterior,
} from './regras.ts';
import type { Resolver } from './ssrf.ts';

export interface WebhooksDeps {
  db: Db;
  segredos: Segredos;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Production: https only, and no private, loopback or link-local address (SSRF). */
  producao: boolean;
  agora?: (() => Date) | undefined;
  http?: HttpPost | undefined;
  resolver?: Resolver | undefined;
  timeoutMs?: number | undefined;
}

const naoEncontrado = () => new HttpError(404, { detail: M.naoEncontrado });
const campo = (nome: string, msg: string) => new HttpError(400, { [nome]: [msg] });

export function createWebhooks(deps: WebhooksDeps) {
  const { db, segredos, mailer, log, producao } = deps;
  const agora = deps.agora ?? (() => new Date());
  const http = deps.http ?? createHttpPost({ soPublico: producao });
  const resolver = deps.resolver ?? resolverDoSistema;
  const timeoutMs = deps.timeoutMs ?? TIMEOUT_MS;
  const iso = (ms = 0) => new Date(agora().getTime() + ms).toISOString();

  async function apresentar(w: WebhookRow): Promise<Webhook> {
    const s = await segredos.describe(w.idestabelecimento, nomeSegredo(w.id)).catch(() => null);
    return {
      id: w.id,
      url: w.url,
      eventos: eventosDe(w),
      ativo: w.ativo === 1,
      falhando_desde: w.falhando_desde,
      desativado_em: w.desativado_em,
      criado_em: w.criado_em,
      segredo_final: s?.configurado ? (s.final ?? '') : null,
    };
  }

  const entregaDe = (e: EntregaRow): Entrega => ({
    id: e.id,
    idwebhook: e.idwebhook,
    chave: e.chave,
    tipo: e.tipo,
    status: e.status as EntregaStatus,
    tentativas: e.tentativas,
    proxima_em: e.status === 'pendente' ? e.proxima_em : null,
    ultima_em: e.ultima_em,
    codigo: e.codigo,
    duracao_ms: e.duracao_ms,
    resposta: e.resposta,
    criado_em: e.criado_em,
  });

  /** The URL as it will be called, or a 400 saying why not. */
  async function validarUrl(bruta: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(bruta.trim());
    } catch {
      throw campo('url', M.urlInvalida);
    }
    if (url.protocol !== 'https:' && (producao || url.protocol !== 'http:')) {
      throw campo('url', producao ? M.urlHttps : M.urlInvalida);
    }
    if (url.username || url.password) throw campo('url', M.urlComSenha);
    if (producao) {
      const problema = await checarDestino(url.hostname, resolver);
      if (problema === 'privada') throw campo('url', M.urlPrivada);
      if (problema === 'sem-endereco') throw campo('url', M.urlSemEndereco);
    }
    url.hash = '';
    return url.toString();
  }

  /** The back office's audit row ('Histórico'): who added, changed or removed an endpoint. */
  const auditar = (trx: Db, a: Autor, id: number, acao: string, dados: unknown) =>
    registrarAuditoria(trx, {
      idestabelecimento: a.idestabelecimento,
      idfuncionario: a.idfuncionario,
      entidade: 'webhook',
      identidade: id,
      acao,
      dados,
    });

  async function achar(idest: number, id: number): Promise<WebhookRow> {
    const w = await repo.find(db, idest, id);
    if (!w) throw naoEncontrado();
    return w;
  }

  /**
   * The secret a rotation replaced while its grace lasts (CARENCIA_MS), else undefined (gone
   * once past it). Unreadable: not signed with it (the new one still signs).
   */
  async function segredoAnterior(idest: number, idwebhook: number): Promise<string | undefined> {
    const guardado = await segredos.get(idest, nomeSegredoAnterior(idwebhook)).catch(() => undefined);
    if (!guardado) return undefined;
    try {
      const { segredo, ate } = JSON.parse(guardado.revelar()) as { segredo?: unknown; ate?: unknown };
      if (typeof segredo === 'string' && typeof ate === 'string' && ate > iso()) return segredo;
    } catch {
      // Not ours: dropped below.
    }
    await segredos.delete(idest, nomeSegredoAnterior(idwebhook)).catch(() => undefined);
    return undefined;
  }

  async function entregarReservada(e: EntregaRow, w: WebhookRow, ate: string): Promise<EntregaRow> {
    const inicio = performance.now();
    let codigo: number | null = null;
    let resposta: string;
    let ok = false;
    try {
      // Unreadable (a key gone from SECRETS_KEYS) or missing: the owner's way out is a new secret;
      // the store's own message (key ids) goes to the server log only.
      const segredo = await segredos
        .get(e.idestabelecimento, nomeSegredo(e.idwebhook))
        .catch((err: unknown) => {
          log.warn(
            { idwebhook: e.idwebhook, erro: err instanceof Error ? err.message : String(err) },
            'webhook: segredo ilegível',
          );
          return undefined;
        });
      if (!segredo) throw new Error('segredo de assinatura indisponível; gere um novo segredo');
      const t = Math.floor(agora().getTime() / 1000);
      const anterior = await segredoAnterior(e.idestabelecimento, e.idwebhook);
      const r = await http({
        url: w.url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Rango-Webhooks/1',
          [WEBHOOK_ASSINATURA.toLowerCase()]: cabecalhoAssinatura(
            [segredo.revelar(), ...(anterior ? [anterior] : [])],
            t,
            e.corpo,
          ),
          [WEBHOOK_ID.toLowerCase()]: e.chave,
          [WEBHOOK_TIPO.toLowerCase()]: e.tipo,
        },
        corpo: e.corpo,
        timeoutMs,
      });
      codigo = r.status;
      ok = r.status >= 200 && r.status < 300;
      resposta =
        r.status >= 300 && r.status < 400 ? `Redirecionamento não seguido. ${r.trecho}`.trim() : r.trecho;
    } catch (err) {
      resposta = `Sem resposta: ${err instanceof Error ? err.message : String(err)}`;
    }
    const duracao = Math.round(performance.now() - inicio);
    const tentativas = e.tentativas + 1;
    const quando = iso();
    let status = 'entregue';
    let proxima: string | null = null;
    if (!ok) {
      const prox = iso(espera(tentativas));
      if (prox > e.prazo_ate) status = 'falhou';
      else {
        status = 'pendente';
        proxima = prox;
      }
    }
    const set = {
      status,
      tentativas,
      proxima_em: proxima,
      ultima_em: quando,
      codigo,
      duracao_ms: duracao,
      resposta: resposta.slice(0, 500),
    };
    await repo.registrarTentativa(db, e.id, ate, set);
    if (ok) await repo.marcarSucesso(db, w.id);
    else await falhou(w, quando);
    return { ...e, ...set, tentando_ate: null };
  }

  /** A failure: past 3 days of failures in a row the endpoint is switched off, and its owners told once. */
  async function falhou(w: WebhookRow, quando: string): Promise<void> {
    const atual = await repo.marcarFalha(db, w.id, quando);
    if (!atual?.falhando_desde || atual.ativo !== 1) return;
    if (Date.parse(quando) - Date.parse(atual.falhando_desde) < DESATIVAR_APOS_MS) return;
    const desativou = await db.transaction().execute(async (trx) => {
      if (!(await repo.desativar(trx, w.id, quando))) return false;
      await registrarAuditoria(trx, {
        idestabelecimento: w.idestabelecimento,
        idfuncionario: null,
        entidade: 'webhook',
        identidade: w.id,
        acao: 'desativar_falhas',
        dados: { url: w.url, falhando_desde: atual.falhando_desde },
      });
      return true;
    });
    if (!desativou) return;
    log.warn(
      { idwebhook: w.id, idestabelecimento: w.idestabelecimento },
      'webhook desativado após 3 dias falhando',
    );
    for (const para of await emailsDosDonos(db, w.idestabelecimento)) {
      const texto =
        `O webhook ${w.url} falhou em todas as entregas desde ${new Date(atual.falhando_desde).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })} ` +
        'e foi desativado. Confira o endereço e o sistema que recebe os avisos, depois ative-o de novo ' +
        'no painel, em Integrações; as entregas que faltaram podem ser reenviadas de lá.';
      await mailer
        .send({
          para,
          assunto: 'Webhook desativado no Rango',
          texto,
          html: `<p>${texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
        })
        .catch((err: unknown) => {
          log.warn(
            { erro: err instanceof Error ? err.message : String(err) },
            'webhook: e-mail ao dono falhou',
          );
        });
    }
  }

  /** Claims and sends the due attempts (several instances: each attempt is claimed by one). */
  async function entregarDevidas(): Promise<number> {
    const agoraIso = iso();
    const ids = await repo.devidas(db, agoraIso, LOTE_ENTREGAS);
    let feitas = 0;
    let i = 0;
    const fim = performance.now() + RODADA_MS;
    const trabalhar = async () => {
      while (i < ids.length && performance.now() < fim) {
        const id = ids[i++]!;
        const ate = iso(RESERVA_MS);
        const e = await repo.reservar(db, id, iso(), ate);
        if (!e) continue;
        // Read at each claim (a primary-key lookup), not once per run: an endpoint the owner
        // switches off or changes while a long run is sending (slow receivers) gets nothing more.
        const w = await repo.find(db, e.idestabelecimento, e.idwebhook);
        if (!w || w.ativo !== 1) {
          await repo.registrarTentativa(db, e.id, ate, {});
          continue;
        }
        await entregarReservada(e, w, ate);
        feitas++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALELO, ids.length) }, trabalhar));
    return feitas;
  }

  /**
   * Reads the event log from the cursor and creates each event's deliveries (once per endpoint:
   * the unique key). Answers whether it stopped at an event a running transaction holds back.
   */
  async function distribuir(): Promise<boolean> {
    // No endpoint on anywhere (most installations): skip to the log's end without reading it.
    // The end is read first: an endpoint created after the check only gets later events anyway.
    const de0 = await repo.cursor(db);
    const fim = await fimDosEventos(db);
    if (!(await repo.algumAtivo(db))) {
      if (fim.txid > de0.txid || (fim.txid === de0.txid && fim.id > de0.id))
        await repo.moverCursor(db, de0, fim);
      return false;
    }
    // SQLite's ids restarted (the log was empty at an insert): everything in it now is new.
    if (fim.txid === 0 && de0.txid === 0 && fim.id < de0.id)
      await repo.moverCursor(db, de0, { txid: 0, id: 0 });
    for (;;) {
      const de = await repo.cursor(db);
      const rows = await eventosDepois(db, de, LOTE_EVENTOS);
      let ate = de;
      const prontos: EventoRow[] = [];
      let retido = false;
      for (const r of rows) {
        if (!r.pronto) {
          retido = true;
          break;
        }
        prontos.push(r);
        ate = { txid: r.txid, id: r.id };
      }
      if (prontos.length > 0) {
        const ests = [...new Set(prontos.map((r) => r.idestabelecimento))];
        const ativos = await repo.ativos(db, ests);
        const doPedido = prontos.flatMap((ev) =>
          ev.idpedido !== null && ativos.some((w) => w.idestabelecimento === ev.idestabelecimento)
            ? [ev.idpedido]
            : [],
        );
        const pedidos = new Map<number, PedidoDoWebhook>();
        for (const [id, row] of await pedidosPorId(db, doPedido)) {
          const p = pedidoDoWebhook(row);
          if (p) pedidos.set(id, p);
        }
        const novas = prontos.flatMap((ev) => entregasDoEvento(ev, ativos, agora(), pedidos));
        await repo.inserirEntregas(db, novas);
        // Another run moved it meanwhile: its deliveries are the same rows (the unique key).
        await repo.moverCursor(db, de, ate);
      }
      if (retido || rows.length < LOTE_EVENTOS) return retido;
    }
  }

  return {
    /** One run of the job: fan the new events out, then send what is due. */
    async processar(): Promise<{ retido: boolean; enviadas: number }> {
      const retido = await distribuir();
      const enviadas = await entregarDevidas();
      return { retido, enviadas };
    },

    /** The delivery log past its 30 days. */
    limpar: () => repo.apagarEntregasAntes(db, iso(-RETENCAO_MS)),

    async listar(idest: number): Promise<Webhook[]> {
      return Promise.all((await repo.list(db, idest)).map(apresentar));
    },

    async criar(a: Autor, v: WebhookInput): Promise<WebhookComSegredo> {
      const idest = a.idestabelecimento;
      const url = await validarUrl(v.url);
      if ((await repo.count(db, idest)) >= MAX_WEBHOOKS)
        throw new HttpError(400, { non_field_errors: [M.limite] });
      // The fan-out starts at the log's end the first time: no endpoint gets the past.
      const cursor = await repo.cursor(db);
      if (cursor.txid === 0 && cursor.id === 0) await repo.moverCursor(db, cursor, await fimDosEventos(db));
      const criado = new Date().toISOString();
      const eventos = [...new Set(v.eventos)];
      const id = await db.transaction().execute(async (trx) => {
        const novo = await repo.insert(trx, {
          idestabelecimento: idest,
          url,
          eventos: JSON.stringify(eventos),
          ativo: v.ativo === false ? 0 : 1,
          falhando_desde: null,
          desativado_em: null,
          criado_em: criado,
          atualizado_em: criado,
        });
        await auditar(trx, a, novo, 'criar', { url, eventos, ativo: v.ativo !== false });
        return novo;
      });
      const segredo = novoSegredo();
      try {
        await segredos.set(idest, nomeSegredo(id), segredo);
      } catch (e) {
        await repo.remove(db, idest, id);
        throw e;
      }
      return { webhook: await apresentar(await achar(idest, id)), segredo };
    },

    async mudar(a: Autor, id: number, v: WebhookInput): Promise<Webhook> {
      const idest = a.idestabelecimento;
      const w = await achar(idest, id);
      const url = await validarUrl(v.url);
      const ativo = v.ativo === undefined ? w.ativo : v.ativo ? 1 : 0;
      // Switched on again: a fresh start for the 3-day rule.
      const religado = ativo === 1 && w.ativo !== 1;
      const eventos = [...new Set(v.eventos)];
      await db.transaction().execute(async (trx) => {
        await repo.update(trx, idest, id, {
          url,
          eventos: JSON.stringify(eventos),
          ativo,
          ...(religado ? { falhando_desde: null, desativado_em: null } : {}),
          atualizado_em: iso(),
        });
        await auditar(trx, a, id, 'alterar', { url, eventos, ativo: ativo === 1 });
      });
      return apresentar(await achar(idest, id));
    },

    async excluir(a: Autor, id: number): Promise<void> {
      const idest = a.idestabelecimento;
      await db.transaction().execute(async (trx) => {
        const w = await repo.find(trx, idest, id);
        if (!w || !(await repo.remove(trx, idest, id))) throw naoEncontrado();
        await auditar(trx, a, id, 'excluir', { url: w.url });
      });
      await segredos.delete(idest, nomeSegredo(id));
      await segredos.delete(idest, nomeSegredoAnterior(id));
    },

    async rotacionar(a: Autor, id: number): Promise<WebhookComSegredo> {
      const w = await achar(a.idestabelecimento, id);
      const segredo = novoSegredo();
      // The old secret keeps signing (a second v1) for CARENCIA_MS: receivers switch without a gap.
      const atual = await segredos.get(a.idestabelecimento, nomeSegredo(id)).catch(() => undefined);
      if (atual)
        await segredos.set(
          a.idestabelecimento,
          nomeSegredoAnterior(id),
          JSON.stringify({ segredo: atual.revelar(), ate: iso(CARENCIA_MS) }),
        );
      await segredos.set(a.idestabelecimento, nomeSegredo(id), segredo);
      // Never the secret: only that it changed.
      await auditar(db, a, id, 'segredo', { url: w.url });
      return { webhook: await apresentar(w), segredo };
    },

    async entregas(
      idest: number,
      id: number,
      filtro: { status?: EntregaStatus | undefined; desde?: string | undefined; pagina: number },
    ): Promise<Entregas> {
      await achar(idest, id);
      const { rows, total } = await repo.entregas(
        db,
        id,
        filtro,
        POR_PAGINA,
        (filtro.pagina - 1) * POR_PAGINA,
      );
      return { entregas: rows.map(entregaDe), total, pagina: filtro.pagina, por_pagina: POR_PAGINA };
    },

    async reenviarUma(idest: number, id: number, identrega: number): Promise<Entrega> {
      await achar(idest, id);
      if ((await repo.reenviar(db, id, { id: identrega }, iso(), iso(JANELA_MS))) === 0)
        throw new HttpError(404, { detail: M.entregaNaoEncontrada });
      return entregaDe((await repo.entrega(db, id, identrega))!);
    },

    async reenviarDesde(idest: number, id: number, desde: string): Promise<{ reenviadas: number }> {
      await achar(idest, id);
      const reenviadas = await repo.reenviar(
        db,
        id,
        { desde: new Date(desde).toISOString() },
        iso(),
        iso(JANELA_MS),
      );
      return { reenviadas };
    },

    /** A 'teste' event sent now (and logged like any delivery; retried if it fails). */
    async testar(idest: number, id: number): Promise<Entrega> {
      const w = await achar(idest, id);
      if (w.ativo !== 1) throw new HttpError(409, { detail: M.desativado });
      const chave = `teste_${randomUUID()}`;
      const criado = iso();
      await repo.inserirEntregas(db, [
        {
          idwebhook: id,
          idestabelecimento: idest,
          chave,
          tipo: 'teste',
          corpo: JSON.stringify({
            id: chave,
            tipo: 'teste',
            criado_em: criado,
            idestabelecimento: idest,
            dados: {},
          }),
          status: 'pendente',
          tentativas: 0,
          proxima_em: criado,
          prazo_ate: iso(JANELA_MS),
          criado_em: criado,
        },
      ]);
      const nova = (await repo.entregaPorChave(db, id, chave))!;
      const ate = iso(RESERVA_MS);
      const e = await repo.reservar(db, nova.id, criado, ate);
      return entregaDe(e ? await entregarReservada(e, w, ate) : nova);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooks>;
