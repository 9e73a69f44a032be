import {
  EVENTO,
  areasEntregaSchema,
  centsToReais,
  estabelecimentoDetalheSchema,
  formasPgtoSchema,
  ladosDaForma,
} from '@rango/domain';
import type { AreaEntrega, EstabelecimentoDetalhe, FormaPgto } from '@rango/domain';
import { onlineDisponivel } from '../payments/contas-painel.ts';
import type { Db } from '../../db/index.ts';
import { conform } from '../../http/contract.ts';
import { estabelecimentoNaoEncontrado } from '../../http/errors.ts';
import { avisarEventos, registrarEvento } from '../events/record.ts';
import { dataDeOntem, lojaAbertaAgora } from './loja.ts';
import { caminhoImagem } from './marca-caminhos.ts';
import { marcaRepository } from './marca-repository.ts';
import { establishmentsRepository as repo } from './repository.ts';
import type { EstabelecimentoRow } from './repository.ts';

const FORMAS = new Set([0, 60, 61, 200]);

/**
 * The establishment's dates with their own hours from `desde` ('YYYY-MM-DD') on, by date then
 * opening; a closed date is one row without times. The one read of them: the detail, the panel's
 * store status and the back office's editor all come here.
 */
export function listarExcecoes(db: Db, id: number, desde: string) {
  return repo.listExcecoes(db, id, desde);
}

/**
 * The establishment's weekly hours, by day then opening: the one read of them (the detail, order
 * placement, the panel's store status and the back office's editor).
 */
export function listarHorarios(db: Db, id: number) {
  return repo.listHorarios(db, id);
}

/**
 * For the writes that change what the customer's menu shows (the back office, the panel's
 * availability switches): in the caller's transaction, moves the establishment's menu_versao on,
 * so every instance's menu cache rebuilds on its next request. Answers the new version.
 */
export async function marcarMenuMudado(db: Db, idestabelecimento: number): Promise<number> {
  const versao = await repo.bumpMenuVersion(db, idestabelecimento);
  if (versao === undefined) throw new Error(`Estabelecimento ${idestabelecimento} não encontrado.`);
  return versao;
}

/** Whether the establishment exists, published or not (the owner's back office reads). */
export async function existeEstabelecimento(db: Db, id: number): Promise<boolean> {
  return (await repo.findById(db, id)) !== undefined;
}

/** The establishment's menu_versao (undefined: no such establishment), for the owner's menu. */
export async function versaoDoCardapio(db: Db, id: number): Promise<number | undefined> {
  return (await repo.findById(db, id))?.menu_versao;
}

/** The store's switch as the panel reads it (undefined: no such establishment). */
export function lerLoja(db: Db, id: number) {
  return repo.findLoja(db, id);
}

/**
 * Writes the store's switch and its live event in one transaction (the panel, and the CLI's
 * abrir/fechar, which clear any reopening time). False when there is no such establishment.
 */
export async function mudarLojaNoBanco(
  db: Db,
  idestabelecimento: number,
  aberta: boolean,
  reabrirEm: string | null,
): Promise<boolean> {
  const ok = await db.transaction().execute(async (trx) => {
    if (!(await repo.findLoja(trx, idestabelecimento))) return false;
    await repo.setLoja(trx, idestabelecimento, aberta, aberta ? null : reabrirEm);
    await registrarEvento(trx, {
      idestabelecimento,
      tipo: EVENTO.loja,
      dados: { aberta, reabrir_em: aberta ? null : reabrirEm },
    });
    return true;
  });
  if (ok) avisarEventos(db);
  return ok;
}

/** The panel's settings of the establishment as stored (JSON; null or undefined: none). */
export function lerPainelConfig(db: Db, id: number): Promise<string | null | undefined> {
  return repo.findPainelConfig(db, id);
}

export async function gravarPainelConfig(db: Db, id: number, json: string): Promise<void> {
  await repo.setPainelConfig(db, id, json);
}

/** A stored payment method as the customer and the owner read it: where it is offered, as flags. */
export function formaDaLinha(r: {
  idformapgto: number;
  descricao: string;
  sttipopgto: number;
  na_entrega: number;
  online: number;
}) {
  const lados = ladosDaForma({
    sttipopgto: r.sttipopgto,
    na_entrega: r.na_entrega === 1,
    online: r.online === 1,
  });
  return {
    idformapgto: r.idformapgto,
    descricao: r.descricao,
    sttipopgto: r.sttipopgto,
    na_entrega: lados.naEntrega,
    online: lados.online,
  };
}

/** The customer's side sees only public establishments: one awaiting approval answers 404 too. */
async function requireEstabelecimento(db: Db, id: number): Promise<EstabelecimentoRow> {
  const row = await repo.findPublicado(db, id);
  if (!row) throw estabelecimentoNaoEncontrado();
  return row;
}

/** An establishment awaiting the platform's approval, with its owners (operator's CLI). */
export interface EstabelecimentoPendente {
  id: number;
  apelidooufantasia: string;
  cidade: string;
  uf: string;
  donos: { nome: string; email: string }[];
}

export async function listarPendentes(db: Db): Promise<EstabelecimentoPendente[]> {
  const pendentes = new Map<number, EstabelecimentoPendente>();
  for (const r of await repo.listPendentes(db)) {
    let p = pendentes.get(r.id);
    if (!p) {
      p = { id: r.id, apelidooufantasia: r.apelidooufantasia, cidade: r.cidade, uf: r.uf_sigla, donos: [] };
      pendentes.set(r.id, p);
    }
    if (r.email !== null) p.donos.push({ nome: r.nome ?? '', email: r.email });
  }
  return [...pendentes.values()];
}

/**
 * Publishes an establishment that awaits the platform's approval: from now on its menu, detail
 * and orders answer customers. Its open panels hear a 'loja' event (they read the store's state
 * again, and the notice goes). undefined: no such establishment.
 */
export async function aprovarEstabelecimento(
  db: Db,
  id: number,
): Promise<{ apelidooufantasia: string; jaAprovado: boolean } | undefined> {
  const r = await db.transaction().execute(async (trx) => {
    const e = await repo.findAprovacao(trx, id);
    if (!e) return undefined;
    if (e.aprovado !== 0) return { apelidooufantasia: e.apelidooufantasia, jaAprovado: true };
    await repo.setAprovado(trx, id);
    const aberta = lojaAbertaAgora(e.lojaaberta, e.reabrir_em);
    await registrarEvento(trx, {
      idestabelecimento: id,
      tipo: EVENTO.loja,
      dados: { aberta, reabrir_em: aberta ? null : e.reabrir_em },
    });
    return { apelidooufantasia: e.apelidooufantasia, jaAprovado: false };
  });
  if (r && !r.jaAprovado) avisarEventos(db);
  return r;
}

/**
 * The establishment's 90-day rating figure for its detail (undefined: fewer than 5 ratings).
 * Given by app.ts from modules/avaliacoes, which depends on orders and so on this module.
 */
export type ResumoAvaliacoesPort = (
  idestabelecimento: number,
) => Promise<{ media: number; quantidade: number } | undefined>;

/** The establishment's reads, presented in the wire shapes (reais) and checked against the contract. */
export function createEstablishmentsService(db: Db, resumoAvaliacoes?: ResumoAvaliacoesPort) {
  return {
    async getDetalhe(id: number): Promise<EstabelecimentoDetalhe> {
      const e = await requireEstabelecimento(db, id);
      const [fones, horarios, excecoes, taxas, abonos, avaliacao, marca] = await Promise.all([
        repo.listFones(db, id),
        repo.listHorarios(db, id),
        listarExcecoes(db, id, dataDeOntem()),
        repo.listTaxas(db, id),
        repo.listAbonos(db, id),
        resumoAvaliacoes?.(id),
        marcaRepository.resumo(db, id),
      ]);
      const detalhe: EstabelecimentoDetalhe = {
        id: e.id,
        estabelecimento: {
          id: e.idpessoa,
          apelidooufantasia: e.apelidooufantasia,
          nomeourazaosocial: e.nomeourazaosocial,
          logo: e.logopessoa,
          imgpessoa: e.imgpessoa,
          endereco: {
            rua: e.rua,
            numero: e.numero,
            bairro: e.bairro,
            complemento: e.complemento,
            cep: e.cep,
            cidade: { descricao: e.cidade, uf: { descricao: e.uf_descricao, sigla: e.uf_sigla } },
          },
          fone_set: fones.map((f) => ({ numero: f.numero })),
        },
        horariofuncionamento_set: horarios.map((h) => ({
          diadasemana: h.diadasemana,
          abertura: h.abertura,
          fechamento: h.fechamento,
        })),
        // Ours: holidays and other dates with their own hours (only when there are any).
        ...(excecoes.length > 0 ? { horarioexcecao_set: excecoes } : {}),
        // The panel's pause with its automatic reopening applied (establishments/loja.ts).
        lojaaberta: lojaAbertaAgora(e.lojaaberta, e.reabrir_em),
        previsaoentregamin: e.previsaoentregamin,
        previsaoentregamax: e.previsaoentregamax,
        // The logo the owner set in 'Marca' (issue 23), else the one the data came with.
        logo: marca?.temLogo ? caminhoImagem(id, marca.versao, 'logo') : e.logo,
        pedidominimo: centsToReais(e.pedidominimo),
        taxaentrega_set: taxas.map((t) => ({
          bairro: t.bairro,
          cidade: t.cidade,
          uf: t.uf,
          valor: centsToReais(t.valor),
          abonotaxaentrega_set: abonos
            .filter((a) => a.idtaxaentrega === t.id)
            .map((a) => ({ valorminimo: centsToReais(a.valorminimo) })),
        })),
        ...(avaliacao ? { avaliacao } : {}),
      };
      return conform(estabelecimentoDetalheSchema, detalhe, 'estabelecimento');
    },

    async getFormasPgto(id: number): Promise<FormaPgto[]> {
      await requireEstabelecimento(db, id);
      const rows = await repo.listFormasPgto(db, id);
      // A stored type the contract does not know is left out rather than breaking checkout.
      let formas = rows.filter((r) => FORMAS.has(r.sttipopgto)).map(formaDaLinha);
      // Issue 23: while the establishment's payment account fails, only what is paid on delivery.
      if (!(await onlineDisponivel(db, id))) {
        formas = formas.filter((f) => f.na_entrega).map((f) => ({ ...f, online: false }));
      }
      return conform(formasPgtoSchema, formas, 'formapgto');
    },

    async getAreasEntrega(id: number): Promise<AreaEntrega[]> {
      await requireEstabelecimento(db, id);
      const rows = await repo.listAreasEntrega(db, id);
      const areas: AreaEntrega[] = rows.map((a) => ({
        idareaentrega: a.idareaentrega,
        idestabelecimento: a.idestabelecimento,
        geo_data: { center: { lat: a.center_lat, lng: a.center_lng }, radius: a.raio },
        taxaentrega: a.taxaentrega === null ? null : centsToReais(a.taxaentrega),
        valorminimo: a.valorminimo === null ? null : centsToReais(a.valorminimo),
      }));
      return conform(areasEntregaSchema, areas, 'areas_entrega');
    },
  };
}

export type EstablishmentsService = ReturnType<typeof createEstablishmentsService>;
