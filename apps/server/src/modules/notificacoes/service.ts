import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/index.ts';
import { escapeHtml } from '../../http/html.ts';
import { eventosDepois } from '../events/cursor.ts';
import type { Chave, EventoTail } from '../events/cursor.ts';
import { whatsappLink } from '@rango/domain/painel';
import type { MensagensDoPedido } from '@rango/domain/painel';
import { avaliacaoDoPedido } from '../avaliacoes/service.ts';
import { completarPedidos, leiturasDoEstabelecimento } from '../orders/reads.ts';
import { receiptHtml } from '../orders/receipt.ts';
import type { AssinaturaPush, PushSender } from './push.ts';
import { topicoDe } from './push.ts';
import { notificacoesRepository as repo } from './repository.ts';
import type { CanalNotificacao, NotificacaoTable } from '../../db/types.ts';
import type { Insertable } from 'kysely';
import { LEMBRETE_PIX_MS, TIPOS_PIX, foraDeUso, mensagem, tipoDoEvento } from './textos.ts';
import type { TipoMensagem } from './textos.ts';
import { whatsappRepository } from './whatsapp/repository.ts';
import type { WhatsAppService } from './whatsapp/service.ts';

/** Events read per batch. */
const LOTE_EVENTOS = 200;
/** Messages claimed per batch. */
const LOTE_ENVIO = 50;
/** How long one run of the job keeps working off a backlog, batch after batch. */
export const RODADA_MS = 10_000;
/** An attempt's claim: an instance killed mid-send leaves the message to be retried after it. */
export const PRAZO_TENTATIVA_MS = 60_000;
/** Attempts before a message is given up ('falhou'). */
export const MAX_TENTATIVAS = 6;
/** The wait before attempt n+1: 5 s, 10 s, 20 s, … at most 10 min. */
export const espera = (tentativas: number): number => Math.min(5_000 * 2 ** (tentativas - 1), 10 * 60_000);

const EVENTOS_DO_CLIENTE = new Set(['pedido.novo', 'pedido.status', 'pedido.pagamento', 'pedido.previsao']);

/**
 * The order in which a message that failed for good on one channel goes to the next chosen one
 * (WhatsApp first, then this device, then e-mail). Strings: a channel added later takes its place.
 */
export const ORDEM_CANAIS: readonly string[] = ['whatsapp', 'push', 'email'];

/**
 * What a channel's sender answers: accepted by the provider (its status), or not — for now
 * (`definitivo` false: retried with backoff) or for good ('falhou de vez': push 404/410, an
 * e-mail hard bounce, a WhatsApp number that cannot receive or a template rejected), when the
 * message goes at once to the customer's next chosen channel.
 */
export type ResultadoEnvio =
  { ok: true; status: string } | { ok: false; definitivo: boolean; status: string };

/**
 * A message handed to a channel's sender. `idempotencia`: the message's key at the provider
 * (Web Push Topic, e-mail Message-ID); `retomada`: an earlier attempt was claimed and its
 * instance died mid-send (the sender asks the provider first where it can).
 */
export interface Envio {
  id: number;
  chave: string;
  idcliente: number;
  idestabelecimento: number;
  idpedido: number;
  tipo: string;
  titulo: string;
  texto: string;
  link: string;
  idempotencia: string;
  retomada: boolean;
}

export interface NotificacoesDeps {
  db: Db;
  mailer: Mailer;
  push: PushSender;
  publicUrl: string;
  /** The order's establishment's origin for its link (its own host name); default publicUrl. */
  urlPublicaDe?: ((idestabelecimento: number) => string) | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  agora?: () => Date;
  /** An attempt's claim (PRAZO_TENTATIVA_MS; the crash tests shorten it). */
  prazoTentativaMs?: number;
  /** The 'whatsapp' channel (whatsapp/service.ts); without it WhatsApp messages fail for good. */
  whatsapp?: Pick<WhatsAppService, 'enviarNotificacao'> | undefined;
}

export type NotificacoesService = ReturnType<typeof createNotificacoesService>;

class CursorMovido extends Error {}

export function createNotificacoesService(deps: NotificacoesDeps) {
  const { db, mailer, push, publicUrl, log } = deps;
  const agora = deps.agora ?? (() => new Date());
  const prazoTentativa = deps.prazoTentativaMs ?? PRAZO_TENTATIVA_MS;
  const linkDo = (idestabelecimento: number, idpedido: number) =>
    `${deps.urlPublicaDe?.(idestabelecimento) ?? publicUrl}/pedido/${idpedido}`;

  /**
   * Reads the event log after the cursor and writes each chosen channel's message, in one
   * transaction with the cursor's move (a reader that lost the race to another instance rolls
   * back; the unique key makes a repeat insert nothing either way). A batch costs a handful of
   * reads and one insert, however many events it holds. Answers the messages written and whether
   * the batch was full (more may be waiting).
   */
  async function seguir(): Promise<{ escritas: number; mais: boolean }> {
    const de = await repo.cursor(db);
    const lidos = await eventosDepois(db, de, LOTE_EVENTOS);
    const prontos: EventoTail[] = [];
    for (const e of lidos) {
      if (!e.pronto) break;
      prontos.push(e);
    }
    const ultimo = prontos.at(-1);
    if (!ultimo) return { escritas: 0, mais: false };
    const para: Chave = { txid: ultimo.txid, id: ultimo.id };
    const mais = prontos.length === LOTE_EVENTOS;
    try {
      // The customers who chose a channel, read once for the batch: most events (every order of
      // a customer who chose none) then cost no query at all.
      const doCliente = prontos.filter(
        (ev): ev is EventoTail & { idcliente: number; idpedido: number } =>
          EVENTOS_DO_CLIENTE.has(ev.tipo) && ev.idcliente !== null && ev.idpedido !== null,
      );
      const escolhas = await repo.canaisDe(db, [...new Set(doCliente.map((ev) => ev.idcliente))]);
      const comCanal = doCliente.filter((ev) => (escolhas.get(ev.idcliente) ?? []).length > 0);
      const escritas = await db.transaction().execute(async (trx) => {
        const linhas = comCanal.length > 0 ? await mensagensDosEventos(trx, comCanal) : [];
        const n = linhas.length > 0 ? await repo.inserirVarias(trx, linhas) : 0;
        if (!(await repo.moverCursor(trx, de, para))) throw new CursorMovido();
        return n;
      });
      return { escritas, mais };
    } catch (e) {
      if (e instanceof CursorMovido) return { escritas: 0, mais: false };
      throw e;
    }
  }

  /** The messages of a batch of events of customers who chose a channel (the outbox's rows). */
  async function mensagensDosEventos(
    trx: Db,
    eventos: (EventoTail & { idcliente: number; idpedido: number })[],
  ): Promise<Insertable<NotificacaoTable>[]> {
    // Read again inside the transaction: a choice revoked meanwhile is not written.
    const canaisPor = await repo.canaisDe(trx, [...new Set(eventos.map((ev) => ev.idcliente))]);
    const pedidos = await repo.pedidos(
      trx,
      eventos.map((ev) => ev.idpedido),
    );
    const comPush = await repo.assinaturasDe(
      trx,
      eventos.filter((ev) => canaisPor.get(ev.idcliente)?.includes('push')).map((ev) => ev.idcliente),
    );
    const linhas: Insertable<NotificacaoTable>[] = [];
    for (const ev of eventos) {
      const canais = canaisPor.get(ev.idcliente) ?? [];
      const pedido = pedidos.get(ev.idpedido);
      if (canais.length === 0 || !pedido) continue;
      let dados: Record<string, unknown>;
      try {
        dados = JSON.parse(ev.dados) as Record<string, unknown>;
      } catch {
        continue;
      }
      const tipo = tipoDoEvento(ev.tipo, dados, pedido);
      if (!tipo) continue;
      // A changed estimate says the time the event recorded (a later change has its own event).
      const m =
        tipo === 'previsao' && typeof dados.previsao_em === 'string'
          ? mensagem(tipo, { ...pedido, previsao_em: dados.previsao_em })
          : mensagem(tipo, pedido);
      // A PIX code is one message per attempt (however many events name it), with its reminder
      // due LEMBRETE_PIX_MS before the code expires (if that is still ahead).
      const idpagamento = TIPOS_PIX.has(tipo) ? (pedido.pix?.id ?? null) : null;
      const expira = pedido.pix?.expira_em ? Date.parse(pedido.pix.expira_em) : NaN;
      const lembrete =
        tipo === 'pix_pendente' && expira - LEMBRETE_PIX_MS > agora().getTime()
          ? new Date(expira - LEMBRETE_PIX_MS).toISOString()
          : null;
      for (const canal of canais) {
        if (canal === 'push' && (comPush.get(ev.idcliente) ?? []).length === 0) continue;
        const tipos: { tipo: TipoMensagem; chave: string; em: string }[] =
          idpagamento === null
            ? [{ tipo, chave: `${ev.id}:${canal}:${tipo}`, em: agora().toISOString() }]
            : [{ tipo, chave: `pix${idpagamento}:${canal}:${tipo}`, em: agora().toISOString() }];
        if (idpagamento !== null && lembrete)
          tipos.push({
            tipo: 'pix_lembrete',
            chave: `pix${idpagamento}:${canal}:pix_lembrete`,
            em: lembrete,
          });
        for (const l of tipos) {
          const ml = l.tipo === tipo ? m : mensagem(l.tipo, pedido);
          linhas.push({
            chave: l.chave,
            idcliente: ev.idcliente,
            idpedido: ev.idpedido,
            idestabelecimento: ev.idestabelecimento,
            idpagamento,
            canal,
            tipo: l.tipo,
            titulo: ml.titulo,
            texto: ml.texto,
            link: linkDo(ev.idestabelecimento, ev.idpedido),
            estado: 'pendente',
            tentativas: 0,
            proxima_em: l.em,
            status_provedor: null,
            criado_em: ev.criado_em,
            enviado_em: null,
          });
        }
      }
    }
    return linhas;
  }

  type Resultado = ResultadoEnvio;

  /** The order's receipt (modules/orders), the confirmation e-mail's body. */
  async function recibo(idestabelecimento: number, idpedido: number): Promise<string | undefined> {
    const row = await leiturasDoEstabelecimento.findPedido(db, idestabelecimento, idpedido);
    if (!row) return undefined;
    const [completo] = await completarPedidos(db, [row]);
    return completo ? receiptHtml(completo) : undefined;
  }

  async function enviarEmail(n: Envio): Promise<Resultado> {
    const dest = await repo.emailDoCliente(db, n.idcliente);
    if (!dest) return { ok: false, definitivo: true, status: 'sem e-mail' };
    const topo =
      `<p>Olá, ${escapeHtml(dest.nome)}!</p><p>${escapeHtml(n.texto)}</p>` +
      `<p><a href="${escapeHtml(n.link)}">Acompanhar o pedido</a></p>`;
    // The order confirmation carries the receipt (items, totals, payment); each status, its line.
    const html = n.tipo === 'recebido' ? await recibo(n.idestabelecimento, n.idpedido) : undefined;
    await mailer.send({
      para: dest.email,
      assunto: n.titulo,
      texto: `Olá, ${dest.nome}!\n\n${n.texto}\n\nAcompanhe: ${n.link}\n`,
      html: html?.includes('<body>') ? html.replace('<body>', () => `<body>\n${topo}`) : topo,
      link: n.link,
      // The same Message-ID on every attempt: the outbox records it once, SMTP skips it if sent.
      messageId: n.idempotencia,
    });
    return { ok: true, status: 'aceito' };
  }

  async function enviarPush(
    n: Envio,
    assinaturas: readonly (AssinaturaPush & { id: number })[],
  ): Promise<Resultado> {
    if (assinaturas.length === 0) return { ok: false, definitivo: true, status: 'sem assinatura' };
    const payload = JSON.stringify({
      titulo: n.titulo,
      texto: n.texto,
      url: `/pedido/${n.idpedido}`,
      tag: `pedido-${n.idpedido}`,
    });
    const status: number[] = [];
    for (const a of assinaturas) {
      const r = await push.enviar(a, payload, { topico: topicoDe(n.chave), ttlSegundos: 60 * 60 });
      status.push(r.status);
      // The subscription is gone for good (the browser unsubscribed, the service expired it).
      if (r.status === 404 || r.status === 410) await repo.removerAssinatura(db, a.id);
    }
    const texto = status.join(',');
    if (status.some((s) => s >= 200 && s < 300)) return { ok: true, status: texto };
    const transitorio = status.some((s) => s === 429 || s >= 500 || s === 408);
    return { ok: false, definitivo: !transitorio, status: texto };
  }

  /**
   * After a message failed for good on one channel: the customer's next chosen channel (in
   * ORDEM_CANAIS) that does not have this message yet gets it, due now (the job runs every second,
   * so well within a minute). Answers the channel, or null (no other chosen channel left).
   */
  async function repassar(n: {
    chave: string;
    idcliente: number;
    idpedido: number;
    idestabelecimento: number;
    idpagamento: number | null;
    canal: string;
    tipo: string;
    titulo: string;
    texto: string;
    link: string;
    criado_em: string;
  }): Promise<string | null> {
    const escolhidos = await repo.canais(db, n.idcliente);
    const ja = new Set(await repo.canaisDaMensagem(db, n));
    const depois = ORDEM_CANAIS.indexOf(n.canal);
    const ordem = [...ORDEM_CANAIS.slice(depois + 1), ...ORDEM_CANAIS.slice(0, Math.max(depois, 0))];
    for (const canal of ordem) {
      if (!escolhidos.includes(canal as CanalNotificacao) || ja.has(canal)) continue;
      if (canal === 'push' && (await repo.assinaturas(db, n.idcliente)).length === 0) continue;
      const inserida = await repo.inserir(db, {
        chave: `${n.chave}>${canal}`.slice(0, 80),
        idcliente: n.idcliente,
        idpedido: n.idpedido,
        idestabelecimento: n.idestabelecimento,
        idpagamento: n.idpagamento,
        canal: canal as CanalNotificacao,
        tipo: n.tipo,
        titulo: n.titulo,
        texto: n.texto,
        link: n.link,
        estado: 'pendente',
        tentativas: 0,
        proxima_em: agora().toISOString(),
        status_provedor: `repassada de ${n.canal}`,
        criado_em: n.criado_em,
        enviado_em: null,
      });
      if (inserida) return canal;
    }
    return null;
  }

  /** The message's key at the provider: the e-mail's Message-ID (the Web Push Topic is from `chave`). */
  const host = (() => {
    try {
      return new URL(publicUrl).hostname || 'rango.local';
    } catch {
      return 'rango.local';
    }
  })();
  const idempotenciaDe = (id: number) => `<notificacao.${id}@${host}>`;

  /**
   * Sends what is due: claims a batch at once (one transaction), reads its orders, consent and
   * devices in a few queries, then sends each message and records its answer as soon as it comes
   * (an instance killed mid-batch leaves only unanswered messages to be taken again). Answers how
   * many were sent and whether the batch was full (more may be due).
   */
  async function enviar(): Promise<{ enviadas: number; mais: boolean }> {
    const agoraEm = agora();
    const ate = new Date(agoraEm.getTime() + prazoTentativa);
    // 'enviando' recorded before any provider is called (a row still 'enviando' past its claim is
    // an instance that died mid-send: that attempt is a retomada).
    const devidas = await repo.reivindicarDevidas(db, agoraEm.toISOString(), ate.toISOString(), LOTE_ENVIO);
    if (devidas.length === 0) return { enviadas: 0, mais: false };
    const [pedidos, canaisPor, assinaturasPor] = await Promise.all([
      repo.pedidos(
        db,
        devidas.map((n) => n.idpedido),
      ),
      repo.canaisDe(db, [...new Set(devidas.map((n) => n.idcliente))]),
      repo.assinaturasDe(
        db,
        devidas.filter((n) => n.canal === 'push').map((n) => n.idcliente),
      ),
    ]);
    let enviadas = 0;
    for (const [i, n] of devidas.entries()) {
      const tentativas = n.tentativas + 1;
      const concluir = (m: Parameters<typeof repo.concluir>[3]) => repo.concluir(db, n.id, tentativas, m);
      // A slow provider must not let the batch's claim run out under it (another instance would
      // take the rest): past half the claim, the messages not yet sent are handed back as read.
      if (agora().getTime() > agoraEm.getTime() + prazoTentativa / 2) {
        for (const r of devidas.slice(i))
          await repo.concluir(db, r.id, r.tentativas + 1, {
            estado: r.estado,
            status_provedor: r.status_provedor,
            tentativas: r.tentativas,
            proxima_em: agora().toISOString(),
          });
        break;
      }
      const pedido = pedidos.get(n.idpedido);
      const motivo = pedido ? foraDeUso(n, pedido, agoraEm) : 'pedido removido';
      if (!pedido || motivo) {
        await concluir({ estado: 'descartada', status_provedor: motivo });
        continue;
      }
      // Consent revoked since the message was written: the next message is not sent.
      if (!(canaisPor.get(n.idcliente) ?? []).includes(n.canal)) {
        await concluir({ estado: 'descartada', status_provedor: 'consentimento revogado' });
        continue;
      }
      // A PIX message says the attempt's code and expiry as they are now (the code may have
      // arrived after the message was written).
      const texto = TIPOS_PIX.has(n.tipo) ? mensagem(n.tipo as TipoMensagem, pedido) : n;
      const envio: Envio = {
        ...n,
        titulo: texto.titulo,
        texto: texto.texto,
        idempotencia: idempotenciaDe(n.id),
        retomada: n.estado === 'enviando',
      };
      let r: Resultado;
      try {
        // --- WhatsApp channel dispatch (issue 22 part 2, whatsapp/service.ts) ---
        if (n.canal === 'whatsapp')
          r = deps.whatsapp
            ? await deps.whatsapp.enviarNotificacao(n)
            : { ok: false, definitivo: true, status: 'WhatsApp indisponível' };
        // --- end WhatsApp ---
        else
          r =
            n.canal === 'email'
              ? await enviarEmail(envio)
              : await enviarPush(envio, assinaturasPor.get(n.idcliente) ?? []);
      } catch (e) {
        r = {
          ok: false,
          definitivo: false,
          status: `erro: ${e instanceof Error ? e.message : String(e)}`.slice(0, 200),
        };
      }
      if (r.ok) {
        enviadas++;
        await concluir({
          estado: 'enviada',
          status_provedor: r.status,
          enviado_em: agora().toISOString(),
          titulo: envio.titulo,
          texto: envio.texto,
        });
      } else if (r.definitivo || tentativas >= MAX_TENTATIVAS) {
        log.warn({ notificacao: n.id, canal: n.canal, status: r.status }, 'notificação não enviada');
        if (await concluir({ estado: 'falhou', status_provedor: r.status })) {
          const canal = await repassar({ ...n, titulo: envio.titulo, texto: envio.texto });
          if (canal) log.info({ notificacao: n.id, de: n.canal, para: canal }, 'notificação repassada');
        }
      } else {
        await concluir({
          estado: 'pendente',
          status_provedor: r.status,
          proxima_em: new Date(agora().getTime() + espera(tentativas)).toISOString(),
        });
      }
    }
    return { enviadas, mais: devidas.length === LOTE_ENVIO };
  }

  return {
    /** Follows one batch of the event log; answers the messages written. */
    seguirEventos: async (): Promise<number> => (await seguir()).escritas,
    /** Sends one batch of what is due; answers how many were sent. */
    enviarPendentes: async (): Promise<number> => (await enviar()).enviadas,
    /**
     * One run of the job: follow the log, then send, again while either batch came full (a burst
     * of orders is worked off in this run, not one batch a second), for at most RODADA_MS, yielding
     * to the event loop between batches so requests are not held behind the outbox.
     */
    async rodar(): Promise<{ escritas: number; enviadas: number }> {
      const inicio = Date.now();
      let escritas = 0;
      let enviadas = 0;
      for (;;) {
        const s = await seguir();
        const e = await enviar();
        escritas += s.escritas;
        enviadas += e.enviadas;
        if ((!s.mais && !e.mais) || Date.now() - inicio >= RODADA_MS) break;
        await new Promise((r) => setImmediate(r));
      }
      return { escritas, enviadas };
    },

    /**
     * The panel's order drawer: the order's messages with their state, its rating and the wa.me
     * link; undefined when the order is not this establishment's.
     */
    async mensagensDoPedido(
      idestabelecimento: number,
      idpedido: number,
    ): Promise<MensagensDoPedido | undefined> {
      const pedido = await repo.pedidoDoEstabelecimento(db, idestabelecimento, idpedido);
      if (!pedido) return undefined;
      const [mensagens, avaliacao] = await Promise.all([
        repo.doPedido(db, idestabelecimento, idpedido),
        avaliacaoDoPedido(db, idpedido),
      ]);
      return {
        mensagens: mensagens.map((m) => ({
          id: m.id,
          canal: m.canal,
          tipo: m.tipo,
          titulo: m.titulo,
          estado: m.estado,
          criado_em: m.criado_em,
          enviado_em: m.enviado_em,
        })),
        avaliacao,
        whatsapp: whatsappLink(pedido.telefone, pedido.referencia),
      };
    },

    async consentimentos(idcliente: number) {
      const rows = await repo.consentimentos(db, idcliente);
      const assinaturas = await repo.assinaturas(db, idcliente);
      return {
        canais: rows.map((r) => ({
          canal: r.canal,
          ativo: r.ativo === 1,
          origem: r.origem,
          atualizado_em: r.atualizado_em,
          telefone: r.telefone,
        })),
        dispositivos: assinaturas.length,
      };
    },

    async escolher(idcliente: number, canal: CanalNotificacao, ativo: boolean, origem: string) {
      await repo.gravarConsentimento(db, idcliente, canal, ativo, origem, agora().toISOString());
    },

    async assinar(idcliente: number, a: { endpoint: string; p256dh: string; auth: string }) {
      await repo.assinar(db, idcliente, a, agora().toISOString());
    },

    async cancelarAssinatura(idcliente: number, endpoint: string): Promise<boolean> {
      return repo.cancelarAssinatura(db, idcliente, endpoint);
    },
  };
}

/** Account erasure (modules/customers): the customer's consent, devices and messages go. */
export async function apagarNotificacoesDoCliente(db: Db, idcliente: number): Promise<void> {
  await whatsappRepository.apagarDoCliente(db, idcliente);
  await repo.apagarDoCliente(db, idcliente);
}

/** 'Baixar meus dados': consent, devices (their push service's host only) and messages. */
export async function notificacoesDoCliente(db: Db, idcliente: number) {
  const [consentimentos, assinaturas, mensagens, recebidasWhatsapp] = await Promise.all([
    repo.consentimentos(db, idcliente),
    repo.assinaturas(db, idcliente),
    repo.doCliente(db, idcliente),
    whatsappRepository.entradasDoCliente(db, idcliente),
  ]);
  return {
    consentimentos: consentimentos.map((c) => ({ ...c, ativo: c.ativo === 1 })),
    dispositivos: assinaturas.map((a) => {
      try {
        return { servico: new URL(a.endpoint).host };
      } catch {
        return { servico: null };
      }
    }),
    mensagens,
    recebidas_whatsapp: recebidasWhatsapp,
  };
}
