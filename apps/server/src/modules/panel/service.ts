import {
  FUSOS_BRASIL,
  FUSO_PADRAO,
  STATUS,
  isCancelado,
  isStoreOpen,
  pedidoGravadoSchema,
  valorACobrar,
} from '@rango/domain';
import {
  MSG_PAINEL,
  PAINEL_CONFIG_PADRAO,
  lojaPainelSchema,
  painelConfigSchema,
  pedidoPainelSchema,
  pedidosPainelSchema,
} from '@rango/domain/painel';
import type { Canal } from '@rango/domain';
import type {
  ChaveCriada,
  ChaveOperador,
  Disponibilidade,
  LojaInput,
  LojaPainel,
  PainelConfig,
  PainelStatusInput,
  PainelStatusResposta,
  PedidoPainel,
  PedidosPainel,
} from '@rango/domain/painel';
import type { Db } from '../../db/index.ts';
import { conform } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';
import { dataDeOntem, lojaAbertaAgora } from '../establishments/loja.ts';
import {
  gravarPainelConfig,
  lerLoja,
  lerPainelConfig,
  listarExcecoes,
  listarHorarios,
  mudarLojaNoBanco,
} from '../establishments/service.ts';
import { posicaoDosEventos } from '../events/posicao.ts';
import { errosNoIfood } from '../ifood/service.ts';
import { avisarEventos } from '../events/record.ts';
import {
  disponibilidade,
  mudarDisponibilidadeOpcao,
  mudarDisponibilidadeProduto,
} from '../menu/disponibilidade.ts';
import { alterarPrevisao, definirPrevisao, moverPedido } from '../orders/status.ts';
import {
  chaveOperador,
  criarChaveOperador,
  listarChavesOperador,
  revogarChaveOperador,
} from '../operator/service.ts';
import { completarPedidos, leiturasDoEstabelecimento as pedidos } from '../orders/reads.ts';
import type { PedidoLido } from '../orders/reads.ts';
import { receiptHtml } from '../orders/receipt.ts';
import { tentativasDoPedido, tentativasDosPedidos } from '../payments/service.ts';
import type { PagamentoRow, Payments } from '../payments/service.ts';

export interface PanelServiceDeps {
  db: Db;
  /** Refunds a cancelled order paid online (issue 5). */
  payments?: Pick<Payments, 'estornar'> | undefined;
  /** The clock (tests). */
  agora?: () => Date;
}

/** A closing with a reopening time: at most this far ahead (the panel offers today's hours). */
export const REABRIR_MAX_MS = 24 * 60 * 60 * 1000;

const pedidoNaoEncontrado = () => new HttpError(404, { detail: MSG_PAINEL.pedidoNaoEncontrado });

/** Midnight of today on the establishment's wall clock (São Paulo's), as an ISO instant. */
export function inicioDoDia(agora: Date, timeZone: string = FUSO_PADRAO): string {
  const offset = (FUSOS_BRASIL[timeZone] ?? -180) * 60_000;
  const local = new Date(agora.getTime() + offset);
  const meiaNoite = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(meiaNoite - offset).toISOString();
}

/** What a cancellation's refund came to: any refund still waiting for the gateway wins. */
function estadoDoEstorno(pagamentos: readonly PagamentoRow[]): PainelStatusResposta['estorno'] {
  if (pagamentos.some((p) => p.estado === 'estorno_pendente')) return 'estorno_pendente';
  if (pagamentos.some((p) => p.estado === 'estornado')) return 'estornado';
  return null;
}

type Historicos = Awaited<ReturnType<typeof pedidos.listHistorico>>;

function presentPedido(
  row: PedidoLido,
  historico: Historicos,
  tentativas: PagamentoRow[],
  erroCanal: string | null,
): PedidoPainel {
  const pedido = pedidoGravadoSchema.parse(JSON.parse(row.pedido_json));
  const forma = pedido.pagamentos[0];
  // Paid online when every part is (an order of another channel may be paid partly there and
  // partly on delivery: the panel then says how much to collect).
  const online = pedido.pagamentos.length > 0 && pedido.pagamentos.every((f) => f.pre_pago);
  const parcial = !online && pedido.pagamentos.some((f) => f.pre_pago);
  // The latest attempt is the one that counts (a refused card may be followed by another).
  const tentativa = tentativas.at(-1);
  return {
    id: row.id,
    referencia: row.referencia,
    status: row.status,
    tipo: row.tipo,
    total: row.total,
    dthrpedido: row.dthrpedido,
    entregue_as: row.entregue_as,
    previsao_em: row.previsao_em,
    cliente: pedido.cliente.nome,
    telefone: pedido.cliente.telefone,
    canal: row.canal,
    erro_canal: erroCanal,
    pedido,
    historico: historico.map((h) => ({
      status: h.status,
      datahora: h.datahora,
      ...(h.motivo !== null ? { motivo: h.motivo } : {}),
    })),
    pagamento: {
      online,
      descricao: pedido.pagamentos.map((f) => f.descricaoFormaPgto).join(' + '),
      tipo: online && tentativa ? tentativa.tipo : null,
      estado: online && tentativa ? tentativa.estado : null,
      troco_para:
        pedido.pagamentos.find((f) => f.troco_para !== null)?.troco_para ?? forma?.troco_para ?? null,
      ...(parcial ? { a_cobrar: valorACobrar(pedido.pagamentos) } : {}),
    },
  };
}

/** The panel's reads and actions on one establishment (the guard has checked the role). */
export function createPanelService(deps: PanelServiceDeps) {
  const { db } = deps;
  const agora = deps.agora ?? (() => new Date());

  async function presentar(rows: PedidoLido[]): Promise<PedidoPainel[]> {
    const ids = rows.map((r) => r.id);
    const [historicos, pagamentos, erros] = await Promise.all([
      pedidos.listHistorico(db, ids),
      tentativasDosPedidos(db, ids),
      errosNoIfood(
        db,
        rows.filter((r) => r.canal === 'ifood').map((r) => r.id),
      ),
    ]);
    return rows.map((r) =>
      presentPedido(
        r,
        historicos.filter((h) => h.idpedido === r.id),
        pagamentos.filter((p) => p.idpedido === r.id),
        erros.get(r.id) ?? null,
      ),
    );
  }

  async function obter(idestabelecimento: number, id: number): Promise<PedidoPainel> {
    const row = await pedidos.findPedido(db, idestabelecimento, id);
    if (!row) throw pedidoNaoEncontrado();
    const [p] = await presentar([row]);
    return conform(pedidoPainelSchema, p, 'pedido do painel');
  }

  async function loja(idestabelecimento: number): Promise<LojaPainel> {
    const agoraMesmo = agora();
    const [row, horarios, excecoes] = await Promise.all([
      lerLoja(db, idestabelecimento),
      listarHorarios(db, idestabelecimento),
      listarExcecoes(db, idestabelecimento, dataDeOntem(agoraMesmo)),
    ]);
    if (!row) throw new HttpError(404, { detail: MSG_PAINEL.semAcesso });
    const aberta = lojaAbertaAgora(row.lojaaberta, row.reabrir_em, agoraMesmo);
    return conform(
      lojaPainelSchema,
      {
        aberta,
        // Once past (reopened by itself), the time is history, not a pending reopening.
        reabrir_em: !aberta && row.reabrir_em ? row.reabrir_em : null,
        no_horario: isStoreOpen(
          { lojaaberta: true, horariofuncionamento_set: horarios, horarioexcecao_set: excecoes },
          agoraMesmo,
        ),
        ...(row.aprovado === 0 ? { aguardando_aprovacao: true } : {}),
      },
      'loja do painel',
    );
  }

  async function config(idestabelecimento: number): Promise<PainelConfig> {
    const raw = await lerPainelConfig(db, idestabelecimento);
    if (!raw) return PAINEL_CONFIG_PADRAO;
    try {
      // Stored settings of an older shape keep their known fields; the rest take the defaults.
      const r = painelConfigSchema.safeParse({ ...PAINEL_CONFIG_PADRAO, ...(JSON.parse(raw) as object) });
      return r.success ? r.data : PAINEL_CONFIG_PADRAO;
    } catch {
      return PAINEL_CONFIG_PADRAO;
    }
  }

  return {
    obter,

    /**
     * Every open order (scheduled and waiting for payment included) and those finished today,
     * newest first. The stream's resume position is read first (events/posicao.ts): an event
     * committed meanwhile is replayed by the stream (harmless: the panel reads the order again),
     * never lost.
     */
    async listar(idestabelecimento: number, canal?: Canal): Promise<PedidosPainel> {
      const ultimo = await posicaoDosEventos(db, idestabelecimento);
      const todos = await pedidos.listPedidos(db, idestabelecimento, inicioDoDia(agora()));
      const rows = canal === undefined ? todos : todos.filter((r) => r.canal === canal);
      return conform(
        pedidosPainelSchema,
        { pedidos: await presentar(rows), ultimo_evento: ultimo },
        'pedidos do painel',
      );
    },

    /**
     * A status move through moverPedido (the one place for the rules). Accepting stores the
     * estimate in the same transaction; cancelling an order paid online refunds it after the
     * commit and answers how the refund went. A refusal changes nothing.
     */
    async mudarStatus(
      idestabelecimento: number,
      id: number,
      input: PainelStatusInput,
    ): Promise<PainelStatusResposta> {
      const motivo = input.motivo?.trim() || null;
      if (input.status === STATUS.Cancelado && motivo === null) {
        throw new HttpError(400, { motivo: [MSG_PAINEL.motivoObrigatorio] });
      }
      const minutos = input.previsao_minutos ?? null;
      if (input.status === STATUS.Confirmado && minutos === null) {
        throw new HttpError(400, { previsao_minutos: [MSG_PAINEL.previsaoObrigatoria] });
      }
      const quando = agora();
      const movido = await db.transaction().execute(async (trx) => {
        const m = await moverPedido(trx, id, input.status, { motivo, idestabelecimento, agora: quando });
        if (m.para === STATUS.Confirmado && minutos !== null) {
          await definirPrevisao(trx, m.id, new Date(quando.getTime() + minutos * 60_000).toISOString());
        }
        return m;
      });
      // moverPedido recorded 'pedido.status' in our transaction: wake the streams now.
      avisarEventos(db);
      let estorno: PainelStatusResposta['estorno'] = null;
      if (isCancelado(movido.para) && deps.payments) {
        await deps.payments.estornar(movido.id);
        estorno = estadoDoEstorno(await tentativasDoPedido(db, movido.id));
      }
      return { pedido: await obter(idestabelecimento, movido.id), estorno };
    },

    /**
     * 'Alterar previsão': an accepted order's new estimate, minutes from now (orders/status.ts
     * records 'pedido.previsao'; the customer's channels hear of it once per change).
     */
    async mudarPrevisao(idestabelecimento: number, id: number, minutos: number): Promise<PedidoPainel> {
      await alterarPrevisao(
        db,
        idestabelecimento,
        id,
        new Date(agora().getTime() + minutos * 60_000).toISOString(),
      );
      return obter(idestabelecimento, id);
    },

    /** The existing 80 mm receipt (modules/orders), for any status. */
    async cupom(idestabelecimento: number, id: number): Promise<string> {
      const row = await pedidos.findPedido(db, idestabelecimento, id);
      if (!row) throw pedidoNaoEncontrado();
      const [completo] = await completarPedidos(db, [row]);
      return receiptHtml(completo!);
    },

    loja,

    /**
     * Opens or closes the store now; closing may set a time when it reopens by itself (computed
     * on read, see establishments/loja.ts). Recorded as a live event 'loja' with the change.
     */
    async mudarLoja(idestabelecimento: number, input: LojaInput): Promise<LojaPainel> {
      let reabrirEm: string | null = null;
      if (!input.aberta && input.reabrir_em) {
        const t = Date.parse(input.reabrir_em);
        const agoraMs = agora().getTime();
        if (Number.isNaN(t) || t <= agoraMs || t > agoraMs + REABRIR_MAX_MS) {
          throw new HttpError(400, { reabrir_em: [MSG_PAINEL.reabrirInvalido] });
        }
        reabrirEm = new Date(t).toISOString();
      }
      await mudarLojaNoBanco(db, idestabelecimento, input.aberta, reabrirEm);
      return loja(idestabelecimento);
    },

    disponibilidade: (idestabelecimento: number): Promise<Disponibilidade> =>
      disponibilidade(db, idestabelecimento),

    /** 'Em falta' (1) or available again (0): the menu's switch (menu/disponibilidade.ts). */
    mudarProduto: (idestabelecimento: number, idproduto: number, stindisponivel: 0 | 1): Promise<void> =>
      mudarDisponibilidadeProduto(db, idestabelecimento, idproduto, stindisponivel),

    /** An option's availability, on every establishment whose menu shows it (menu/disponibilidade.ts). */
    mudarOpcao: (idestabelecimento: number, idopcao: number, stindisponivel: 0 | 1): Promise<void> =>
      mudarDisponibilidadeOpcao(db, idestabelecimento, idopcao, stindisponivel),

    config,

    async mudarConfig(idestabelecimento: number, input: PainelConfig): Promise<PainelConfig> {
      if (input.alerta_vermelho_min <= input.alerta_amarelo_min) {
        throw new HttpError(400, { alerta_vermelho_min: [MSG_PAINEL.vermelhoAntesDoAmarelo] });
      }
      await gravarPainelConfig(db, idestabelecimento, JSON.stringify(input));
      return config(idestabelecimento);
    },

    /** The establishment's operator API keys (integrations), revoked ones included. */
    async chaves(idestabelecimento: number): Promise<ChaveOperador[]> {
      return listarChavesOperador(db, idestabelecimento);
    },

    /** A new key through the operator module (the same keys as the CLI's operador-token). */
    async criarChave(idestabelecimento: number, nome: string): Promise<ChaveCriada> {
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(nome)) throw new HttpError(400, { nome: [MSG_PAINEL.valorInvalido] });
      const c = await criarChaveOperador(db, idestabelecimento, nome);
      return { id: c.id, nome: c.nome, chave: c.chave };
    },

    /** Revokes one of this establishment's keys (again: no change); another's is 404. */
    async revogarChave(idestabelecimento: number, idchave: number): Promise<void> {
      const row = await chaveOperador(db, idchave);
      if (!row || row.idestabelecimento !== idestabelecimento) {
        throw new HttpError(404, { detail: MSG_PAINEL.chaveNaoEncontrada });
      }
      await revogarChaveOperador(db, idchave);
    },
  };
}

export type PanelService = ReturnType<typeof createPanelService>;
