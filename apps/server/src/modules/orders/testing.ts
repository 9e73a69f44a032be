import { randomUUID } from 'node:crypto';
import { itemPedido, menuSchema, novoNumeroPedido, totaisPedido } from '@rango/domain';
import type { CupomValores, PedidoInput, Produto, QuantidadesGrupo } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';

/** Test helpers of the orders suites (not imported by the app). */
export const API = '/api/ead';
export const pedidoUrl = (idestabelecimento: number) =>
  `${API}/api/estabelecimento/${idestabelecimento}/pedido/`;

export interface ClienteTeste {
  id: number;
  token: string;
  headers: { authorization: string };
}

/** A confirmed customer inserted directly, with an access token. */
export async function novoCliente(
  app: FastifyInstance,
  db: Db,
  extra: { nome?: string; telefone?: string } = {},
): Promise<ClienteTeste> {
  const row = await db
    .insertInto('cliente')
    .values({
      uuid: randomUUID(),
      nomeourazaosocial: extra.nome ?? 'Maria Cliente',
      email: `${randomUUID()}@exemplo.com.br`,
      telefone: extra.telefone ?? '11987654321',
      confirmado: 1,
      criado_em: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await app.accessTokens.sign(row.id);
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}

/** A saved address at a given point (no geocoder involved). */
export async function novoEndereco(
  db: Db,
  idcliente: number,
  extra: { lat?: number | null; lng?: number | null; bairro?: string; rua?: string; detalhe?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto('endereco')
    .values({
      idcliente,
      idtipoendereco: 1,
      cep: '01001-000',
      rua: extra.rua ?? 'Praça da Sé',
      numero: '10',
      bairro: extra.bairro ?? 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
      complemento: 'Apto 1',
      detalhe: extra.detalhe ?? null,
      lat: extra.lat === undefined ? -23.5505 : extra.lat,
      lng: extra.lng === undefined ? -46.6333 : extra.lng,
      criado_em: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const HORARIO_24H = [0, 1, 2, 3, 4, 5, 6].map((diadasemana) => ({
  diadasemana,
  abertura: '00:00:00',
  fechamento: '00:00:00',
}));

/** Replaces an establishment's hours (default: open all day, every day). */
export async function definirHorarios(
  db: Db,
  idestabelecimento: number,
  horarios: { diadasemana: number; abertura: string; fechamento: string }[] = HORARIO_24H,
): Promise<void> {
  await db.deleteFrom('horariofuncionamento').where('idestabelecimento', '=', idestabelecimento).execute();
  if (horarios.length > 0) {
    await db
      .insertInto('horariofuncionamento')
      .values(horarios.map((h) => ({ ...h, idestabelecimento })))
      .execute();
  }
}

/**
 * The fixture's big area 40 refuses delivery (no fee) over area 41: give it a fee, so area 41
 * delivers at R$ 4,90 (free from R$ 60,00) and area 40 alone at R$ 7,00.
 */
export async function entregarNaArea41(db: Db): Promise<void> {
  await db.updateTable('areaentrega').set({ taxaentrega: 700 }).where('idareaentrega', '=', 40).execute();
}

/** The establishment's products as the app gets them (the public menu). */
export async function produtosDoMenu(
  app: FastifyInstance,
  idestabelecimento: number,
): Promise<Map<number, Produto>> {
  const res = await app.inject({ url: `${API}/api/estabelecimento/${idestabelecimento}/menu/` });
  const menu = menuSchema.parse(res.json());
  return new Map(menu.grupos.flatMap((g) => g.produtos).map((p) => [p.idproduto, p]));
}

export interface ItemEscolhido {
  produto: number;
  quantidade: number;
  escolhas?: Record<number, QuantidadesGrupo>;
  observacoes?: string;
}

export interface PedidoOpcoes {
  idestabelecimento?: number;
  itens: ItemEscolhido[];
  tipo?: 'DELIVERY' | 'TOGO';
  endereco?: number | null;
  /** The fee before the waiver, in cents (delivery). */
  taxaCents?: number | null;
  abonoCents?: number | null;
  cupom?: (CupomValores & { codigo: string }) | null;
  formapgto?: { id: number; sttipopgto: number; descricao: string };
  troco_para?: number | null;
  entregue_as?: string | null;
  telefone?: string;
  observacoes?: string;
}

export const DINHEIRO = { id: 30, sttipopgto: 0, descricao: 'Dinheiro' };
export const CREDITO = { id: 32, sttipopgto: 60, descricao: 'Crédito' };

/** An order priced the way the app prices it (itemPedido + totaisPedido): the server accepts it. */
export function montarPedido(produtos: ReadonlyMap<number, Produto>, o: PedidoOpcoes): PedidoInput {
  const itens = o.itens.map((i) => {
    const produto = produtos.get(i.produto);
    if (!produto) throw new Error(`produto ${i.produto} não está no menu`);
    return itemPedido(produto, { quantidade: i.quantidade, escolhas: i.escolhas ?? {} }, i.observacoes ?? '');
  });
  const tipo = o.tipo ?? 'TOGO';
  const t = totaisPedido({
    itens,
    taxaCents: tipo === 'DELIVERY' ? (o.taxaCents ?? null) : null,
    abonoCents: tipo === 'DELIVERY' ? (o.abonoCents ?? null) : null,
    cupom: o.cupom ?? null,
  });
  const forma = o.formapgto ?? DINHEIRO;
  return {
    pedido_id: randomUUID(),
    entregue_as: o.entregue_as ?? null,
    ajuste: 0,
    desconto: t.desconto,
    cliente: {
      cpf: null,
      external_id: null,
      nome: 'Maria Cliente',
      telefone: o.telefone ?? '(11) 98765-4321',
      endereco: o.endereco ? { id: o.endereco } : null,
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: o.idestabelecimento ?? 1,
    itens,
    observacoes: o.observacoes ?? '',
    numero_pedido: novoNumeroPedido(),
    origem: 'web',
    pagamentos: [
      {
        cartao: null,
        descricaoFormaPgto: forma.descricao,
        formapgto_id: forma.id,
        formapgto_sttipopgto: forma.sttipopgto,
        pre_pago: false,
        tipo: null,
        troco_para:
          forma.sttipopgto === 0 ? (o.troco_para === undefined ? t.total + 5000 : o.troco_para) : null,
        valor: t.total,
      },
    ],
    previsaoentregamax: 50,
    previsaoentregamin: 30,
    subtotal: t.subtotal,
    taxa_entrega: tipo === 'DELIVERY' ? t.taxa_entrega : null,
    tipo,
    total: t.total,
    endereco_togo: tipo === 'DELIVERY' ? 'Quero encontrar o entregador.' : null,
    codigo_cupom: o.cupom?.codigo ?? null,
    abono_taxa_entrega: tipo === 'DELIVERY' ? (o.abonoCents ?? null) : null,
  };
}

/** Rows of the tables an order writes. */
export async function contagens(db: Db): Promise<{ pedido: number; historico: number; cupomUso: number }> {
  const n = async (table: 'pedido' | 'pedido_historico' | 'cupom_uso') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    pedido: await n('pedido'),
    historico: await n('pedido_historico'),
    cupomUso: await n('cupom_uso'),
  };
}
