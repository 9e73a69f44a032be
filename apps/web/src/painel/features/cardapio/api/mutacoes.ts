/**
 * The menu list's writes, optimistic: the list changes at once and goes back to what it was when
 * the server refuses (the caller says why); the menu is read again after each one either way.
 */
import type { CardapioPainel } from '@rango/domain/painel/catalogo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idTemporario, type Rascunho } from '../lib/rascunho.ts';
import { catalogoApi, getCardapioQueryOptions } from '../../../api/cardapio.ts';

type Aplicar<V> = (c: CardapioPainel, v: V) => CardapioPainel;

function useOtimista<V, R>(idest: number, aplicar: Aplicar<V>, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  const key = getCardapioQueryOptions(idest).queryKey;
  return useMutation({
    mutationFn: fn,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: key });
      const antes = qc.getQueryData(key);
      if (antes) qc.setQueryData(key, aplicar(antes, v));
      return { antes };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.antes) qc.setQueryData(key, ctx.antes);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

const comCategorias = (c: CardapioPainel, categorias: CardapioPainel['categorias']): CardapioPainel => ({
  ...c,
  categorias,
});

export function useCriarCategoria(idest: number) {
  return useOtimista(
    idest,
    (c, descricao: string) =>
      comCategorias(c, [
        ...c.categorias,
        { idgrupo: idTemporario(), descricao, ordem: c.categorias.length, produtos: [] },
      ]),
    (descricao) => catalogoApi.criarCategoria(idest, { descricao }),
  );
}

export function useRenomearCategoria(idest: number) {
  return useOtimista(
    idest,
    (c, v: { idgrupo: number; descricao: string }) =>
      comCategorias(
        c,
        c.categorias.map((x) => (x.idgrupo === v.idgrupo ? { ...x, descricao: v.descricao } : x)),
      ),
    (v) => catalogoApi.renomearCategoria(idest, v.idgrupo, { descricao: v.descricao }),
  );
}

export function useOrdenarCategorias(idest: number) {
  return useOtimista(
    idest,
    (c, ids: number[]) =>
      comCategorias(
        c,
        ids.flatMap((id) => c.categorias.filter((x) => x.idgrupo === id)),
      ),
    (ids) => catalogoApi.ordenarCategorias(idest, ids),
  );
}

export function useExcluirCategoria(idest: number) {
  return useOtimista(
    idest,
    (c, idgrupo: number) =>
      comCategorias(
        c,
        c.categorias.filter((x) => x.idgrupo !== idgrupo),
      ),
    (idgrupo) => catalogoApi.excluirCategoria(idest, idgrupo),
  );
}

export function useOrdenarProdutos(idest: number) {
  return useOtimista(
    idest,
    (c, v: { idgrupo: number; ids: number[] }) =>
      comCategorias(
        c,
        c.categorias.map((x) =>
          x.idgrupo === v.idgrupo
            ? { ...x, produtos: v.ids.flatMap((id) => x.produtos.filter((p) => p.idproduto === id)) }
            : x,
        ),
      ),
    (v) => catalogoApi.ordenarProdutos(idest, v.idgrupo, v.ids),
  );
}

export function useExcluirProduto(idest: number) {
  return useOtimista(
    idest,
    (c, idproduto: number) =>
      comCategorias(
        c,
        c.categorias.map((x) => ({ ...x, produtos: x.produtos.filter((p) => p.idproduto !== idproduto) })),
      ),
    (idproduto) => catalogoApi.excluirProduto(idest, idproduto),
  );
}

export function useDuplicarProduto(idest: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (idproduto: number) => catalogoApi.duplicarProduto(idest, idproduto),
    onSettled: () => qc.invalidateQueries({ queryKey: getCardapioQueryOptions(idest).queryKey }),
  });
}

/**
 * A saved product's draft shown in the list and in every product that shares its groups before
 * the server answers (only what already has a server id: new things appear with the answer).
 */
export function aplicarRascunho(c: CardapioPainel, r: Rascunho): CardapioPainel {
  const p = r.produto;
  return {
    ...c,
    categorias: c.categorias.map((x) => ({
      ...x,
      produtos: x.produtos.map((y) =>
        y.idproduto === p.idproduto && p.idproduto > 0
          ? { ...y, ...p, grupoopcoes: p.grupoopcoes.filter((id) => id > 0) }
          : y,
      ),
    })),
    gruposopcao: c.gruposopcao.map((g) => {
      const novo = r.grupos[g.idgrupoopcao];
      return novo ? { ...novo, opcoes: novo.opcoes.filter((o) => o.idopcao > 0), produtos: g.produtos } : g;
    }),
  };
}
