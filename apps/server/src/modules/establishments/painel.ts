import { ladosDaForma, wallClock } from '@rango/domain';
import { MSG_CATALOGO as M, problemasExcecoes } from '@rango/domain/painel/catalogo';
import type {
  AreaInput,
  AreaPainel,
  EstabelecimentoConfig,
  EstabelecimentoInput,
  ExcecoesHorario,
  ExcecoesHorarioInput,
  FormasPgtoInput,
  FormasPgtoPainel,
  Horarios,
  HorariosInput,
  TaxaBairroInput,
  TaxaBairroPainel,
} from '@rango/domain/painel/catalogo';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AreaEntregaTable } from '../../db/types.ts';
import { HttpError } from '../../http/errors.ts';
import { registrarAuditoria } from '../audit/service.ts';
import { adicionarDono } from '../staff/equipe.ts';
import { campo, escreverNoCardapio } from './escrita.ts';
import type { Autor, Mudanca } from './escrita.ts';
import { establishmentsRepository as repo } from './repository.ts';
import type { FormaGravada } from './repository.ts';
import { formaDaLinha, listarExcecoes, listarHorarios } from './service.ts';

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

const naoEncontrado = (detail: string): HttpError => new HttpError(404, { detail });
const hhmmss = (h: string): string => (h.length === 5 ? `${h}:00` : h);
const hhmm = (h: string): string => h.slice(0, 5);

const presentArea = (r: Selectable<AreaEntregaTable>): AreaPainel => ({
  idareaentrega: r.idareaentrega,
  lat: r.center_lat,
  lng: r.center_lng,
  raio: r.raio,
  taxaentrega: r.taxaentrega,
  valorminimo: r.valorminimo,
});

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
    ...(v.cnpj === undefined ? {} : { cnpj: v.cnpj }),
    ...(v.email_contato === undefined ? {} : { email_contato: v.email_contato }),
    ...(v.whatsapp === undefined ? {} : { whatsapp: v.whatsapp }),
  };
}

async function estabelecimento(d: Db, id: number): Promise<EstabelecimentoConfig> {
  const e = await repo.findById(d, id);
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
    fones: (await repo.listFones(d, id)).map((f) => f.numero),
    cnpj: e.cnpj ?? null,
    email_contato: e.email_contato ?? null,
    whatsapp: e.whatsapp ?? null,
    pedidominimo: e.pedidominimo,
    previsaoentregamin: e.previsaoentregamin,
    previsaoentregamax: e.previsaoentregamax,
    lat: e.lat ?? null,
    lng: e.lng ?? null,
    menu_versao: e.menu_versao,
  };
}

async function horarios(d: Db, id: number): Promise<Horarios> {
  const rows = await listarHorarios(d, id);
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

async function taxas(d: Db, id: number, idtaxa?: number): Promise<TaxaBairroPainel[]> {
  const rows = await repo.listTaxasComAbono(d, id, idtaxa);
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
  return { formas: (await repo.listFormasPgto(d, id)).map(formaDaLinha) };
}

/**
 * The owner's back office of the store (issue 12): its data and phones, weekly hours, dates with
 * their own hours, delivery areas, neighbourhood fees and payment methods. Every write goes
 * through escreverNoCardapio (version move, 'menu' event and audit row in one transaction).
 */
export function createEstabelecimentoPainelService(
  db: Db,
  opts: {
    /**
     * APROVACAO_ESTABELECIMENTOS: a new establishment waits unpublished for the platform's
     * approval (`estabelecimento-aprovar`); off, it is public at once.
     */
    aprovacao?: boolean | undefined;
  } = {},
) {
  const escrever = <T>(a: Autor, fn: (trx: Db) => Promise<Mudanca<T>>): Promise<T> =>
    escreverNoCardapio(db, a, fn);

  return {
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
          aprovado: opts.aprovacao ? 0 : 1,
          ...estabelecimentoValues(v),
        });
        await repo.replaceFones(trx, novo, v.fones);
        await adicionarDono(trx, idfuncionario, novo, new Date().toISOString());
        await registrarAuditoria(trx, {
          idestabelecimento: novo,
          idfuncionario,
          entidade: 'estabelecimento',
          identidade: novo,
          acao: 'criar',
          dados: v,
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

    areas: async (id: number): Promise<AreaPainel[]> =>
      (await repo.listAreasEntrega(db, id)).map(presentArea),

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
        const row = await repo.findArea(trx, a.idestabelecimento, idarea);
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
        const row = await repo.findArea(trx, a.idestabelecimento, idarea);
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
        const row = await repo.findArea(trx, a.idestabelecimento, idarea);
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
        const atuais = new Set(
          (await repo.listFormasPgto(trx, a.idestabelecimento)).map((f) => f.idformapgto),
        );
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
  };
}

export type EstabelecimentoPainelService = ReturnType<typeof createEstabelecimentoPainelService>;
