import { EVENTO, ladosDaForma, wallClock } from '@rango/domain';
import { MSG_CATALOGO as M, problemasExcecoes, problemasGrupo } from '@rango/domain/painel/catalogo';
import type {
  ExcecoesHorario,
  ExcecoesHorarioInput,
  AreaInput,
  AreaPainel,
  Auditoria,
  CardapioPainel,
  CategoriaPainel,
  CupomInput,
  CupomPainel,
  EstabelecimentoConfig,
  EstabelecimentoInput,
  FormasPgtoInput,
  FormasPgtoPainel,
  GrupoOpcaoInput,
  GrupoOpcaoPainel,
  Horarios,
  HorariosInput,
  OpcaoInput,
  OpcaoPainel,
  ProdutoInput,
  ProdutoPainel,
  TaxaBairroInput,
  TaxaBairroPainel,
  VincularGrupoInput,
} from '@rango/domain/painel/catalogo';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AreaEntregaTable, GrupoOpcaoTable, OpcaoTable } from '../../db/types.ts';
import { HttpError } from '../../http/errors.ts';
import { formaDaLinha, listarExcecoes } from '../establishments/service.ts';
import { avisarEventos, registrarEvento } from '../events/record.ts';
import { marcarMenuMudado } from '../menu/service.ts';
import { gravarImagemProduto } from './images.ts';
import type { Armazenamento } from './images.ts';
import { catalogueRepository as repo } from './repository.ts';
import type { FormaGravada } from './repository.ts';

/** A payment method of the owner's list as its row: flags left out keep the old behaviour. */
function gravada(f: FormasPgtoInput['formas'][number]): FormaGravada {
  const lados = ladosDaForma(f);
  return {
    descricao: f.descricao,
    sttipopgto: f.sttipopgto,
    na_entrega: lados.naEntrega ? 1 : 0,
    online: lados.online ? 1 : 0,
  };
}

/** Who writes, where (from the staff guard). */
export interface Autor {
  idfuncionario: number | null;
  idestabelecimento: number;
}

/** What a write changed, for the audit log. */
export interface Mudanca<T> {
  resultado: T;
  entidade: string;
  identidade: number | null;
  acao: string;
  dados: unknown;
}

/** 400 on one field (the path joined with dots, as the schemas' refusals). */
export const campo = (path: string, msg: string): HttpError => new HttpError(400, { [path]: [msg] });
const naoEncontrado = (detail: string): HttpError => new HttpError(404, { detail });
const conflito = (detail: string): HttpError => new HttpError(409, { detail });

const MAX_DADOS_AUDITORIA = 4000;
function dadosAuditoria(dados: unknown): string {
  const s = JSON.stringify(dados ?? null);
  // The log keeps what changed, not whole menus: a large change (an import) keeps its summary.
  return s.length <= MAX_DADOS_AUDITORIA ? s : JSON.stringify({ truncado: true, tamanho: s.length });
}

const hhmmss = (h: string): string => (h.length === 5 ? `${h}:00` : h);
const hhmm = (h: string): string => h.slice(0, 5);

type GrupoRow = Selectable<GrupoOpcaoTable>;
type OpcaoRow = Selectable<OpcaoTable>;

function presentOpcao(o: OpcaoRow): OpcaoPainel {
  return {
    idopcao: o.idopcao,
    idgrupoopcao: o.idgrupoopcao,
    descricao: o.descricao,
    detalhe: o.detalhe,
    qtdpadrao: o.qtdpadrao,
    qtdmax: o.qtdmax,
    preco: o.preco,
    precooferta: o.precooferta,
    stindisponivel: o.stindisponivel,
    valorafetatudo: o.valorafetatudo,
    valorafetaopcao: o.valorafetaopcao,
    stpercentualafetaopcao: o.stpercentualafetaopcao,
    valorafetaproduto: o.valorafetaproduto,
    stpercentualafetaproduto: o.stpercentualafetaproduto,
    ordem: o.ordem,
  };
}

function presentGrupo(g: GrupoRow, opcoes: OpcaoRow[], produtos: number[]): GrupoOpcaoPainel {
  return {
    idgrupoopcao: g.idgrupoopcao,
    descricao: g.descricao,
    multiplo: g.multiplo !== 0,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: g.stprecopraticado,
    stnegagrupoopcao: g.stnegagrupoopcao,
    stindisponivel: g.stindisponivel,
    opcoes: opcoes.map(presentOpcao),
    produtos,
  };
}

function grupoValues(v: GrupoOpcaoInput) {
  return {
    descricao: v.descricao,
    multiplo: v.multiplo ? 1 : 0,
    qtdinclusa: v.qtdinclusa,
    qtdmultiplomin: v.qtdmultiplomin,
    qtdmultiplomax: v.qtdmultiplomax,
    stprecopraticado: v.stprecopraticado,
    stnegagrupoopcao: v.stnegagrupoopcao,
    stindisponivel: v.stindisponivel ?? 0,
  };
}

function opcaoValues(v: OpcaoInput) {
  return {
    descricao: v.descricao,
    detalhe: v.detalhe ?? null,
    qtdpadrao: v.qtdpadrao ?? 0,
    qtdmax: v.qtdmax ?? 0,
    preco: v.preco,
    precooferta: v.precooferta ?? 0,
    stindisponivel: v.stindisponivel ?? 0,
    valorafetatudo: v.valorafetatudo ?? 0,
    valorafetaopcao: v.valorafetaopcao ?? 0,
    stpercentualafetaopcao: v.stpercentualafetaopcao ?? 0,
    valorafetaproduto: v.valorafetaproduto ?? 0,
    stpercentualafetaproduto: v.stpercentualafetaproduto ?? 0,
  };
}

/**
 * Problems of a group still being built (a Kit with no option yet, a minimum above its options so
 * far): refused only once the group is on a product, so the owner can create it, then its options.
 */
const incompleto = (msg: string): boolean => msg === M.kitSemOpcoes || msg === M.minimoInalcancavel;

/** Every id of `atuais` exactly once, else the reorder is refused (a stale editor). */
function mesmaLista(atuais: readonly number[], ids: readonly number[]): void {
  const a = new Set(atuais);
  if (ids.length !== a.size || ids.some((i) => !a.has(i))) throw campo('ids', M.ordemIncompleta);
}

/**
 * One back-office write: `fn` in a transaction that also moves the establishment's menu_versao
 * (the customer's menu cache of every instance rebuilds on its next request), records the 'menu'
 * event and the audit row; a refusal thrown inside rolls all of it back, so nothing is
 * half-saved. Open streams are woken after the commit.
 */
export async function escreverNoCardapio<T>(
  db: Db,
  a: Autor,
  fn: (trx: Db) => Promise<Mudanca<T>>,
): Promise<T> {
  const resultado = await db.transaction().execute(async (trx) => {
    const m = await fn(trx);
    const menu_versao = await marcarMenuMudado(trx, a.idestabelecimento);
    await registrarEvento(trx, {
      idestabelecimento: a.idestabelecimento,
      tipo: EVENTO.menu,
      dados: { menu_versao },
    });
    await repo.insertAuditoria(trx, {
      idestabelecimento: a.idestabelecimento,
      idfuncionario: a.idfuncionario,
      entidade: m.entidade,
      identidade: m.identidade,
      acao: m.acao,
      dados: dadosAuditoria(m.dados),
      criado_em: new Date().toISOString(),
    });
    return m.resultado;
  });
  avisarEventos(db);
  return resultado;
}

/**
 * The back office's writes and reads (issue 12). Every write runs in one transaction that also
 * moves the establishment's menu_versao (the customer's menu cache of every instance rebuilds on
 * its next request), records the 'menu' event and the audit row; a refusal thrown inside rolls
 * all of it back, so nothing is half-saved.
 */
export function createCatalogueService(db: Db, opts: { midia?: Armazenamento | undefined } = {}) {
  const escrever = <T>(a: Autor, fn: (trx: Db) => Promise<Mudanca<T>>): Promise<T> =>
    escreverNoCardapio(db, a, fn);

  // --- reads used by writes ------------------------------------------------------------------

  async function estabelecimento(d: Db, id: number): Promise<EstabelecimentoConfig> {
    const e = await repo.estabelecimento(d, id);
    if (!e) throw naoEncontrado(M.estabelecimentoNaoEncontrado);
    return {
      id: e.id,
      apelidooufantasia: e.apelidooufantasia,
      nomeourazaosocial: e.nomeourazaosocial,
      logo: e.logo,
      endereco: {
        rua: e.rua,
        numero: e.numero,
        bairro: e.bairro,
        complemento: e.complemento,
        cep: e.cep,
        cidade: e.cidade,
        uf: e.uf_sigla,
      },
      fones: await repo.fones(d, id),
      pedidominimo: e.pedidominimo,
      previsaoentregamin: e.previsaoentregamin,
      previsaoentregamax: e.previsaoentregamax,
      lat: e.lat ?? null,
      lng: e.lng ?? null,
      menu_versao: e.menu_versao,
    };
  }

  async function horarios(d: Db, id: number): Promise<Horarios> {
    const rows = await repo.horarios(d, id);
    return {
      horarios: rows.map((h) => ({
        diadasemana: h.diadasemana,
        abertura: hhmm(h.abertura),
        fechamento: hhmm(h.fechamento),
        // Stored as the spec reads it: a closing at or before the opening is on the next day.
        dia_seguinte: hhmm(h.fechamento) <= hhmm(h.abertura),
      })),
    };
  }

  /** The dates from today on (the store's wall clock), each with its ranges or closed. */
  async function excecoes(d: Db, id: number): Promise<ExcecoesHorario> {
    const rows = await listarExcecoes(d, id, wallClock(new Date()).data);
    const out: ExcecoesHorario['excecoes'] = [];
    for (const r of rows) {
      let e = out.at(-1);
      if (e?.data !== r.data) out.push((e = { data: r.data, fechado: true, faixas: [] }));
      if (r.abertura === null || r.fechamento === null) continue;
      e.fechado = false;
      const abertura = hhmm(r.abertura);
      const fechamento = hhmm(r.fechamento);
      e.faixas.push({ abertura, fechamento, dia_seguinte: fechamento <= abertura });
    }
    return { excecoes: out };
  }

  const presentArea = (r: Selectable<AreaEntregaTable>): AreaPainel => ({
    idareaentrega: r.idareaentrega,
    lat: r.center_lat,
    lng: r.center_lng,
    raio: r.raio,
    taxaentrega: r.taxaentrega,
    valorminimo: r.valorminimo,
  });

  async function taxas(d: Db, id: number, idtaxa?: number): Promise<TaxaBairroPainel[]> {
    const rows = await repo.taxas(d, id, idtaxa);
    return rows.map((t) => ({
      id: t.id,
      bairro: t.bairro,
      cidade: t.cidade,
      uf: t.uf,
      valor: t.valor,
      valorminimo: t.valorminimo === null || t.valorminimo === undefined ? null : Number(t.valorminimo),
    }));
  }

  async function formas(d: Db, id: number): Promise<FormasPgtoPainel> {
    const rows = await repo.formas(d, id);
    return {
      formas: rows.map(formaDaLinha),
    };
  }

  async function grupo(d: Db, id: number, idgrupoopcao: number): Promise<GrupoOpcaoPainel> {
    const [g] = await repo.grupos(d, id, idgrupoopcao);
    if (!g) throw naoEncontrado(M.grupoNaoEncontrado);
    return presentGrupo(
      g,
      await repo.opcoes(d, [g.idgrupoopcao]),
      await repo.produtosDoGrupo(d, g.idgrupoopcao),
    );
  }

  async function grupoRow(d: Db, id: number, idgrupoopcao: number): Promise<GrupoRow> {
    const [g] = await repo.grupos(d, id, idgrupoopcao);
    if (!g) throw naoEncontrado(M.grupoNaoEncontrado);
    return g;
  }

  async function produto(d: Db, id: number, idproduto: number): Promise<ProdutoPainel> {
    const p = await repo.produto(d, id, idproduto);
    if (!p) throw naoEncontrado(M.produtoNaoEncontrado);
    const links = await repo.links(d, id, idproduto);
    return {
      idproduto: p.idproduto,
      idgrupo: p.idgrupo,
      descricao: p.descricao,
      detalhe: p.detalhe,
      imagem: p.imagem,
      preco: p.preco,
      precooferta: p.precooferta,
      stindisponivel: p.stindisponivel,
      ordem: p.ordem,
      grupoopcoes: links.map((l) => l.idgrupoopcao),
    };
  }

  /** The option's row when its group is the establishment's. */
  async function opcaoRow(d: Db, id: number, idopcao: number): Promise<OpcaoRow> {
    const o = await repo.opcao(d, idopcao);
    if (!o || (await repo.grupos(d, id, o.idgrupoopcao)).length === 0)
      throw naoEncontrado(M.opcaoNaoEncontrada);
    return o;
  }

  /**
   * A group's rules that need its options (problemasGrupo). A Kit without options is refused only
   * once the group is on a product (the owner creates the group, then its options).
   */
  async function verificarGrupo(
    d: Db,
    g: Pick<GrupoRow, 'idgrupoopcao' | 'multiplo' | 'qtdmultiplomin' | 'stprecopraticado'>,
    opcoes: readonly Pick<OpcaoRow, 'stindisponivel' | 'qtdpadrao' | 'qtdmax'>[],
    mapa: Partial<Record<string, string>> = {},
  ): Promise<void> {
    const linked = (await repo.produtosDoGrupo(d, g.idgrupoopcao)).length > 0;
    const problemas = problemasGrupo(
      {
        multiplo: g.multiplo !== 0,
        qtdmultiplomin: g.qtdmultiplomin,
        stprecopraticado: g.stprecopraticado as 0,
      },
      opcoes,
    ).filter((p) => linked || !incompleto(p.msg));
    const p = problemas[0];
    if (p) throw campo(mapa[p.campo] ?? p.campo, p.msg);
  }

  /** Every group id is the establishment's, and none is a Kit without options. */
  async function verificarLinks(d: Db, id: number, grupos: readonly number[], path: string): Promise<void> {
    for (const idg of grupos) {
      const [g] = await repo.grupos(d, id, idg);
      if (!g) throw campo(path, M.grupoNaoEncontrado);
      const opcoes = await repo.opcoes(d, [idg]);
      const kit = problemasGrupo(
        {
          multiplo: g.multiplo !== 0,
          qtdmultiplomin: g.qtdmultiplomin,
          stprecopraticado: g.stprecopraticado as 0,
        },
        opcoes,
      ).find((p) => incompleto(p.msg));
      if (kit) throw campo(path, kit.msg);
      // An unowned (seeded) group becomes this establishment's once linked here.
      if (g.idestabelecimento === null) await repo.updateGrupo(d, idg, { idestabelecimento: id });
    }
  }

  async function cupons(d: Db, id: number, idcupom?: number): Promise<CupomPainel[]> {
    const rows = await repo.cupons(d, id, idcupom);
    return rows.map((c) => ({
      id: c.id,
      codigo: c.codigo,
      ehpercentual: c.ehpercentual !== 0,
      desconto: c.desconto,
      limitedesconto: c.limitedesconto,
      subtotalminimo: c.subtotalminimo,
      valido_de: c.valido_de,
      valido_ate: c.valido_ate,
      limite_total: c.limite_total,
      limite_por_cliente: c.limite_por_cliente,
      ativo: c.ativo !== 0,
      criado_em: c.criado_em,
      usos: Number(c.usos ?? 0),
    }));
  }

  function cupomValues(v: CupomInput) {
    return {
      codigo: v.codigo,
      ehpercentual: v.ehpercentual ? 1 : 0,
      desconto: v.desconto,
      limitedesconto: v.limitedesconto ?? 0,
      subtotalminimo: v.subtotalminimo ?? 0,
      valido_de: v.valido_de ? new Date(v.valido_de).toISOString() : null,
      valido_ate: v.valido_ate ? new Date(v.valido_ate).toISOString() : null,
      limite_total: v.limite_total ?? null,
      limite_por_cliente: v.limite_por_cliente ?? null,
      ativo: v.ativo === false ? 0 : 1,
    };
  }

  function estabelecimentoValues(v: EstabelecimentoInput) {
    return {
      apelidooufantasia: v.apelidooufantasia,
      nomeourazaosocial: v.nomeourazaosocial,
      rua: v.endereco.rua,
      numero: v.endereco.numero,
      bairro: v.endereco.bairro,
      complemento: v.endereco.complemento,
      cep: v.endereco.cep,
      cidade: v.endereco.cidade,
      uf_sigla: v.endereco.uf,
      uf_descricao: v.endereco.uf,
      pedidominimo: v.pedidominimo,
      previsaoentregamin: v.previsaoentregamin,
      previsaoentregamax: v.previsaoentregamax,
      // Absent: the point stays as it is (a client that does not know it); null clears it.
      ...(v.lat === undefined ? {} : { lat: v.lat }),
      ...(v.lng === undefined ? {} : { lng: v.lng }),
    };
  }

  return {
    // --- establishment ---------------------------------------------------------------------

    /** A staff member opens a new establishment of their own: they become its owner. */
    async criarEstabelecimento(
      idfuncionario: number,
      v: EstabelecimentoInput,
    ): Promise<EstabelecimentoConfig> {
      const id = await db.transaction().execute(async (trx) => {
        const novo = await repo.insertEstabelecimento(trx, {
          idpessoa: 0,
          logo: null,
          logopessoa: null,
          imgpessoa: null,
          lojaaberta: 1,
          ...estabelecimentoValues(v),
        });
        await repo.replaceFones(trx, novo, v.fones);
        await repo.addDono(trx, idfuncionario, novo, new Date().toISOString());
        await repo.insertAuditoria(trx, {
          idestabelecimento: novo,
          idfuncionario,
          entidade: 'estabelecimento',
          identidade: novo,
          acao: 'criar',
          dados: dadosAuditoria(v),
          criado_em: new Date().toISOString(),
        });
        return novo;
      });
      return estabelecimento(db, id);
    },

    estabelecimento: (id: number) => estabelecimento(db, id),

    mudarEstabelecimento(a: Autor, v: EstabelecimentoInput): Promise<EstabelecimentoConfig> {
      return escrever(a, async (trx) => {
        await repo.updateEstabelecimento(trx, a.idestabelecimento, estabelecimentoValues(v));
        await repo.replaceFones(trx, a.idestabelecimento, v.fones);
        return {
          resultado: undefined,
          entidade: 'estabelecimento',
          identidade: a.idestabelecimento,
          acao: 'alterar',
          dados: v,
        };
      }).then(() => estabelecimento(db, a.idestabelecimento));
    },

    horarios: (id: number) => horarios(db, id),

    mudarHorarios(a: Autor, v: HorariosInput): Promise<Horarios> {
      return escrever(a, async (trx) => {
        await repo.replaceHorarios(
          trx,
          a.idestabelecimento,
          v.horarios.map((h) => ({
            diadasemana: h.diadasemana,
            abertura: hhmmss(h.abertura),
            fechamento: hhmmss(h.fechamento),
          })),
        );
        return { resultado: undefined, entidade: 'horarios', identidade: null, acao: 'alterar', dados: v };
      }).then(() => horarios(db, a.idestabelecimento));
    },

    excecoes: (id: number) => excecoes(db, id),

    /**
     * Every date with its own hours at once. Besides the schema: no date before today (the
     * store's), none twice, an open date with ranges that neither invert nor overlap.
     */
    mudarExcecoes(a: Autor, v: ExcecoesHorarioInput, agora: Date = new Date()): Promise<ExcecoesHorario> {
      const problemas = problemasExcecoes(v.excecoes, wallClock(agora).data);
      if (problemas.length > 0) {
        const erros: Record<string, string[]> = {};
        for (const p of problemas) (erros[['excecoes', ...p.caminho].join('.')] ??= []).push(p.msg);
        throw new HttpError(400, erros);
      }
      return escrever(a, async (trx) => {
        await repo.replaceExcecoes(
          trx,
          a.idestabelecimento,
          v.excecoes.flatMap((e): { data: string; abertura: string | null; fechamento: string | null }[] =>
            e.fechado
              ? [{ data: e.data, abertura: null, fechamento: null }]
              : e.faixas.map((f) => ({
                  data: e.data,
                  abertura: hhmmss(f.abertura),
                  fechamento: hhmmss(f.fechamento),
                })),
          ),
        );
        return { resultado: undefined, entidade: 'horarios', identidade: null, acao: 'alterar', dados: v };
      }).then(() => excecoes(db, a.idestabelecimento));
    },

    // --- delivery --------------------------------------------------------------------------

    areas: async (id: number): Promise<AreaPainel[]> => (await repo.areas(db, id)).map(presentArea),

    criarArea(a: Autor, v: AreaInput): Promise<AreaPainel> {
      return escrever(a, async (trx) => {
        const idarea = await repo.insertArea(trx, {
          idestabelecimento: a.idestabelecimento,
          center_lat: v.lat,
          center_lng: v.lng,
          raio: v.raio,
          taxaentrega: v.taxaentrega,
          valorminimo: v.valorminimo,
        });
        const row = await repo.area(trx, a.idestabelecimento, idarea);
        return {
          resultado: presentArea(row!),
          entidade: 'area',
          identidade: idarea,
          acao: 'criar',
          dados: v,
        };
      });
    },

    mudarArea(a: Autor, idarea: number, v: AreaInput): Promise<AreaPainel> {
      return escrever(a, async (trx) => {
        const ok = await repo.updateArea(trx, a.idestabelecimento, idarea, {
          center_lat: v.lat,
          center_lng: v.lng,
          raio: v.raio,
          taxaentrega: v.taxaentrega,
          valorminimo: v.valorminimo,
        });
        if (!ok) throw naoEncontrado(M.areaNaoEncontrada);
        const row = await repo.area(trx, a.idestabelecimento, idarea);
        return {
          resultado: presentArea(row!),
          entidade: 'area',
          identidade: idarea,
          acao: 'alterar',
          dados: v,
        };
      });
    },

    excluirArea(a: Autor, idarea: number): Promise<void> {
      return escrever(a, async (trx) => {
        const row = await repo.area(trx, a.idestabelecimento, idarea);
        if (!row || !(await repo.deleteArea(trx, a.idestabelecimento, idarea)))
          throw naoEncontrado(M.areaNaoEncontrada);
        return {
          resultado: undefined,
          entidade: 'area',
          identidade: idarea,
          acao: 'excluir',
          dados: presentArea(row),
        };
      });
    },

    taxas: (id: number) => taxas(db, id),

    criarTaxa(a: Autor, v: TaxaBairroInput): Promise<TaxaBairroPainel> {
      return escrever(a, async (trx) => {
        if (await repo.taxaRepetida(trx, a.idestabelecimento, v.bairro, v.cidade, v.uf))
          throw campo('bairro', M.bairroRepetido);
        const idtaxa = await repo.insertTaxa(trx, a.idestabelecimento, v);
        const [t] = await taxas(trx, a.idestabelecimento, idtaxa);
        return { resultado: t!, entidade: 'taxa_bairro', identidade: idtaxa, acao: 'criar', dados: v };
      });
    },

    mudarTaxa(a: Autor, idtaxa: number, v: TaxaBairroInput): Promise<TaxaBairroPainel> {
      return escrever(a, async (trx) => {
        if ((await taxas(trx, a.idestabelecimento, idtaxa)).length === 0)
          throw naoEncontrado(M.taxaNaoEncontrada);
        if (await repo.taxaRepetida(trx, a.idestabelecimento, v.bairro, v.cidade, v.uf, idtaxa))
          throw campo('bairro', M.bairroRepetido);
        await repo.updateTaxa(trx, a.idestabelecimento, idtaxa, v);
        const [t] = await taxas(trx, a.idestabelecimento, idtaxa);
        return { resultado: t!, entidade: 'taxa_bairro', identidade: idtaxa, acao: 'alterar', dados: v };
      });
    },

    excluirTaxa(a: Autor, idtaxa: number): Promise<void> {
      return escrever(a, async (trx) => {
        const [t] = await taxas(trx, a.idestabelecimento, idtaxa);
        if (!t) throw naoEncontrado(M.taxaNaoEncontrada);
        await repo.deleteTaxa(trx, a.idestabelecimento, idtaxa);
        return {
          resultado: undefined,
          entidade: 'taxa_bairro',
          identidade: idtaxa,
          acao: 'excluir',
          dados: t,
        };
      });
    },

    // --- payment methods -------------------------------------------------------------------

    formas: (id: number) => formas(db, id),

    mudarFormas(a: Autor, v: FormasPgtoInput): Promise<FormasPgtoPainel> {
      return escrever(a, async (trx) => {
        const atuais = new Set((await repo.formas(trx, a.idestabelecimento)).map((f) => f.idformapgto));
        const mantidas = new Set<number>();
        for (const [i, f] of v.formas.entries()) {
          if (typeof f.idformapgto === 'number') {
            if (!atuais.has(f.idformapgto)) throw campo(`formas.${i}.idformapgto`, M.formaNaoEncontrada);
            mantidas.add(f.idformapgto);
            await repo.updateForma(trx, a.idestabelecimento, f.idformapgto, gravada(f));
          }
        }
        await repo.deleteFormas(
          trx,
          a.idestabelecimento,
          [...atuais].filter((x) => !mantidas.has(x)),
        );
        for (const f of v.formas) {
          if (typeof f.idformapgto !== 'number') await repo.insertForma(trx, a.idestabelecimento, gravada(f));
        }
        return { resultado: undefined, entidade: 'formas_pgto', identidade: null, acao: 'alterar', dados: v };
      }).then(() => formas(db, a.idestabelecimento));
    },

    // --- menu ------------------------------------------------------------------------------

    async cardapio(id: number): Promise<CardapioPainel> {
      const e = await repo.estabelecimento(db, id);
      if (!e) throw naoEncontrado(M.estabelecimentoNaoEncontrado);
      const [categorias, produtos, links, grupos] = await Promise.all([
        repo.categorias(db, id),
        repo.produtos(db, id),
        repo.links(db, id),
        repo.grupos(db, id),
      ]);
      const opcoes = await repo.opcoes(
        db,
        grupos.map((g) => g.idgrupoopcao),
      );
      const linksPorProduto = new Map<number, number[]>();
      const produtosPorGrupo = new Map<number, number[]>();
      for (const l of links) {
        (linksPorProduto.get(l.idproduto) ?? linksPorProduto.set(l.idproduto, []).get(l.idproduto)!).push(
          l.idgrupoopcao,
        );
        (
          produtosPorGrupo.get(l.idgrupoopcao) ??
          produtosPorGrupo.set(l.idgrupoopcao, []).get(l.idgrupoopcao)!
        ).push(l.idproduto);
      }
      const opcoesPorGrupo = new Map<number, OpcaoRow[]>();
      for (const o of opcoes) {
        (
          opcoesPorGrupo.get(o.idgrupoopcao) ?? opcoesPorGrupo.set(o.idgrupoopcao, []).get(o.idgrupoopcao)!
        ).push(o);
      }
      return {
        menu_versao: e.menu_versao,
        categorias: categorias.map((c) => ({
          ...c,
          produtos: produtos
            .filter((p) => p.idgrupo === c.idgrupo)
            .map((p) => ({
              idproduto: p.idproduto,
              idgrupo: p.idgrupo,
              descricao: p.descricao,
              detalhe: p.detalhe,
              imagem: p.imagem,
              preco: p.preco,
              precooferta: p.precooferta,
              stindisponivel: p.stindisponivel,
              ordem: p.ordem,
              grupoopcoes: linksPorProduto.get(p.idproduto) ?? [],
            })),
        })),
        gruposopcao: grupos.map((g) =>
          presentGrupo(
            g,
            opcoesPorGrupo.get(g.idgrupoopcao) ?? [],
            [...new Set(produtosPorGrupo.get(g.idgrupoopcao) ?? [])].sort((x, y) => x - y),
          ),
        ),
      };
    },

    criarCategoria(a: Autor, descricao: string): Promise<CategoriaPainel> {
      return escrever(a, async (trx) => {
        const idgrupo = await repo.insertCategoria(trx, a.idestabelecimento, descricao);
        const c = await repo.categoria(trx, a.idestabelecimento, idgrupo);
        return {
          resultado: c!,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'criar',
          dados: { descricao },
        };
      });
    },

    mudarCategoria(a: Autor, idgrupo: number, descricao: string): Promise<CategoriaPainel> {
      return escrever(a, async (trx) => {
        if (!(await repo.updateCategoria(trx, a.idestabelecimento, idgrupo, descricao)))
          throw naoEncontrado(M.categoriaNaoEncontrada);
        const c = await repo.categoria(trx, a.idestabelecimento, idgrupo);
        return {
          resultado: c!,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'alterar',
          dados: { descricao },
        };
      });
    },

    excluirCategoria(a: Autor, idgrupo: number): Promise<void> {
      return escrever(a, async (trx) => {
        const c = await repo.categoria(trx, a.idestabelecimento, idgrupo);
        if (!c) throw naoEncontrado(M.categoriaNaoEncontrada);
        // Never cascade a whole category of products away by one click.
        if ((await repo.produtos(trx, a.idestabelecimento, idgrupo)).length > 0)
          throw conflito(M.categoriaComProdutos);
        await repo.deleteCategoria(trx, a.idestabelecimento, idgrupo);
        return {
          resultado: undefined,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'excluir',
          dados: c,
        };
      });
    },

    ordenarCategorias(a: Autor, ids: readonly number[]): Promise<void> {
      return escrever(a, async (trx) => {
        mesmaLista(
          (await repo.categorias(trx, a.idestabelecimento)).map((c) => c.idgrupo),
          ids,
        );
        await repo.setOrdemCategorias(trx, a.idestabelecimento, ids);
        return {
          resultado: undefined,
          entidade: 'categoria',
          identidade: null,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    ordenarProdutos(a: Autor, idgrupo: number, ids: readonly number[]): Promise<void> {
      return escrever(a, async (trx) => {
        if (!(await repo.categoria(trx, a.idestabelecimento, idgrupo)))
          throw naoEncontrado(M.categoriaNaoEncontrada);
        mesmaLista(
          (await repo.produtos(trx, a.idestabelecimento, idgrupo)).map((p) => p.idproduto),
          ids,
        );
        await repo.setOrdemProdutos(trx, a.idestabelecimento, ids);
        return {
          resultado: undefined,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    produto: (id: number, idproduto: number) => produto(db, id, idproduto),

    criarProduto(a: Autor, v: ProdutoInput): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        if (!(await repo.categoria(trx, id, v.idgrupo))) throw campo('idgrupo', M.categoriaNaoEncontrada);
        const grupos = v.grupoopcoes ?? [];
        await verificarLinks(trx, id, grupos, 'grupoopcoes');
        const idproduto = await repo.insertProduto(trx, {
          idestabelecimento: id,
          idgrupo: v.idgrupo,
          descricao: v.descricao,
          detalhe: v.detalhe ?? null,
          imagem: null,
          preco: v.preco,
          precooferta: v.precooferta ?? 0,
          stindisponivel: v.stindisponivel ?? 0,
          quantidade: 0,
          observacoes: null,
          ordem: await repo.proximaOrdemProduto(trx, id, v.idgrupo),
        });
        await repo.replaceLinks(trx, idproduto, grupos);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'criar',
          dados: v,
        };
      });
    },

    mudarProduto(a: Autor, idproduto: number, v: ProdutoInput): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const atual = await repo.produto(trx, id, idproduto);
        if (!atual) throw naoEncontrado(M.produtoNaoEncontrado);
        if (!(await repo.categoria(trx, id, v.idgrupo))) throw campo('idgrupo', M.categoriaNaoEncontrada);
        if (v.grupoopcoes) await verificarLinks(trx, id, v.grupoopcoes, 'grupoopcoes');
        await repo.updateProduto(trx, id, idproduto, {
          idgrupo: v.idgrupo,
          descricao: v.descricao,
          ...(v.detalhe !== undefined ? { detalhe: v.detalhe } : {}),
          preco: v.preco,
          ...(v.precooferta !== undefined ? { precooferta: v.precooferta } : {}),
          ...(v.stindisponivel !== undefined ? { stindisponivel: v.stindisponivel } : {}),
          // Moved to another category: at its end.
          ...(v.idgrupo !== atual.idgrupo
            ? { ordem: await repo.proximaOrdemProduto(trx, id, v.idgrupo) }
            : {}),
        });
        if ((v.precooferta ?? atual.precooferta) >= v.preco && (v.precooferta ?? atual.precooferta) > 0) {
          throw campo('precooferta', M.ofertaAcimaDoPreco);
        }
        if (v.grupoopcoes) await repo.replaceLinks(trx, idproduto, v.grupoopcoes);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'alterar',
          dados: v,
        };
      });
    },

    excluirProduto(a: Autor, idproduto: number): Promise<void> {
      return escrever(a, async (trx) => {
        // Past orders keep their own copy (pedido.pedido_json): nothing references the row.
        const p = await produto(trx, a.idestabelecimento, idproduto);
        await repo.deleteProduto(trx, a.idestabelecimento, idproduto);
        return {
          resultado: undefined,
          entidade: 'produto',
          identidade: idproduto,
          acao: 'excluir',
          dados: p,
        };
      });
    },

    duplicarProduto(a: Autor, idproduto: number): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await repo.produto(trx, id, idproduto);
        if (!p) throw naoEncontrado(M.produtoNaoEncontrado);
        const links = await repo.links(trx, id, idproduto);
        await repo.abrirOrdemProduto(trx, id, p.idgrupo, p.ordem);
        const sufixo = ' (cópia)';
        const novo = await repo.insertProduto(trx, {
          idestabelecimento: id,
          idgrupo: p.idgrupo,
          descricao: p.descricao.slice(0, 120 - sufixo.length) + sufixo,
          detalhe: p.detalhe,
          imagem: p.imagem,
          preco: p.preco,
          precooferta: p.precooferta,
          stindisponivel: p.stindisponivel,
          quantidade: p.quantidade,
          observacoes: p.observacoes,
          ordem: p.ordem + 1,
        });
        // The copy shares the option groups (one change shows in both), as the spec's reuse.
        await repo.replaceLinks(
          trx,
          novo,
          links.map((l) => l.idgrupoopcao),
        );
        return {
          resultado: await produto(trx, id, novo),
          entidade: 'produto',
          identidade: novo,
          acao: 'duplicar',
          dados: { de: idproduto },
        };
      });
    },

    vincularGrupo(a: Autor, idproduto: number, v: VincularGrupoInput): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await produto(trx, id, idproduto);
        if (p.grupoopcoes.includes(v.idgrupoopcao)) throw campo('idgrupoopcao', M.grupoJaNoProduto);
        await verificarLinks(trx, id, [v.idgrupoopcao], 'idgrupoopcao');
        const lista = [...p.grupoopcoes];
        lista.splice(Math.min(v.posicao ?? lista.length, lista.length), 0, v.idgrupoopcao);
        await repo.replaceLinks(trx, idproduto, lista);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'vincular',
          dados: v,
        };
      });
    },

    desvincularGrupo(a: Autor, idproduto: number, idgrupoopcao: number): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await produto(trx, id, idproduto);
        if (!p.grupoopcoes.includes(idgrupoopcao)) throw naoEncontrado(M.grupoNaoEncontrado);
        await repo.replaceLinks(
          trx,
          idproduto,
          p.grupoopcoes.filter((g) => g !== idgrupoopcao),
        );
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'desvincular',
          dados: { idgrupoopcao },
        };
      });
    },

    ordenarGruposDoProduto(a: Autor, idproduto: number, ids: readonly number[]): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await produto(trx, id, idproduto);
        mesmaLista(p.grupoopcoes, ids);
        await repo.replaceLinks(trx, idproduto, ids);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    grupo: (id: number, idgrupoopcao: number) => grupo(db, id, idgrupoopcao),

    criarGrupo(a: Autor, v: GrupoOpcaoInput): Promise<GrupoOpcaoPainel> {
      return escrever(a, async (trx) => {
        const idg = await repo.insertGrupo(trx, {
          ...grupoValues(v),
          idestabelecimento: a.idestabelecimento,
        });
        return {
          resultado: await grupo(trx, a.idestabelecimento, idg),
          entidade: 'grupo_opcao',
          identidade: idg,
          acao: 'criar',
          dados: v,
        };
      });
    },

    mudarGrupo(a: Autor, idgrupoopcao: number, v: GrupoOpcaoInput): Promise<GrupoOpcaoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        await grupoRow(trx, id, idgrupoopcao);
        const values = { ...grupoValues(v), idestabelecimento: id };
        await repo.updateGrupo(trx, idgrupoopcao, values);
        // Options that only a group with quantities allows: the change of 'multiplo' is refused.
        await verificarGrupo(trx, { idgrupoopcao, ...values }, await repo.opcoes(trx, [idgrupoopcao]), {
          qtdpadrao: 'multiplo',
          qtdmax: 'multiplo',
        });
        return {
          resultado: await grupo(trx, id, idgrupoopcao),
          entidade: 'grupo_opcao',
          identidade: idgrupoopcao,
          acao: 'alterar',
          dados: v,
        };
      });
    },

    excluirGrupo(a: Autor, idgrupoopcao: number): Promise<void> {
      return escrever(a, async (trx) => {
        const g = await grupo(trx, a.idestabelecimento, idgrupoopcao);
        // Links and options go with it (ON DELETE CASCADE); past orders keep their own copy.
        await repo.deleteGrupo(trx, idgrupoopcao);
        return {
          resultado: undefined,
          entidade: 'grupo_opcao',
          identidade: idgrupoopcao,
          acao: 'excluir',
          dados: { ...g, opcoes: g.opcoes.length },
        };
      });
    },

    criarOpcao(a: Autor, idgrupoopcao: number, v: OpcaoInput): Promise<OpcaoPainel> {
      return escrever(a, async (trx) => {
        const g = await grupoRow(trx, a.idestabelecimento, idgrupoopcao);
        const values = opcaoValues(v);
        await verificarGrupo(trx, g, [...(await repo.opcoes(trx, [idgrupoopcao])), values]);
        const idopcao = await repo.insertOpcao(trx, {
          ...values,
          idgrupoopcao,
          quantidade: 0,
          ordem: await repo.proximaOrdemOpcao(trx, idgrupoopcao),
        });
        return {
          resultado: presentOpcao((await repo.opcao(trx, idopcao))!),
          entidade: 'opcao',
          identidade: idopcao,
          acao: 'criar',
          dados: v,
        };
      });
    },

    mudarOpcao(a: Autor, idopcao: number, v: OpcaoInput): Promise<OpcaoPainel> {
      return escrever(a, async (trx) => {
        const o = await opcaoRow(trx, a.idestabelecimento, idopcao);
        const g = await grupoRow(trx, a.idestabelecimento, o.idgrupoopcao);
        await repo.updateOpcao(trx, idopcao, opcaoValues(v));
        await verificarGrupo(trx, g, await repo.opcoes(trx, [o.idgrupoopcao]), {
          stprecopraticado: 'stindisponivel',
        });
        return {
          resultado: presentOpcao((await repo.opcao(trx, idopcao))!),
          entidade: 'opcao',
          identidade: idopcao,
          acao: 'alterar',
          dados: v,
        };
      });
    },

    excluirOpcao(a: Autor, idopcao: number): Promise<void> {
      return escrever(a, async (trx) => {
        const o = await opcaoRow(trx, a.idestabelecimento, idopcao);
        const g = await grupoRow(trx, a.idestabelecimento, o.idgrupoopcao);
        await repo.deleteOpcao(trx, idopcao);
        const resto = await repo.opcoes(trx, [o.idgrupoopcao]);
        const kit = problemasGrupo(
          {
            multiplo: g.multiplo !== 0,
            qtdmultiplomin: g.qtdmultiplomin,
            stprecopraticado: g.stprecopraticado as 0,
          },
          resto,
        ).find((p) => incompleto(p.msg));
        if (kit && (await repo.produtosDoGrupo(trx, g.idgrupoopcao)).length > 0) throw conflito(kit.msg);
        return {
          resultado: undefined,
          entidade: 'opcao',
          identidade: idopcao,
          acao: 'excluir',
          dados: presentOpcao(o),
        };
      });
    },

    ordenarOpcoes(a: Autor, idgrupoopcao: number, ids: readonly number[]): Promise<void> {
      return escrever(a, async (trx) => {
        await grupoRow(trx, a.idestabelecimento, idgrupoopcao);
        mesmaLista(
          (await repo.opcoes(trx, [idgrupoopcao])).map((o) => o.idopcao),
          ids,
        );
        await repo.setOrdemOpcoes(trx, idgrupoopcao, ids);
        return {
          resultado: undefined,
          entidade: 'grupo_opcao',
          identidade: idgrupoopcao,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    /**
     * A product's photo: checked and re-encoded (images.ts) and stored before the transaction (slow
     * work outside it); the product then points at it, with the usual version move and event.
     */
    async definirImagem(a: Autor, idproduto: number, bytes: Buffer): Promise<ProdutoPainel> {
      await produto(db, a.idestabelecimento, idproduto);
      if (!opts.midia) throw new HttpError(503, { detail: M.imagemInvalida });
      const { foto, miniatura } = await gravarImagemProduto(opts.midia, bytes);
      return escrever(a, async (trx) => {
        await produto(trx, a.idestabelecimento, idproduto);
        await repo.updateProduto(trx, a.idestabelecimento, idproduto, { imagem: foto });
        return {
          resultado: await produto(trx, a.idestabelecimento, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'imagem',
          dados: { imagem: foto, miniatura },
        };
      });
    },

    removerImagem(a: Autor, idproduto: number): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        await produto(trx, a.idestabelecimento, idproduto);
        await repo.updateProduto(trx, a.idestabelecimento, idproduto, { imagem: null });
        return {
          resultado: await produto(trx, a.idestabelecimento, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'imagem',
          dados: { imagem: null },
        };
      });
    },

    // --- coupons ---------------------------------------------------------------------------

    cupons: (id: number) => cupons(db, id),

    criarCupom(a: Autor, v: CupomInput): Promise<CupomPainel> {
      return escrever(a, async (trx) => {
        if (await repo.cupomRepetido(trx, a.idestabelecimento, v.codigo))
          throw campo('codigo', M.cupomRepetido);
        const idcupom = await repo.insertCupom(trx, {
          ...cupomValues(v),
          idestabelecimento: a.idestabelecimento,
          criado_em: new Date().toISOString(),
        });
        const [c] = await cupons(trx, a.idestabelecimento, idcupom);
        return { resultado: c!, entidade: 'cupom', identidade: idcupom, acao: 'criar', dados: v };
      });
    },

    mudarCupom(a: Autor, idcupom: number, v: CupomInput): Promise<CupomPainel> {
      return escrever(a, async (trx) => {
        if ((await cupons(trx, a.idestabelecimento, idcupom)).length === 0)
          throw naoEncontrado(M.cupomNaoEncontrado);
        if (await repo.cupomRepetido(trx, a.idestabelecimento, v.codigo, idcupom))
          throw campo('codigo', M.cupomRepetido);
        await repo.updateCupom(trx, a.idestabelecimento, idcupom, cupomValues(v));
        const [c] = await cupons(trx, a.idestabelecimento, idcupom);
        return { resultado: c!, entidade: 'cupom', identidade: idcupom, acao: 'alterar', dados: v };
      });
    },

    /** Deletes an unused coupon (undefined); a used one is deactivated instead, keeping its uses (the coupon). */
    excluirCupom(a: Autor, idcupom: number): Promise<CupomPainel | undefined> {
      return escrever(a, async (trx) => {
        const [c] = await cupons(trx, a.idestabelecimento, idcupom);
        if (!c) throw naoEncontrado(M.cupomNaoEncontrado);
        if (c.usos > 0) {
          // Its uses count for the per-customer limits and the reports: deactivate, never erase.
          await repo.updateCupom(trx, a.idestabelecimento, idcupom, { ativo: 0 });
          const [d] = await cupons(trx, a.idestabelecimento, idcupom);
          return {
            resultado: d,
            entidade: 'cupom',
            identidade: idcupom,
            acao: 'desativar',
            dados: { codigo: c.codigo },
          };
        }
        await repo.deleteCupom(trx, a.idestabelecimento, idcupom);
        return { resultado: undefined, entidade: 'cupom', identidade: idcupom, acao: 'excluir', dados: c };
      });
    },

    // --- audit -----------------------------------------------------------------------------

    async auditoria(id: number, antes: number | undefined): Promise<Auditoria> {
      const limite = 50;
      const rows = await repo.auditoria(db, id, antes, limite + 1);
      const itens = rows.slice(0, limite).map((r) => {
        let dados: unknown;
        try {
          dados = JSON.parse(r.dados);
        } catch {
          dados = null;
        }
        return { ...r, funcionario: r.funcionario ?? null, dados };
      });
      return { itens, proximo: rows.length > limite ? (itens[itens.length - 1]?.id ?? null) : null };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
