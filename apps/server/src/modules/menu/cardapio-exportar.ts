import { toGrupoOpcao, toOpcao, type GrupoOpcao } from '@rango/domain';
import { FORMATO_CARDAPIO, MSG_CATALOGO, cardapioParaCsvEmPassos } from '@rango/domain/painel/catalogo';
import type { CardapioArquivo } from '@rango/domain/painel/catalogo';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { existeEstabelecimento } from '../establishments/service.ts';
import { emFatias } from './fatias.ts';
import { cardapioPainelRepository as repo } from './painel-repository.ts';
import { loadMenu } from './service.ts';

/** The establishment's whole menu as the import/export file (JSON shape; CSV is made from it). */
export async function exportarCardapio(db: Db, id: number): Promise<CardapioArquivo> {
  if (!(await existeEstabelecimento(db, id))) {
    throw new HttpError(404, { detail: MSG_CATALOGO.estabelecimentoNaoEncontrado });
  }
  const menu = await loadMenu(db, id);
  const usados = new Set(
    menu.grupos.flatMap((c) => c.produtos.flatMap((p) => p.grupoopcoes.map((g) => g.idgrupoopcao))),
  );
  const avulsosRows = (await repo.grupos(db, id)).filter((g) => !usados.has(g.idgrupoopcao));
  const opcoes = await repo.opcoes(
    db,
    avulsosRows.map((g) => g.idgrupoopcao),
  );
  const avulsos: GrupoOpcao[] = avulsosRows.map((g) =>
    toGrupoOpcao(g, opcoes.filter((o) => o.idgrupoopcao === g.idgrupoopcao).map(toOpcao)),
  );
  return {
    formato: FORMATO_CARDAPIO,
    versao: 1,
    grupos: menu.grupos,
    ...(avulsos.length > 0 ? { gruposopcao_avulsos: avulsos } : {}),
  };
}

/** The menu as the CSV file (cardapioParaCsv), written in slices. */
export async function exportarCsv(db: Db, id: number): Promise<string> {
  const arquivo = await exportarCardapio(db, id);
  return emFatias(cardapioParaCsvEmPassos(arquivo));
}
