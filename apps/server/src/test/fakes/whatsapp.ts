import { createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A local stand-in for the WhatsApp Business Cloud API's documented contract (Graph v21.0), kept
 * in memory, so the adapter is tested without the internet:
 *
 * - `POST /v21.0/{phone-number-id}/messages` with `Authorization: Bearer <token>`: an unknown,
 *   revoked or expired token answers 401 code 190 (OAuthException); another account's token 403
 *   code 200; a template must exist on the number's WABA, APPROVED, in the language asked (else
 *   404 code 132001) with as many body parameters as it has placeholders (else 400 code 132000);
 *   free-form text only within 24 h of the customer's last message to that number (else 400 code
 *   131047, re-engagement); a number marked undeliverable answers 400 code 131026; more than
 *   `porSegundo` messages a second from one number answer 400 code 130429, and more than
 *   `porParPorSegundo` to the same customer 400 code 131056. Success: `{ messaging_product,
 *   contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`.
 * - `GET /v21.0/{waba-id}/message_templates`: `{ data: [{ name, status, category, language, id }],
 *   paging }`; `POST` submits one (`name`, `category`, `language`, `components` with a BODY) →
 *   `{ id, status: 'PENDING', category }`; a name already there in that language: 400 code 100
 *   (subcode 2388024). The test approves or rejects with `aprovar` / `rejeitar`.
 * - Webhooks signed like Meta's: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with
 *   the app secret>`, bodies `{ object: 'whatsapp_business_account', entry: [{ id: waba, changes:
 *   [{ field: 'messages', value: { metadata: { phone_number_id }, statuses | messages } }] }] }`.
 *   An inbound message opens the customer-service window for that number.
 *
 * Every accepted message is recorded (`mensagens`), every request too (`requisicoes`).
 */

export interface ContaFake {
  phoneNumberId: string;
  wabaId: string;
  token: string;
  appSecret: string;
  /** The number as customers see it ('5511…'). */
  numero?: string;
}

export interface ModeloFake {
  id: string;
  name: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  category: string;
  language: string;
  corpo: string;
  rejected_reason?: string;
}

export interface MensagemFake {
  wamid: string;
  phoneNumberId: string;
  para: string;
  tipo: 'template' | 'text';
  modelo: string | null;
  parametros: string[];
  texto: string;
  em: number;
}

export interface WhatsAppFake {
  url: string;
  app: FastifyInstance;
  readonly mensagens: MensagemFake[];
  readonly requisicoes: { method: string; url: string }[];
  modelos(wabaId: string): ModeloFake[];
  /** Creates (or replaces) a template on the WABA, approved unless said otherwise. */
  criarModelo(wabaId: string, m: { name: string; corpo: string; status?: ModeloFake['status'] }): void;
  aprovar(wabaId: string, nome: string): void;
  rejeitar(wabaId: string, nome: string, motivo?: string): void;
  /** The token stops working (190), as when the owner revokes it in Meta's dashboard. */
  revogarToken(phoneNumberId: string): void;
  /** Messages to this number fail with 131026 (not on WhatsApp). */
  naoEntregavel(para: string): void;
  /** The next `n` sends answer 400 with this code (e.g. 130429). */
  falharProximas(n: number, codigo: number): void;
  /** A signed webhook body for a status update. */
  corpoStatus(phoneNumberId: string, wamid: string, status: string, para?: string): string;
  /** A signed webhook body for an inbound text (and the window opens for `de`). */
  corpoEntrada(phoneNumberId: string, de: string, texto: string, wamid?: string): string;
  assinar(phoneNumberId: string, corpo: string): string;
  /** POSTs a body signed with the account's app secret to `url`; answers the HTTP status. */
  entregar(url: string, phoneNumberId: string, corpo: string): Promise<number>;
  close(): Promise<void>;
}

const JANELA_MS = 24 * 60 * 60_000;

/** The messages endpoint's body, as far as the fake reads it. */
interface CorpoMensagem {
  messaging_product?: string;
  to?: unknown;
  type?: string;
  template?: {
    name?: string;
    language?: { code?: string };
    components?: { type?: string; parameters?: { text?: unknown }[] }[];
  };
  text?: { body?: unknown };
}

/** A template's submission. */
interface CorpoModelo {
  name?: unknown;
  category?: string;
  language?: string;
  components?: { type?: string; text?: unknown }[];
}

export async function startWhatsAppFake(
  contas: ContaFake[],
  opcoes: { porSegundo?: number; porParPorSegundo?: number; agora?: () => number } = {},
): Promise<WhatsAppFake> {
  const agora = opcoes.agora ?? (() => Date.now());
  const porSegundo = opcoes.porSegundo ?? 80;
  const porPar = opcoes.porParPorSegundo ?? 20;
  const mensagens: MensagemFake[] = [];
  const requisicoes: { method: string; url: string }[] = [];
  const modelosPorWaba = new Map<string, ModeloFake[]>();
  const revogados = new Set<string>();
  const naoEntregaveis = new Set<string>();
  /** `${phoneNumberId}:${from}` → last inbound time. */
  const janelas = new Map<string, number>();
  let falhas = { n: 0, codigo: 0 };
  const contaDoNumero = (id: string) => contas.find((c) => c.phoneNumberId === id);
  const contaDaWaba = (id: string) => contas.find((c) => c.wabaId === id);

  const erro = (reply: FastifyReply, http: number, code: number, message: string, extra: object = {}) =>
    reply.code(http).send({
      error: {
        message: `(#${code}) ${message}`,
        type: code === 190 ? 'OAuthException' : 'OAuthException',
        code,
        ...extra,
        fbtrace_id: randomBytes(8).toString('hex'),
      },
    });

  /** The bearer token's check for an account: undefined when fine, else the refusal sent. */
  function autorizar(auth: string | undefined, c: ContaFake | undefined, reply: FastifyReply): boolean {
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    const dono = contas.find((x) => x.token === token);
    if (!token || !dono || revogados.has(dono.phoneNumberId)) {
      erro(reply, 401, 190, 'Error validating access token: The session has been invalidated.', {
        error_subcode: 460,
      });
      return false;
    }
    if (!c || dono !== c) {
      erro(reply, 403, 200, 'Permissions error');
      return false;
    }
    return true;
  }

  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (req) => {
    requisicoes.push({ method: req.method, url: req.url });
  });

  app.post<{ Params: { id: string } }>('/v21.0/:id/messages', async (req, reply) => {
    const c = contaDoNumero(req.params.id);
    if (!autorizar(req.headers.authorization, c, reply) || !c) return reply;
    const b = (req.body ?? {}) as CorpoMensagem;
    const para = typeof b.to === 'string' ? b.to.replace(/\D/g, '') : '';
    if (b.messaging_product !== 'whatsapp' || !para)
      return erro(reply, 400, 100, 'Invalid parameter', {
        error_data: { details: 'to / messaging_product' },
      });
    if (falhas.n > 0) {
      falhas.n--;
      return erro(reply, 400, falhas.codigo, 'Falha simulada');
    }
    const t = agora();
    const recentes = mensagens.filter((m) => m.phoneNumberId === c.phoneNumberId && t - m.em < 1000);
    if (recentes.length >= porSegundo) return erro(reply, 400, 130429, 'Rate limit hit');
    if (recentes.filter((m) => m.para === para).length >= porPar)
      return erro(reply, 400, 131056, '(Business Account, Consumer Account) pair rate limit hit');
    if (naoEntregaveis.has(para)) return erro(reply, 400, 131026, 'Message undeliverable');
    let msg: Omit<MensagemFake, 'wamid' | 'em'>;
    if (b.type === 'template') {
      const nome = b.template?.name;
      const idioma = b.template?.language?.code;
      const m = (modelosPorWaba.get(c.wabaId) ?? []).find((x) => x.name === nome && x.language === idioma);
      if (!m || m.status !== 'APPROVED')
        return erro(reply, 404, 132001, 'Template name does not exist in the translation');
      const body = (b.template?.components ?? []).find((x) => x.type === 'body');
      const parametros: string[] = (body?.parameters ?? []).map((p) => String(p.text ?? ''));
      const esperados = new Set(m.corpo.match(/\{\{\d+\}\}/g) ?? []).size;
      if (parametros.length !== esperados)
        return erro(reply, 400, 132000, 'Number of parameters does not match the expected number of params');
      const texto = m.corpo.replace(/\{\{(\d+)\}\}/g, (_x, n: string) => parametros[Number(n) - 1] ?? '');
      msg = { phoneNumberId: c.phoneNumberId, para, tipo: 'template', modelo: m.name, parametros, texto };
    } else if (b.type === 'text') {
      const ultima = janelas.get(`${c.phoneNumberId}:${para}`);
      if (ultima === undefined || t - ultima > JANELA_MS)
        return erro(reply, 400, 131047, 'Re-engagement message');
      const texto = String(b.text?.body ?? '');
      if (!texto) return erro(reply, 400, 100, 'Invalid parameter');
      msg = { phoneNumberId: c.phoneNumberId, para, tipo: 'text', modelo: null, parametros: [], texto };
    } else return erro(reply, 400, 100, 'Invalid parameter');
    const wamid = `wamid.${randomBytes(12).toString('base64url')}`;
    mensagens.push({ ...msg, wamid, em: t });
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: b.to, wa_id: para }],
      messages: [{ id: wamid }],
    };
  });

  app.get<{ Params: { id: string } }>('/v21.0/:id/message_templates', async (req, reply) => {
    const c = contaDaWaba(req.params.id);
    if (!autorizar(req.headers.authorization, c, reply) || !c) return reply;
    const data = (modelosPorWaba.get(c.wabaId) ?? []).map((m) => ({
      name: m.name,
      status: m.status,
      category: m.category,
      language: m.language,
      id: m.id,
      ...(m.rejected_reason ? { rejected_reason: m.rejected_reason } : {}),
      components: [{ type: 'BODY', text: m.corpo }],
    }));
    return { data, paging: { cursors: { before: 'a', after: 'b' } } };
  });

  app.post<{ Params: { id: string } }>('/v21.0/:id/message_templates', async (req, reply) => {
    const c = contaDaWaba(req.params.id);
    if (!autorizar(req.headers.authorization, c, reply) || !c) return reply;
    const b = (req.body ?? {}) as CorpoModelo;
    const corpo = (b.components ?? []).find((x) => x.type === 'BODY')?.text;
    if (
      typeof b.name !== 'string' ||
      !/^[a-z0-9_]{1,512}$/.test(b.name) ||
      typeof corpo !== 'string' ||
      !b.language
    )
      return erro(reply, 400, 100, 'Invalid parameter');
    if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(b.category ?? ''))
      return erro(reply, 400, 100, 'Invalid category');
    const lista = modelosPorWaba.get(c.wabaId) ?? [];
    if (lista.some((m) => m.name === b.name && m.language === b.language))
      return erro(reply, 400, 100, 'Content in this language already exists', { error_subcode: 2388024 });
    const m: ModeloFake = {
      id: String(1e15 + lista.length),
      name: b.name,
      status: 'PENDING',
      category: b.category ?? 'UTILITY',
      language: b.language,
      corpo,
    };
    modelosPorWaba.set(c.wabaId, [...lista, m]);
    return { id: m.id, status: m.status, category: m.category };
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  function mudar(wabaId: string, nome: string, f: (m: ModeloFake) => void) {
    const m = (modelosPorWaba.get(wabaId) ?? []).find((x) => x.name === nome);
    if (!m) throw new Error(`modelo ${nome} não existe na WABA ${wabaId}`);
    f(m);
  }
  const assinar = (phoneNumberId: string, corpo: string) => {
    const c = contaDoNumero(phoneNumberId);
    if (!c) throw new Error('conta desconhecida');
    return `sha256=${createHmac('sha256', c.appSecret).update(corpo).digest('hex')}`;
  };
  const envelope = (phoneNumberId: string, value: object) => {
    const c = contaDoNumero(phoneNumberId);
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: c?.wabaId ?? '0',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: c?.numero ?? '5511900000000',
                  phone_number_id: phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
  };

  return {
    url,
    app,
    mensagens,
    requisicoes,
    modelos: (wabaId) => modelosPorWaba.get(wabaId) ?? [],
    criarModelo(wabaId, m) {
      const lista = (modelosPorWaba.get(wabaId) ?? []).filter((x) => x.name !== m.name);
      lista.push({
        id: String(2e15 + lista.length),
        name: m.name,
        status: m.status ?? 'APPROVED',
        category: 'UTILITY',
        language: 'pt_BR',
        corpo: m.corpo,
      });
      modelosPorWaba.set(wabaId, lista);
    },
    aprovar: (wabaId, nome) => mudar(wabaId, nome, (m) => (m.status = 'APPROVED')),
    rejeitar: (wabaId, nome, motivo = 'INVALID_FORMAT') =>
      mudar(wabaId, nome, (m) => {
        m.status = 'REJECTED';
        m.rejected_reason = motivo;
      }),
    revogarToken: (id) => revogados.add(id),
    naoEntregavel: (para) => naoEntregaveis.add(para.replace(/\D/g, '')),
    falharProximas(n, codigo) {
      falhas = { n, codigo };
    },
    corpoStatus: (phoneNumberId, wamid, status, para = '5511900000000') =>
      envelope(phoneNumberId, {
        statuses: [
          {
            id: wamid,
            status,
            timestamp: String(Math.floor(agora() / 1000)),
            recipient_id: para,
            ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
          },
        ],
      }),
    corpoEntrada(phoneNumberId, de, texto, wamid = `wamid.in.${randomBytes(8).toString('hex')}`) {
      janelas.set(`${phoneNumberId}:${de.replace(/\D/g, '')}`, agora());
      return envelope(phoneNumberId, {
        contacts: [{ profile: { name: 'Cliente' }, wa_id: de }],
        messages: [
          {
            from: de,
            id: wamid,
            timestamp: String(Math.floor(agora() / 1000)),
            type: 'text',
            text: { body: texto },
          },
        ],
      });
    },
    assinar,
    async entregar(destino, phoneNumberId, corpo) {
      const r = await fetch(destino, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': assinar(phoneNumberId, corpo) },
        body: corpo,
      });
      await r.arrayBuffer();
      return r.status;
    },
    close: () => app.close(),
  };
}
