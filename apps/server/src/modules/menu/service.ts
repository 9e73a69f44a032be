import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { menuSchema, toGrupoOpcao, toOpcao, toProduto } from '@rango/domain';
import type { GrupoOpcao, Menu, Opcao, Produto } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { conform } from '../../http/contract.ts';
import { menuRepository as repo } from './repository.ts';

/** One establishment's menu, serialised once per menu_versao. */
export interface CachedMenu {
  versao: number;
  /** The JSON, validated against menuSchema when built. */
  body: Buffer;
  /** Weak: the gzip and brotli bodies are the same representation, encoded. */
  etag: string;
  gzip: Buffer;
  br: Buffer;
  /**
   * Every product of the menu by idproduto (hidden and unavailable ones too), in the wire shape
   * the pricing engine reads: order placement re-prices from it without reading a table.
   * Shared: never mutate.
   */
  produtos: ReadonlyMap<number, Produto>;
}

/**
 * Reads the menu tables and presents them in the wire shape (product money in reais, options in
 * cents) through the domain's one conversion (cardapio-cliente.ts), the panel's preview's too.
 */
export async function loadMenu(db: Db, idestabelecimento: number): Promise<Menu> {
  const [grupos, produtos, gruposOpcao, opcoes] = await Promise.all([
    repo.listGrupos(db, idestabelecimento),
    repo.listProdutos(db, idestabelecimento),
    repo.listGruposOpcao(db, idestabelecimento),
    repo.listOpcoes(db, idestabelecimento),
  ]);
  // The rows come in order (repository): each list keeps it.
  const opcoesPorGrupo = new Map<number, Opcao[]>();
  for (const o of opcoes) {
    const lista = opcoesPorGrupo.get(o.idgrupoopcao) ?? [];
    lista.push(toOpcao(o));
    opcoesPorGrupo.set(o.idgrupoopcao, lista);
  }
  const gruposPorProduto = new Map<number, GrupoOpcao[]>();
  for (const g of gruposOpcao) {
    const lista = gruposPorProduto.get(g.idproduto) ?? [];
    lista.push(toGrupoOpcao(g, opcoesPorGrupo.get(g.idgrupoopcao) ?? []));
    gruposPorProduto.set(g.idproduto, lista);
  }
  const produtosPorGrupo = new Map<number, Produto[]>();
  for (const p of produtos) {
    const lista = produtosPorGrupo.get(p.idgrupo) ?? [];
    lista.push(toProduto(p, gruposPorProduto.get(p.idproduto) ?? []));
    produtosPorGrupo.set(p.idgrupo, lista);
  }
  // Every product and option is sent, unavailable (1) and hidden (2) too: the app applies the
  // availability rules and the order check refuses them.
  return {
    grupos: grupos.map((g) => ({
      idgrupo: g.idgrupo,
      descricao: g.descricao,
      produtos: produtosPorGrupo.get(g.idgrupo) ?? [],
    })),
  };
}

function buildCached(menu: Menu, versao: number): CachedMenu {
  // Validated once here, not per request: the hot path serves these bytes as they are.
  const checked = conform(menuSchema, menu, 'menu');
  const body = Buffer.from(JSON.stringify(checked));
  const produtos = new Map<number, Produto>();
  for (const g of checked.grupos) for (const p of g.produtos) produtos.set(p.idproduto, p);
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  return {
    versao,
    body,
    etag: `W/"${hash}"`,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    produtos,
  };
}

/**
 * The menu cache. Invalidation across several instances on one PostgreSQL: every request reads
 * the establishment's menu_versao (one primary-key lookup) and rebuilds when it moved, so a write
 * made through any instance shows on the next request everywhere. We chose this over "check at
 * most once per second" because it leaves no staleness window and the lookup is cheap next to
 * sending the menu: on SQLite it is a statement prepared once and read synchronously (a few
 * microseconds); on PostgreSQL requests that arrive while a lookup for the same establishment is
 * in flight share it, so under load the database sees far fewer reads than requests (the price:
 * a write landing during that one round trip shows a request later).
 */
export function createMenuService(db: Db) {
  const cache = new Map<number, CachedMenu>();
  const versionLookups = new Map<number, Promise<number | undefined>>();
  const builds = new Map<number, Promise<CachedMenu>>();

  function currentVersion(id: number): number | undefined | Promise<number | undefined> {
    const now = repo.getMenuVersionNow(db, id);
    if (now !== undefined) return now.versao;
    let lookup = versionLookups.get(id);
    if (lookup === undefined) {
      lookup = repo.getMenuVersion(db, id).finally(() => versionLookups.delete(id));
      versionLookups.set(id, lookup);
    }
    return lookup;
  }

  async function build(id: number, versao: number): Promise<CachedMenu> {
    // The version was read before the rows, so the rows are at least that new; a later bump
    // just triggers another rebuild.
    const menu = await loadMenu(db, id);
    const cached = buildCached(menu, versao);
    const atual = cache.get(id);
    if (atual === undefined || atual.versao <= versao) cache.set(id, cached);
    return cached;
  }

  async function get(id: number): Promise<CachedMenu | undefined> {
    const versao = await currentVersion(id);
    if (versao === undefined) return undefined;
    const hit = cache.get(id);
    if (hit !== undefined && hit.versao === versao) return hit;
    let pending = builds.get(id);
    if (pending === undefined) {
      pending = build(id, versao).finally(() => builds.delete(id));
      builds.set(id, pending);
    }
    const built = await pending;
    return built.versao >= versao ? built : build(id, versao);
  }

  return {
    /** The cached menu, or undefined when the establishment does not exist. */
    get,
    /**
     * The establishment's products by idproduto at the current menu_versao (the same cache as the
     * menu), or undefined when the establishment does not exist.
     */
    async produtos(id: number): Promise<ReadonlyMap<number, Produto> | undefined> {
      return (await get(id))?.produtos;
    },
    /**
     * The cached menu when that is known synchronously to be current (SQLite version read, cache
     * at that version), else undefined: the caller then takes the async path (get).
     */
    peek(id: number): CachedMenu | undefined {
      const now = repo.getMenuVersionNow(db, id);
      if (now === undefined || now.versao === undefined) return undefined;
      const hit = cache.get(id);
      return hit !== undefined && hit.versao === now.versao ? hit : undefined;
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
