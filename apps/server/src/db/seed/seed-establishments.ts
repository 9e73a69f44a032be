import { reaisToCents } from '@rango/domain';
import type { GrupoOpcao } from '@rango/domain';
import { sql } from 'kysely';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { dialectOf } from '../index.ts';
import type { Database } from '../types.ts';
import type { SeedEstablishment } from './types.ts';

export interface SeedOptions {
  /** Establishment 1 gets 00:00–00:00 (24 hours) on every weekday, so the demo works at night. */
  alwaysOpen: boolean;
}

export interface SeedResult {
  seeded: boolean;
  estabelecimentos: number;
}

/** The tables whose ids the seed gives explicitly; PostgreSQL's identity sequences must skip past them. */
const EXPLICIT_IDS = [
  ['estabelecimento', 'id'],
  ['fone', 'id'],
  ['horariofuncionamento', 'id'],
  ['areaentrega', 'idareaentrega'],
  ['taxaentrega', 'id'],
  ['abonotaxaentrega', 'id'],
  ['formapgto', 'idformapgto'],
  ['grupomenu', 'idgrupo'],
  ['produto', 'idproduto'],
  ['grupoopcao', 'idgrupoopcao'],
  ['opcao', 'idopcao'],
] as const;

/** 'HH:MM' or 'HH:MM:SS' → 'HH:MM:SS', the stored form. */
export function toHHMMSS(hora: string): string {
  return hora.length === 5 ? `${hora}:00` : hora;
}

const HORARIO_24H = [0, 1, 2, 3, 4, 5, 6].map((diadasemana) => ({
  diadasemana,
  abertura: '00:00:00',
  fechamento: '00:00:00',
}));

async function insertAll<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
}

async function insertEstablishment(
  trx: Transaction<Database>,
  seed: SeedEstablishment,
  options: SeedOptions,
  gruposOpcaoVistos: Map<number, string>,
): Promise<void> {
  const { detalhe, formaspgto, areasEntrega, menu } = seed;
  const est = detalhe.estabelecimento;
  const id = detalhe.id;
  await trx
    .insertInto('estabelecimento')
    .values({
      id,
      idpessoa: est.id,
      apelidooufantasia: est.apelidooufantasia,
      nomeourazaosocial: est.nomeourazaosocial,
      logo: detalhe.logo,
      logopessoa: est.logo,
      imgpessoa: est.imgpessoa,
      rua: est.endereco.rua,
      numero: est.endereco.numero,
      bairro: est.endereco.bairro,
      complemento: est.endereco.complemento,
      cep: est.endereco.cep,
      cidade: est.endereco.cidade.descricao,
      uf_descricao: est.endereco.cidade.uf.descricao,
      uf_sigla: est.endereco.cidade.uf.sigla,
      lojaaberta: detalhe.lojaaberta ? 1 : 0,
      previsaoentregamin: detalhe.previsaoentregamin,
      previsaoentregamax: detalhe.previsaoentregamax,
      pedidominimo: reaisToCents(detalhe.pedidominimo),
    })
    .execute();

  await insertAll(
    trx,
    'fone',
    est.fone_set.map((f, ordem) => ({ idestabelecimento: id, numero: f.numero, ordem })),
  );

  const horarios = options.alwaysOpen && id === 1 ? HORARIO_24H : detalhe.horariofuncionamento_set;
  await insertAll(
    trx,
    'horariofuncionamento',
    horarios.map((h) => ({
      idestabelecimento: id,
      diadasemana: h.diadasemana,
      abertura: toHHMMSS(h.abertura),
      fechamento: toHHMMSS(h.fechamento),
    })),
  );

  for (const taxa of detalhe.taxaentrega_set) {
    const row = await trx
      .insertInto('taxaentrega')
      .values({
        idestabelecimento: id,
        bairro: taxa.bairro,
        cidade: taxa.cidade,
        uf: taxa.uf,
        valor: reaisToCents(taxa.valor),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertAll(
      trx,
      'abonotaxaentrega',
      taxa.abonotaxaentrega_set.map((a) => ({
        idtaxaentrega: row.id,
        valorminimo: reaisToCents(a.valorminimo),
      })),
    );
  }

  await insertAll(
    trx,
    'formapgto',
    formaspgto.map((f) => ({
      idformapgto: f.idformapgto,
      idestabelecimento: id,
      descricao: f.descricao,
      sttipopgto: f.sttipopgto,
    })),
  );

  await insertAll(
    trx,
    'areaentrega',
    areasEntrega.map((a) => ({
      idareaentrega: a.idareaentrega,
      // The establishment the area is seeded under owns it, whatever the wire copy says.
      idestabelecimento: id,
      center_lat: a.geo_data.center.lat,
      center_lng: a.geo_data.center.lng,
      raio: a.geo_data.radius,
      taxaentrega: a.taxaentrega === null ? null : reaisToCents(a.taxaentrega),
      valorminimo: a.valorminimo === null ? null : reaisToCents(a.valorminimo),
    })),
  );

  await insertAll(
    trx,
    'grupomenu',
    menu.grupos.map((g, ordem) => ({
      idgrupo: g.idgrupo,
      idestabelecimento: id,
      descricao: g.descricao,
      ordem,
    })),
  );
  const produtos = menu.grupos.flatMap((g) => g.produtos.map((p, ordem) => ({ g, p, ordem })));
  await insertAll(
    trx,
    'produto',
    produtos.map(({ g, p, ordem }) => ({
      idproduto: p.idproduto,
      idgrupo: g.idgrupo,
      idestabelecimento: id,
      descricao: p.descricao,
      detalhe: p.detalhe,
      imagem: p.imagem,
      preco: reaisToCents(p.preco),
      precooferta: reaisToCents(p.precooferta),
      stindisponivel: p.stindisponivel,
      quantidade: p.quantidade,
      observacoes: p.observacoes,
      ordem,
    })),
  );

  // A group may be shared by several products (same idgrupoopcao): stored once, linked to each.
  const novosGrupos: GrupoOpcao[] = [];
  for (const { p } of produtos) {
    for (const grupo of p.grupoopcoes) {
      const json = JSON.stringify(grupo);
      const visto = gruposOpcaoVistos.get(grupo.idgrupoopcao);
      if (visto === undefined) {
        gruposOpcaoVistos.set(grupo.idgrupoopcao, json);
        novosGrupos.push(grupo);
      } else if (visto !== json) {
        throw new Error(`Seed: grupo de opções ${grupo.idgrupoopcao} repetido com conteúdo diferente.`);
      }
    }
  }
  await insertAll(
    trx,
    'grupoopcao',
    novosGrupos.map((g) => ({
      idgrupoopcao: g.idgrupoopcao,
      descricao: g.descricao,
      multiplo: g.multiplo ? 1 : 0,
      qtdinclusa: g.qtdinclusa,
      qtdmultiplomin: g.qtdmultiplomin,
      qtdmultiplomax: g.qtdmultiplomax,
      stprecopraticado: g.stprecopraticado,
      stnegagrupoopcao: g.stnegagrupoopcao,
      stindisponivel: g.stindisponivel,
    })),
  );
  await insertAll(
    trx,
    'produto_grupoopcao',
    produtos.flatMap(({ p }) =>
      p.grupoopcoes.map((g, ordem) => ({ idproduto: p.idproduto, idgrupoopcao: g.idgrupoopcao, ordem })),
    ),
  );
  await insertAll(
    trx,
    'opcao',
    novosGrupos.flatMap((g) =>
      g.opcoes.map((o, ordem) => ({
        idopcao: o.idopcao,
        idgrupoopcao: g.idgrupoopcao,
        descricao: o.descricao,
        detalhe: o.detalhe,
        quantidade: o.quantidade,
        qtdpadrao: o.qtdpadrao,
        qtdmax: o.qtdmax,
        // Option money is already cents on the wire.
        preco: o.preco,
        precooferta: o.precooferta,
        stindisponivel: o.stindisponivel,
        valorafetatudo: o.valorafetatudo,
        valorafetaopcao: o.valorafetaopcao,
        valorafetaproduto: o.valorafetaproduto,
        stpercentualafetaopcao: o.stpercentualafetaopcao,
        stpercentualafetaproduto: o.stpercentualafetaproduto,
        ordem,
      })),
    ),
  );
}

/** PostgreSQL: move each identity sequence past the largest explicit id so later inserts don't collide. */
export async function resetSequences(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const [table, column] of EXPLICIT_IDS) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/**
 * Inserts the establishments in one transaction, only when the establishment table is empty
 * (a second start keeps the data and whatever the operator changed).
 */
export async function seedEstablishments(
  db: Kysely<Database>,
  establishments: readonly SeedEstablishment[],
  options: SeedOptions,
): Promise<SeedResult> {
  const seeded = await db.transaction().execute(async (trx) => {
    // Several instances may start together on one empty PostgreSQL: the first seeds, the others
    // wait here and then find the table filled. (SQLite's write lock does the same per file.)
    if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(7265616)`.execute(trx);
    const existing = await trx.selectFrom('estabelecimento').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const gruposOpcaoVistos = new Map<number, string>();
    for (const seed of establishments) await insertEstablishment(trx, seed, options, gruposOpcaoVistos);
    return true;
  });
  if (seeded) await resetSequences(db);
  return { seeded, estabelecimentos: seeded ? establishments.length : 0 };
}
