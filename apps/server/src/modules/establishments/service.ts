import {
  areasEntregaSchema,
  centsToReais,
  estabelecimentoDetalheSchema,
  formasPgtoSchema,
  ladosDaForma,
} from '@rango/domain';
import type { AreaEntrega, EstabelecimentoDetalhe, FormaPgto } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { conform } from '../../http/contract.ts';
import { estabelecimentoNaoEncontrado } from '../../http/errors.ts';
import { dataDeOntem, lojaAbertaAgora } from './loja.ts';
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

async function requireEstabelecimento(db: Db, id: number): Promise<EstabelecimentoRow> {
  const row = await repo.findById(db, id);
  if (!row) throw estabelecimentoNaoEncontrado();
  return row;
}

/** The establishment's reads, presented in the wire shapes (reais) and checked against the contract. */
export function createEstablishmentsService(db: Db) {
  return {
    async getDetalhe(id: number): Promise<EstabelecimentoDetalhe> {
      const e = await requireEstabelecimento(db, id);
      const [fones, horarios, excecoes, taxas, abonos] = await Promise.all([
        repo.listFones(db, id),
        repo.listHorarios(db, id),
        listarExcecoes(db, id, dataDeOntem()),
        repo.listTaxas(db, id),
        repo.listAbonos(db, id),
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
        logo: e.logo,
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
      };
      return conform(estabelecimentoDetalheSchema, detalhe, 'estabelecimento');
    },

    async getFormasPgto(id: number): Promise<FormaPgto[]> {
      await requireEstabelecimento(db, id);
      const rows = await repo.listFormasPgto(db, id);
      // A stored type the contract does not know is left out rather than breaking checkout.
      const formas = rows.filter((r) => FORMAS.has(r.sttipopgto)).map(formaDaLinha);
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
