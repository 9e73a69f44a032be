import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CATEGORIA, IDIOMA, MODELOS, preencher } from './templates.ts';
import type { ModeloWhatsapp } from './templates.ts';

/** The Graph API version the adapter speaks. */
export const VERSAO_GRAPH = 'v21.0';

/** The Cloud API's error codes the sender acts on (Meta's 'Error codes' page). */
export const ERRO_WA = {
  /** Invalid / expired / revoked access token (OAuthException). */
  tokenInvalido: 190,
  /** Re-engagement: more than 24 h since the customer's last message; only a template goes. */
  foraDaJanela: 131047,
  /** Message undeliverable (not on WhatsApp, old app, …). */
  naoEntregavel: 131026,
  /** Cloud API throughput reached. */
  limite: 130429,
  /** Too many messages to the same number (pair rate limit). */
  limitePar: 131056,
  /** Template does not exist / not approved in that language. */
  modeloInexistente: 132001,
} as const;

/** The account a call is made for: its ids and its token (revealed only for the call). */
export interface ContaApi {
  phoneNumberId: string;
  wabaId: string;
  token: string;
}

export type SaidaWhatsapp =
  { tipo: 'template'; modelo: ModeloWhatsapp; parametros: string[] } | { tipo: 'texto'; texto: string };

export type RespostaEnvio =
  { ok: true; wamid: string } | { ok: false; http: number; codigo: number | null; mensagem: string };

export interface ModeloNaMeta {
  nome: string;
  status: string;
  categoria: string | null;
  idioma: string | null;
  motivo: string | null;
}

export type RespostaModelos =
  | { ok: true; modelos: ModeloNaMeta[] }
  | { ok: false; http: number; codigo: number | null; mensagem: string };

/** The WhatsApp port: the messages and template endpoints of one establishment's account. */
export interface WhatsAppSender {
  /** Whether this sender reaches the provider (false: the log stand-in). */
  readonly real: boolean;
  enviar(conta: ContaApi, para: string, saida: SaidaWhatsapp): Promise<RespostaEnvio>;
  modelos(conta: ContaApi): Promise<RespostaModelos>;
  submeter(conta: ContaApi, modelo: ModeloWhatsapp): Promise<RespostaModelos>;
}

/** The text a message reads as (the log's line). */
export const textoDa = (s: SaidaWhatsapp): string =>
  s.tipo === 'texto' ? s.texto : preencher(s.modelo.corpo, s.parametros);

/**
 * The embedded default (as e-mail's outbox): each message written to the log, nothing sent; its
 * templates read as approved (there is no provider to review them).
 */
export function createWhatsAppLog(log: Pick<FastifyBaseLogger, 'info'>): WhatsAppSender {
  return {
    real: false,
    async enviar(conta, para, saida) {
      const wamid = `log.${randomUUID()}`;
      log.info(
        {
          whatsapp: {
            de: conta.phoneNumberId,
            para: `…${para.slice(-4)}`,
            modelo: saida.tipo === 'template' ? saida.modelo.nome : 'texto',
            wamid,
          },
          texto: textoDa(saida),
        },
        'WhatsApp (log): mensagem não enviada, só registrada',
      );
      return { ok: true, wamid };
    },
    async modelos() {
      return {
        ok: true,
        modelos: MODELOS.map((m) => ({
          nome: m.nome,
          status: 'APPROVED',
          categoria: CATEGORIA,
          idioma: IDIOMA,
          motivo: null,
        })),
      };
    },
    async submeter() {
      return this.modelos({ phoneNumberId: '', wabaId: '', token: '' });
    },
  };
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function erroDe(
  http: number,
  corpo: unknown,
): { ok: false; http: number; codigo: number | null; mensagem: string } {
  const e = obj(obj(corpo).error);
  const codigo = typeof e.code === 'number' ? e.code : null;
  const mensagem = (str(e.message) ?? `HTTP ${http}`).slice(0, 300);
  return { ok: false, http, codigo, mensagem };
}

/**
 * The WhatsApp Business Cloud API (Graph `VERSAO_GRAPH`): POST /{phone-number-id}/messages,
 * GET and POST /{waba-id}/message_templates, with the account's bearer token. `graphUrl`:
 * https://graph.facebook.com, or the tests' fake.
 */
export function createWhatsAppCloud(graphUrl: string, opcoes: { timeoutMs?: number } = {}): WhatsAppSender {
  const base = `${graphUrl.replace(/\/+$/, '')}/${VERSAO_GRAPH}`;
  const timeout = opcoes.timeoutMs ?? 10_000;
  async function chamar(
    token: string,
    metodo: 'GET' | 'POST',
    caminho: string,
    corpo?: unknown,
  ): Promise<{ http: number; corpo: unknown }> {
    const r = await fetch(`${base}/${caminho}`, {
      method: metodo,
      headers: {
        authorization: `Bearer ${token}`,
        ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
      signal: AbortSignal.timeout(timeout),
    });
    const texto = await r.text();
    try {
      return { http: r.status, corpo: JSON.parse(texto) as unknown };
    } catch {
      return { http: r.status, corpo: null };
    }
  }

  function lerModelos(corpo: unknown): ModeloNaMeta[] {
    const data = obj(corpo).data;
    if (!Array.isArray(data)) return [];
    return data.map((d) => {
      const t = obj(d);
      return {
        nome: str(t.name) ?? '',
        status: str(t.status) ?? 'UNKNOWN',
        categoria: str(t.category),
        idioma: str(t.language),
        motivo: str(t.rejected_reason),
      };
    });
  }

  return {
    real: true,
    async enviar(conta, para, saida) {
      const corpo =
        saida.tipo === 'texto'
          ? {
              messaging_product: 'whatsapp',
              recipient_type: 'individual',
              to: para,
              type: 'text',
              text: { preview_url: false, body: saida.texto },
            }
          : {
              messaging_product: 'whatsapp',
              recipient_type: 'individual',
              to: para,
              type: 'template',
              template: {
                name: saida.modelo.nome,
                language: { code: IDIOMA },
                components: [
                  { type: 'body', parameters: saida.parametros.map((text) => ({ type: 'text', text })) },
                ],
              },
            };
      const r = await chamar(
        conta.token,
        'POST',
        `${encodeURIComponent(conta.phoneNumberId)}/messages`,
        corpo,
      );
      if (r.http >= 200 && r.http < 300) {
        const msgs = obj(r.corpo).messages;
        const wamid = Array.isArray(msgs) ? str(obj(msgs[0]).id) : null;
        if (wamid) return { ok: true, wamid };
        return { ok: false, http: 502, codigo: null, mensagem: 'resposta sem id de mensagem' };
      }
      return erroDe(r.http, r.corpo);
    },
    async modelos(conta) {
      const todos: ModeloNaMeta[] = [];
      let caminho = `${encodeURIComponent(conta.wabaId)}/message_templates?limit=100&fields=name,status,category,language,rejected_reason`;
      // Pages (paging.cursors.after), at most 10: Rango's templates are few.
      for (let i = 0; i < 10; i++) {
        const r = await chamar(conta.token, 'GET', caminho);
        if (r.http < 200 || r.http >= 300) return erroDe(r.http, r.corpo);
        todos.push(...lerModelos(r.corpo));
        const depois = str(obj(obj(obj(r.corpo).paging).cursors).after);
        if (!depois || !str(obj(obj(r.corpo).paging).next)) break;
        caminho = `${encodeURIComponent(conta.wabaId)}/message_templates?limit=100&fields=name,status,category,language,rejected_reason&after=${encodeURIComponent(depois)}`;
      }
      return { ok: true, modelos: todos };
    },
    async submeter(conta, modelo) {
      const r = await chamar(conta.token, 'POST', `${encodeURIComponent(conta.wabaId)}/message_templates`, {
        name: modelo.nome,
        category: CATEGORIA,
        language: IDIOMA,
        components: [{ type: 'BODY', text: modelo.corpo, example: { body_text: [modelo.exemplo] } }],
      });
      if (r.http < 200 || r.http >= 300) return erroDe(r.http, r.corpo);
      const t = obj(r.corpo);
      return {
        ok: true,
        modelos: [
          {
            nome: modelo.nome,
            status: str(t.status) ?? 'PENDING',
            categoria: str(t.category) ?? CATEGORIA,
            idioma: IDIOMA,
            motivo: null,
          },
        ],
      };
    },
  };
}
