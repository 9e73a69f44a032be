import { createHash } from 'node:crypto';
import { COR_PADRAO, MSG_MARCA, type Marca, type MarcaInput } from '@rango/domain/painel/marca';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { registrarAuditoria } from '../audit/service.ts';
import type { Autor } from './escrita.ts';
import { IMAGENS_MARCA, caminhoImagem, caminhoManifesto, caminhoMenu } from './marca-caminhos.ts';
import type { NomeImagem } from './marca-caminhos.ts';
import { marcaRepository as repo } from './marca-repository.ts';

/**
 * The restaurant's brand (issue 23 part 4): its colour and logo, and the installed app made from
 * them. The colour's contrast is checked by the schema (@rango/domain/painel/marca); the logo is
 * checked and resized in marca-imagens.ts.
 */

/** The installed app's icons, PNG. */
export interface Icones {
  icone_192: Buffer;
  icone_512: Buffer;
  icone_mascara: Buffer;
}

/**
 * Where images are decoded (modules/menu/imagens-marca.ts, with the photos' queue): passed in
 * by app.ts, since the menu module depends on this one.
 */
export interface ImagensMarca {
  /** The upload checked and made into the stored logo (a 400 on `logo` when refused). */
  prepararLogo(bytes: Buffer): Promise<Buffer>;
  gerarIcones(logo: Buffer, cor: string): Promise<Icones>;
  /** The queue's refusal when full (the route answers 503). */
  FilaCheia: new () => Error;
}

/** Names the colour and the logo's bytes: a new one of either makes new icon URLs. */
function versaoDe(cor: string | null, logo: Buffer | null): string {
  const h = createHash('sha256').update(cor ?? '-');
  if (logo) h.update(logo);
  return h.digest('hex').slice(0, 16);
}

export async function lerMarca(db: Db, id: number): Promise<Marca> {
  const m = await repo.resumo(db, id);
  return {
    cor: m?.cor ?? null,
    logo: m?.temLogo ? caminhoImagem(id, m.versao, 'logo') : null,
    manifesto: caminhoManifesto(id),
  };
}

/**
 * The brand as the customer's pages read it (an order's or the checkout's page, opened on the
 * platform's host, whose shell is not the restaurant's): undefined for an establishment the
 * public cannot see. Nothing here is not already public (the manifest, the images).
 */
export async function marcaPublica(db: Db, id: number): Promise<Marca | undefined> {
  if (!(await repo.nomePublico(db, id))) return undefined;
  return lerMarca(db, id);
}

async function registrar(db: Db, a: Autor, acao: string, dados: unknown) {
  await registrarAuditoria(db, {
    idestabelecimento: a.idestabelecimento,
    idfuncionario: a.idfuncionario,
    entidade: 'marca',
    identidade: null,
    acao,
    dados,
  });
}

/** A new colour (null: Rango's own); the maskable icon is made again on it. */
export async function mudarCor(db: Db, img: ImagensMarca, a: Autor, v: MarcaInput): Promise<Marca> {
  const id = a.idestabelecimento;
  const cor = v.cor === null ? null : v.cor.toLowerCase();
  const atual = await repo.logo(db, id);
  const logo = atual?.logo ?? null;
  const icones = logo ? await img.gerarIcones(logo, cor ?? COR_PADRAO) : null;
  await db.transaction().execute(async (trx) => {
    await repo.gravar(trx, {
      idestabelecimento: id,
      cor,
      logo,
      icone_192: icones?.icone_192 ?? null,
      icone_512: icones?.icone_512 ?? null,
      icone_mascara: icones?.icone_mascara ?? null,
      versao: versaoDe(cor, logo),
      atualizado_em: new Date().toISOString(),
    });
    await registrar(trx, a, 'alterar', { cor });
  });
  return lerMarca(db, id);
}

/** A new logo from the uploaded bytes (refused with its reason: 400 on `logo`). */
export async function mudarLogo(db: Db, img: ImagensMarca, a: Autor, bytes: Buffer): Promise<Marca> {
  const id = a.idestabelecimento;
  const logo = await img.prepararLogo(bytes);
  const cor = (await repo.resumo(db, id))?.cor ?? null;
  const icones = await img.gerarIcones(logo, cor ?? COR_PADRAO);
  await db.transaction().execute(async (trx) => {
    await repo.gravar(trx, {
      idestabelecimento: id,
      cor,
      logo,
      ...icones,
      versao: versaoDe(cor, logo),
      atualizado_em: new Date().toISOString(),
    });
    await registrar(trx, a, 'alterar', { logo: `${logo.length} bytes` });
  });
  return lerMarca(db, id);
}

export async function removerLogo(db: Db, a: Autor): Promise<Marca> {
  const id = a.idestabelecimento;
  const cor = (await repo.resumo(db, id))?.cor ?? null;
  await db.transaction().execute(async (trx) => {
    await repo.gravar(trx, {
      idestabelecimento: id,
      cor,
      logo: null,
      icone_192: null,
      icone_512: null,
      icone_mascara: null,
      versao: versaoDe(cor, null),
      atualizado_em: new Date().toISOString(),
    });
    await registrar(trx, a, 'excluir', { logo: null });
  });
  return lerMarca(db, id);
}

/** Rango's generic icons (apps/web/public/icons), for a restaurant without a logo. */
const ICONES_RANGO = [
  { src: '/icons/rango-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/rango-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/rango-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest of an establishment's menu: named after the restaurant, its icons made
 * from its logo (Rango's without one), its colour, opening and staying on its menu. Undefined
 * for an establishment the public cannot see.
 */
export async function manifesto(db: Db, id: number) {
  const e = await repo.nomePublico(db, id);
  if (!e) return undefined;
  const m = await repo.resumo(db, id);
  const nome = (e.apelidooufantasia || e.nomeourazaosocial).trim();
  const cor = m?.cor ?? COR_PADRAO;
  const icones =
    m?.temLogo === true
      ? [
          {
            src: caminhoImagem(id, m.versao, 'icone-192'),
            sizes: '192x192',
            type: 'image/png',
            purpose: 'any',
          },
          {
            src: caminhoImagem(id, m.versao, 'icone-512'),
            sizes: '512x512',
            type: 'image/png',
            purpose: 'any',
          },
          {
            src: caminhoImagem(id, m.versao, 'icone-mascara'),
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ]
      : ICONES_RANGO;
  return {
    // Its own identity: installing one restaurant's app never replaces another's (or Rango's).
    id: caminhoMenu(id),
    name: nome,
    short_name: nome,
    description: `Peça online no ${nome}, com entrega ou retirada.`,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: caminhoMenu(id),
    scope: caminhoMenu(id),
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: cor,
    icons: icones,
  };
}

/**
 * One of the brand's images. `atual`: the URL's version is the current one (its bytes never
 * change under it); an older URL gets the current bytes, to be revalidated.
 */
export async function imagemMarca(
  db: Db,
  id: number,
  versao: string,
  nome: NomeImagem,
): Promise<{ bytes: Buffer; atual: boolean } | undefined> {
  if (!(await repo.nomePublico(db, id))) return undefined;
  const r = await repo.imagem(db, id, IMAGENS_MARCA[nome]);
  const bytes = r?.[IMAGENS_MARCA[nome]];
  if (!r || !Buffer.isBuffer(bytes)) return undefined;
  return { bytes, atual: r.versao === versao };
}

/** The colour the customer's pages of an establishment are drawn in, or null for Rango's own. */
export async function corDoShell(db: Db, id: number): Promise<string | null> {
  return (await repo.resumo(db, id))?.cor ?? null;
}

export const naoEncontrado = (): HttpError =>
  new HttpError(404, { detail: MSG_MARCA.estabelecimentoNaoEncontrado });
