import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { STATUS } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/index.ts';
import { HttpError } from '../../../http/errors.ts';
import type { Segredos } from '../../secrets/service.ts';
import { notificacoesRepository } from '../repository.ts';
import { whatsappRepository as repo } from './repository.ts';
import type { ContaRow } from './repository.ts';
import { ERRO_WA } from './sender.ts';
import type { ContaApi, RespostaEnvio, SaidaWhatsapp, WhatsAppSender } from './sender.ts';
import { celularDoWaId, MSG_TELEFONE, normalizarCelular, paraDoProvedor } from './telefone.ts';
import {
  MODELOS,
  PRECO_ESTIMADO_CENTAVOS,
  TIPOS_DESLIGAVEIS,
  modeloDoTipo,
  parametros,
} from './templates.ts';

export const SEGREDO_TOKEN = 'whatsapp.token';
export const SEGREDO_APP = 'whatsapp.app_secret';
/** The customer-service window: free-form messages only within 24 h of the customer's last one. */
export const JANELA_MS = 24 * 60 * 60_000;

export const MSG_WHATSAPP = {
  semConta: 'Nenhum número de WhatsApp conectado: as mensagens de WhatsApp não são enviadas.',
  erroConta:
    'O WhatsApp recusou o token de acesso deste número: as mensagens não estão sendo enviadas. Conecte de novo com um token válido.',
  numeroEmUso: 'Este número já está conectado a outro estabelecimento.',
  tokenObrigatorio: 'Informe o token de acesso.',
  segredoObrigatorio: 'Informe o segredo do app (App Secret).',
  semContaAcao: 'Conecte um número de WhatsApp primeiro.',
  tipoInvalido: 'Mensagem desconhecida.',
  entradaNaoEncontrada: 'Mensagem não encontrada.',
  provedor: 'O WhatsApp recusou o pedido',
  logLigado: 'Modo local: as mensagens de WhatsApp são só registradas no log do servidor (WHATSAPP_API=log).',
  parar:
    'Pronto: você não receberá mais mensagens deste número sobre pedidos. Para voltar, ative o WhatsApp em Minha conta.',
} as const;

/** The result the outbox understands (service.ts's Resultado). */
export type ResultadoEnvio =
  { ok: true; status: string } | { ok: false; definitivo: boolean; status: string };

export interface WhatsAppDeps {
  db: Db;
  segredos: Segredos;
  sender: WhatsAppSender;
  publicUrl: string;
  /** The origin of establishment `id`'s pages (its own host name, issue 23 part 5); default publicUrl. */
  urlPublicaDe?: ((idestabelecimento: number) => string) | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  agora?: () => Date;
}

export type WhatsAppService = ReturnType<typeof createWhatsApp>;

/** The outbox row the channel sends (a subset of `notificacao`). */
export interface NotificacaoWhatsapp {
  id: number;
  idcliente: number;
  idpedido: number;
  idestabelecimento: number;
  tipo: string;
  texto: string;
  link: string;
}

const desligadosDe = (c: ContaRow): string[] => {
  try {
    const v = JSON.parse(c.desligados) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** 'Parar', 'parar.', ' PARÁR ' → 'PARAR'. */
export const normalizarComando = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .toUpperCase();

const STATUS_TEXTO: Record<number, string> = {
  [STATUS.Realizado]: 'recebido, aguardando o restaurante',
  [STATUS.PgtoPendente]: 'aguardando o pagamento',
  [STATUS.PgtoConfirmado]: 'pago, aguardando o restaurante',
  [STATUS.Sincronizado]: 'recebido, aguardando o restaurante',
  [STATUS.Confirmado]: 'aceito e em preparo',
  [STATUS.Pronto]: 'pronto',
};

/**
 * WhatsApp Business Cloud API, one account per establishment (issue 22 part 2): the owner's
 * number (ids in `whatsapp_conta`, token and app secret in the secrets store), the outbox's
 * 'whatsapp' channel, the templates, and the webhook (status updates, inbound messages, PARAR).
 */
export function createWhatsApp(deps: WhatsAppDeps) {
  const { db, segredos, sender, publicUrl, log } = deps;
  const agora = deps.agora ?? (() => new Date());
  const iso = () => agora().toISOString();

  async function api(c: ContaRow): Promise<ContaApi | undefined> {
    const token = await segredos.get(c.idestabelecimento, SEGREDO_TOKEN);
    return token
      ? { phoneNumberId: c.phone_number_id, wabaId: c.waba_id, token: token.revelar() }
      : undefined;
  }

  /** The provider's refusal of the token (190): the account is in error; the owner sees it. */
  async function talvezTokenInvalido(
    c: ContaRow,
    r: { http: number; codigo: number | null },
  ): Promise<boolean> {
    if (r.codigo !== ERRO_WA.tokenInvalido) return false;
    await repo.marcarErro(db, c.idestabelecimento, MSG_WHATSAPP.erroConta, iso());
    log.warn({ idestabelecimento: c.idestabelecimento }, 'WhatsApp: token recusado (190), número em erro');
    return true;
  }

  async function dentroDaJanela(idestabelecimento: number, para: string): Promise<boolean> {
    const ultima = await repo.ultimaEntrada(db, idestabelecimento, para);
    return ultima !== undefined && agora().getTime() - Date.parse(ultima) < JANELA_MS;
  }

  async function enviarRegistrando(
    c: ContaRow,
    conta: ContaApi,
    para: string,
    saida: SaidaWhatsapp,
    idnotificacao: number | null,
    modelo?: string,
  ): Promise<RespostaEnvio> {
    const r = await sender.enviar(conta, para, saida);
    if (r.ok)
      await repo.registrarMensagem(db, {
        idestabelecimento: c.idestabelecimento,
        idnotificacao,
        wamid: r.wamid,
        para,
        modelo: modelo ?? (saida.tipo === 'template' ? saida.modelo.nome : 'texto'),
        categoria: saida.tipo === 'template' ? 'utility' : 'service',
        agora: iso(),
      });
    return r;
  }

  /** The outbox's 'whatsapp' channel: one message of one order, on its establishment's number. */
  async function enviarNotificacao(n: NotificacaoWhatsapp): Promise<ResultadoEnvio> {
    const c = await repo.conta(db, n.idestabelecimento);
    if (!c) return { ok: false, definitivo: true, status: 'sem número conectado' };
    if (c.estado === 'erro') return { ok: false, definitivo: true, status: 'número em erro (token)' };
    if (desligadosDe(c).includes(n.tipo))
      return { ok: false, definitivo: true, status: 'desligada pelo dono' };
    const e164 = await repo.telefoneDoCliente(db, n.idcliente);
    if (!e164) return { ok: false, definitivo: true, status: 'sem celular' };
    const conta = await api(c);
    if (!conta) return { ok: false, definitivo: true, status: 'sem token' };
    const para = paraDoProvedor(e164);
    const modelo = modeloDoTipo(n.tipo);
    const janela = await dentroDaJanela(c.idestabelecimento, para);
    let saidaTemplate: SaidaWhatsapp | undefined;
    if (modelo) {
      const pedido = await notificacoesRepository.pedido(db, n.idpedido);
      if (!pedido) return { ok: false, definitivo: true, status: 'pedido não encontrado' };
      const pix =
        modelo.tipo === 'pix_pendente' || modelo.tipo === 'pix_lembrete'
          ? await repo.pixPendente(db, n.idpedido)
          : undefined;
      saidaTemplate = {
        tipo: 'template',
        modelo,
        parametros: parametros(modelo, pedido, {
          link: n.link,
          itens: modelo.tipo === 'recebido' ? await repo.itens(db, n.idpedido) : undefined,
          pix: pix?.qrcode ? { qrcode: pix.qrcode, expira_em: pix.expira_em } : undefined,
          reembolso:
            modelo.tipo === 'cancelado'
              ? pedido.pixPago
                ? 'estorno do PIX solicitado'
                : 'não se aplica'
              : undefined,
        }),
      };
    }
    // Inside the customer-service window a free-form text (a service conversation); else a template.
    let r: RespostaEnvio;
    if (janela) {
      r = await enviarRegistrando(c, conta, para, { tipo: 'texto', texto: `${n.texto} ${n.link}` }, n.id);
      // Re-engagement: the window closed meanwhile; only a template may go.
      if (!r.ok && r.codigo === ERRO_WA.foraDaJanela && saidaTemplate)
        r = await enviarRegistrando(c, conta, para, saidaTemplate, n.id);
    } else if (saidaTemplate) r = await enviarRegistrando(c, conta, para, saidaTemplate, n.id);
    else return { ok: false, definitivo: true, status: 'sem modelo para esta mensagem' };
    if (r.ok) return { ok: true, status: r.wamid };
    const status = `${r.codigo ?? r.http}: ${r.mensagem}`.slice(0, 200);
    if (await talvezTokenInvalido(c, r)) return { ok: false, definitivo: true, status };
    const limite = r.codigo === ERRO_WA.limite || r.codigo === ERRO_WA.limitePar || r.http === 429;
    if (limite || r.http >= 500) return { ok: false, definitivo: false, status };
    // 131026 undeliverable, 132001 no such template, 131047 with no template, other 4xx: for good.
    return { ok: false, definitivo: true, status };
  }

  async function contaOuErro(idestabelecimento: number): Promise<{ c: ContaRow; conta: ContaApi }> {
    const c = await repo.conta(db, idestabelecimento);
    const conta = c && (await api(c));
    if (!c || !conta) throw new HttpError(409, { detail: MSG_WHATSAPP.semContaAcao });
    return { c, conta };
  }

  function erroProvedor(r: { http: number; codigo: number | null; mensagem: string }): HttpError {
    return new HttpError(502, { detail: `${MSG_WHATSAPP.provedor} (${r.codigo ?? r.http}): ${r.mensagem}` });
  }

  async function resumo(idestabelecimento: number) {
    const d = agora();
    const desde = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();
    const ate = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
    const m = await repo.doMes(db, idestabelecimento, desde, ate);
    const porCanal = new Map<string, { canal: string; enviadas: number; falhas: number }>();
    for (const r of m.canais) {
      const x = porCanal.get(r.canal) ?? { canal: r.canal, enviadas: 0, falhas: 0 };
      if (r.estado === 'enviada') x.enviadas += r.n;
      if (r.estado === 'falhou') x.falhas += r.n;
      porCanal.set(r.canal, x);
    }
    const categorias = m.categorias.map((c) => ({
      categoria: c.categoria,
      mensagens: c.n,
      custo_estimado: c.n * (PRECO_ESTIMADO_CENTAVOS[c.categoria] ?? 0),
    }));
    return {
      mes: desde.slice(0, 7),
      canais: ['whatsapp', 'email', 'push'].map(
        (canal) => porCanal.get(canal) ?? { canal, enviadas: 0, falhas: 0 },
      ),
      categorias,
      custo_estimado: categorias.reduce((s, c) => s + c.custo_estimado, 0),
      precos: PRECO_ESTIMADO_CENTAVOS,
    };
  }

  /** What the owner's page shows. */
  async function estado(idestabelecimento: number) {
    const c = await repo.conta(db, idestabelecimento);
    const desligados = c ? desligadosDe(c) : [];
    return {
      conta: c
        ? {
            phone_number_id: c.phone_number_id,
            waba_id: c.waba_id,
            estado: c.estado,
            erro: c.erro,
            verify_token: c.verify_token,
            token: await segredos.describe(idestabelecimento, SEGREDO_TOKEN),
            app_secret: await segredos.describe(idestabelecimento, SEGREDO_APP),
          }
        : null,
      webhook_url: `${publicUrl}/api/whatsapp/webhook`,
      motivo: !c ? MSG_WHATSAPP.semConta : c.estado === 'erro' ? (c.erro ?? MSG_WHATSAPP.erroConta) : null,
      modo: sender.real ? ('cloud' as const) : ('log' as const),
      aviso: sender.real ? null : MSG_WHATSAPP.logLigado,
      mensagens: TIPOS_DESLIGAVEIS.map((tipo) => ({
        tipo,
        rotulo: modeloDoTipo(tipo)?.rotulo ?? tipo,
        ativo: !desligados.includes(tipo),
      })),
      resumo: await resumo(idestabelecimento),
    };
  }

  return {
    enviarNotificacao,
    estado,

    async conectar(
      idestabelecimento: number,
      e: {
        phone_number_id: string;
        waba_id: string;
        token?: string | undefined;
        app_secret?: string | undefined;
      },
    ) {
      const outra = await repo.contaDoNumero(db, e.phone_number_id);
      if (outra && outra.idestabelecimento !== idestabelecimento)
        throw new HttpError(400, { phone_number_id: [MSG_WHATSAPP.numeroEmUso] });
      const atual = await repo.conta(db, idestabelecimento);
      const erros: Record<string, string[]> = {};
      if (!e.token && !(await segredos.describe(idestabelecimento, SEGREDO_TOKEN)).configurado)
        erros.token = [MSG_WHATSAPP.tokenObrigatorio];
      if (!e.app_secret && !(await segredos.describe(idestabelecimento, SEGREDO_APP)).configurado)
        erros.app_secret = [MSG_WHATSAPP.segredoObrigatorio];
      if (Object.keys(erros).length) throw new HttpError(400, erros);
      if (e.token) await segredos.set(idestabelecimento, SEGREDO_TOKEN, e.token);
      if (e.app_secret) await segredos.set(idestabelecimento, SEGREDO_APP, e.app_secret);
      await repo.gravarConta(db, {
        idestabelecimento,
        phone_number_id: e.phone_number_id,
        waba_id: e.waba_id,
        verify_token: atual?.verify_token ?? `rango-${randomBytes(18).toString('base64url')}`,
        atualizado_em: iso(),
      });
      return estado(idestabelecimento);
    },

    async desconectar(idestabelecimento: number): Promise<void> {
      await repo.apagarConta(db, idestabelecimento);
      await segredos.delete(idestabelecimento, SEGREDO_TOKEN);
      await segredos.delete(idestabelecimento, SEGREDO_APP);
    },

    async ligar(idestabelecimento: number, tipo: string, ativo: boolean) {
      const c = await repo.conta(db, idestabelecimento);
      if (!c) throw new HttpError(409, { detail: MSG_WHATSAPP.semContaAcao });
      if (!TIPOS_DESLIGAVEIS.includes(tipo)) throw new HttpError(400, { tipo: [MSG_WHATSAPP.tipoInvalido] });
      const atuais = desligadosDe(c).filter((t) => t !== tipo);
      await repo.desligados(db, idestabelecimento, ativo ? atuais : [...atuais, tipo], iso());
      return estado(idestabelecimento);
    },

    /** Rango's templates with their state at Meta ('AUSENTE': not submitted). */
    async modelos(idestabelecimento: number) {
      const { c, conta } = await contaOuErro(idestabelecimento);
      const r = await sender.modelos(conta);
      if (!r.ok) {
        await talvezTokenInvalido(c, r);
        throw erroProvedor(r);
      }
      return MODELOS.map((m) => {
        const la = r.modelos.find((x) => x.nome === m.nome);
        return {
          nome: m.nome,
          tipo: m.tipo,
          rotulo: m.rotulo,
          corpo: m.corpo,
          status: la?.status ?? 'AUSENTE',
          motivo: la?.motivo ?? null,
        };
      });
    },

    /** Submits the templates not yet at Meta (or rejected) for approval; answers the list. */
    async submeter(idestabelecimento: number, nome?: string) {
      const lista = await this.modelos(idestabelecimento);
      const { c, conta } = await contaOuErro(idestabelecimento);
      for (const m of lista) {
        if (nome !== undefined && m.nome !== nome) continue;
        if (m.status !== 'AUSENTE') continue;
        const modelo = MODELOS.find((x) => x.nome === m.nome);
        if (!modelo) continue;
        const r = await sender.submeter(conta, modelo);
        if (!r.ok) {
          await talvezTokenInvalido(c, r);
          throw erroProvedor(r);
        }
      }
      return this.modelos(idestabelecimento);
    },

    /** The owner's test message to a number they type. */
    async testar(idestabelecimento: number, telefone: string) {
      const e164 = normalizarCelular(telefone);
      if (!e164) throw new HttpError(400, { telefone: [MSG_TELEFONE.invalido] });
      const { c, conta } = await contaOuErro(idestabelecimento);
      const modelo = modeloDoTipo('teste');
      const est = await db
        .selectFrom('estabelecimento')
        .select('apelidooufantasia')
        .where('id', '=', idestabelecimento)
        .executeTakeFirst();
      if (!modelo || !est) throw new HttpError(404, { detail: MSG_WHATSAPP.semContaAcao });
      const r = await enviarRegistrando(
        c,
        conta,
        paraDoProvedor(e164),
        {
          tipo: 'template',
          modelo,
          parametros: [est.apelidooufantasia],
        },
        null,
      );
      if (!r.ok) {
        await talvezTokenInvalido(c, r);
        throw erroProvedor(r);
      }
      return { detail: 'Mensagem de teste enviada.', wamid: r.wamid };
    },

    entradas: (idestabelecimento: number) => repo.entradasNaoLidas(db, idestabelecimento),

    async marcarLida(idestabelecimento: number, id: number): Promise<void> {
      if (!(await repo.marcarLida(db, idestabelecimento, id)))
        throw new HttpError(404, { detail: MSG_WHATSAPP.entradaNaoEncontrada });
    },

    /** GET handshake: the challenge when the token is an account's, else undefined (403). */
    async verificar(modo: string | undefined, token: string | undefined, desafio: string | undefined) {
      if (modo !== 'subscribe' || !token || desafio === undefined) return undefined;
      return (await repo.contaDoVerifyToken(db, token)) ? desafio : undefined;
    },

    /**
     * A webhook POST: the account by the body's phone_number_id (unknown: ignored, 200), the
     * signature over the raw body with its app secret (bad: 401, nothing changed), then status
     * updates (once each) and inbound messages (once each).
     */
    async receber(bruto: Buffer, corpo: WebhookCorpo, assinatura: string | undefined): Promise<200 | 401> {
      const valores = corpo.entry.flatMap((e) => e.changes.map((ch) => ch.value));
      const idNumero = valores.map((v) => v.metadata?.phone_number_id).find((x) => typeof x === 'string');
      if (!idNumero) return 200;
      const c = await repo.contaDoNumero(db, idNumero);
      if (!c) return 200;
      const segredo = await segredos.get(c.idestabelecimento, SEGREDO_APP);
      if (!segredo || !assinaturaValida(bruto, assinatura, segredo.revelar())) return 401;
      for (const v of valores) {
        // Only this account's number: a change for another number in the same body is ignored.
        if (v.metadata?.phone_number_id !== c.phone_number_id) continue;
        for (const s of v.statuses ?? []) {
          const erro = s.errors?.[0];
          await repo.aplicarStatus(db, c.idestabelecimento, {
            wamid: s.id,
            status: s.status,
            erro: erro ? `${erro.code ?? ''} ${erro.title ?? ''}`.trim().slice(0, 200) : null,
            agora: iso(),
          });
        }
        for (const m of v.messages ?? []) await entrada(c, m);
      }
      return 200;
    },
  };

  async function entrada(c: ContaRow, m: WebhookMensagem): Promise<void> {
    const e164 = celularDoWaId(m.from);
    const de = e164 ? paraDoProvedor(e164) : m.from.replace(/\D/g, '').slice(0, 20);
    const clientes = e164 ? await repo.clientesDoTelefone(db, e164) : [];
    const texto = (m.text?.body ?? m.button?.text ?? `[${m.type}]`).slice(0, 4096);
    const quando = m.timestamp && /^\d+$/.test(m.timestamp) ? new Date(Number(m.timestamp) * 1000) : agora();
    const recebido = Number.isNaN(quando.getTime()) ? iso() : quando.toISOString();
    const parar = normalizarComando(texto) === 'PARAR';
    const desde = new Date(agora().getTime() - JANELA_MS).toISOString();
    const noPrazo = agora().getTime() - Date.parse(recebido) < JANELA_MS;
    // One automatic answer per window; what follows is left for a person.
    const responder =
      !parar && noPrazo && (await repo.respostasDesde(db, c.idestabelecimento, de, desde)) === 0;
    const nova = await repo.registrarEntrada(db, {
      idestabelecimento: c.idestabelecimento,
      wamid: m.id,
      de,
      idcliente: clientes[0] ?? null,
      texto,
      recebido_em: recebido,
      lida: parar || responder,
    });
    if (!nova) return; // a replay
    if (parar) {
      if (e164) await repo.revogar(db, e164, iso());
      await responderTexto(c, de, MSG_WHATSAPP.parar);
      return;
    }
    if (!responder) return;
    const aberto = await repo.pedidoAberto(db, c.idestabelecimento, clientes);
    // Under its own host name the restaurant's menu is its `/`.
    const proprio = deps.urlPublicaDe?.(c.idestabelecimento);
    const origem = proprio ?? publicUrl;
    const cardapio =
      proprio !== undefined && proprio !== publicUrl
        ? `${proprio}/`
        : `${publicUrl}/estabelecimento/${c.idestabelecimento}`;
    const linhas = [`Olá! Faça seu pedido pelo cardápio: ${cardapio}`];
    if (aberto)
      linhas.push(
        `Seu pedido ${aberto.referencia} está ${STATUS_TEXTO[aberto.status] ?? 'em andamento'}: ${origem}/pedido/${aberto.id}`,
      );
    linhas.push('Já já alguém da equipe responde por aqui. Para não receber mais avisos, envie PARAR.');
    await responderTexto(c, de, linhas.join('\n'));
  }

  async function responderTexto(c: ContaRow, para: string, texto: string): Promise<void> {
    const conta = await api(c);
    if (!conta) return;
    try {
      const r = await enviarRegistrando(c, conta, para, { tipo: 'texto', texto }, null, 'resposta');
      if (!r.ok) {
        await talvezTokenInvalido(c, r);
        log.warn(
          { idestabelecimento: c.idestabelecimento, codigo: r.codigo },
          'WhatsApp: resposta automática recusada',
        );
      }
    } catch (e) {
      log.warn({ erro: e instanceof Error ? e.message : String(e) }, 'WhatsApp: resposta automática falhou');
    }
  }
}

/**
 * The number a customer's WhatsApp choice messages: the one typed, else the account's phone;
 * normalised to E.164, and refused (400 on `telefone`) when it cannot be a Brazilian mobile.
 */
export async function celularParaWhatsapp(
  db: Db,
  idcliente: number,
  digitado: string | undefined,
): Promise<string> {
  const fonte =
    digitado ??
    (await db.selectFrom('cliente').select('telefone').where('id', '=', idcliente).executeTakeFirst())
      ?.telefone ??
    '';
  const e164 = normalizarCelular(fonte);
  if (!e164) throw new HttpError(400, { telefone: [MSG_TELEFONE.invalido] });
  return e164;
}

/** `X-Hub-Signature-256: sha256=<hex>`: HMAC-SHA256 of the raw body with the app secret. */
export function assinaturaValida(bruto: Buffer, cabecalho: string | undefined, segredo: string): boolean {
  if (!cabecalho?.startsWith('sha256=')) return false;
  const recebida = Buffer.from(cabecalho.slice(7), 'hex');
  const esperada = createHmac('sha256', segredo).update(bruto).digest();
  return recebida.length === esperada.length && timingSafeEqual(recebida, esperada);
}

export interface WebhookMensagem {
  from: string;
  id: string;
  timestamp?: string | undefined;
  type: string;
  text?: { body: string } | undefined;
  button?: { text?: string | undefined } | undefined;
}

export interface WebhookCorpo {
  object: string;
  entry: {
    id?: string | undefined;
    changes: {
      field?: string | undefined;
      value: {
        metadata?: { phone_number_id?: string | undefined } | undefined;
        statuses?:
          | {
              id: string;
              status: string;
              errors?: { code?: number | undefined; title?: string | undefined }[] | undefined;
            }[]
          | undefined;
        messages?: WebhookMensagem[] | undefined;
      };
    }[];
  }[];
}
