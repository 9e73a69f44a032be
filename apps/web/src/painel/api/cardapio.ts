/**
 * The menu editor's calls (issue 12): GET …/cardapio/ (categories with their products, and the
 * option groups, reusable across products, in cents) and each write of the back office's
 * contract (@rango/domain/painel catalogo.ts). The paths live here only.
 */
import {
  cardapioPainelSchema,
  categoriaPainelSchema,
  grupoOpcaoPainelSchema,
  opcaoPainelSchema,
  produtoPainelSchema,
  type CardapioPainel,
  type CategoriaInput,
  type GrupoOpcaoInput,
  type OpcaoInput,
  type ProdutoInput,
} from '@rango/domain/painel/catalogo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  estPath,
  painelDelete,
  painelGet,
  painelPost,
  painelPut,
  painelRequest,
  semCorpo,
} from './client.ts';

export const cardapioPaths = {
  cardapio: 'cardapio/',
  categorias: 'categorias/',
  categoria: (id: number) => `categorias/${id}/`,
  categoriasOrdem: 'categorias/ordem/',
  produtosOrdem: (idgrupo: number) => `categorias/${idgrupo}/produtos/ordem/`,
  produtos: 'produtos/',
  produto: (id: number) => `produtos/${id}/`,
  duplicar: (id: number) => `produtos/${id}/duplicar/`,
  grupos: 'grupos-opcao/',
  grupo: (id: number) => `grupos-opcao/${id}/`,
  opcoes: (idgrupo: number) => `grupos-opcao/${idgrupo}/opcoes/`,
  opcao: (idopcao: number) => `opcoes/${idopcao}/`,
  opcoesOrdem: (idgrupo: number) => `grupos-opcao/${idgrupo}/opcoes/ordem/`,
  imagem: (id: number) => `produtos/${id}/imagem/`,
} as const;

export const getCardapio = (idest: number, signal?: AbortSignal): Promise<CardapioPainel> =>
  painelGet(estPath(idest, cardapioPaths.cardapio), cardapioPainelSchema, signal);

export const getCardapioQueryOptions = (idest: number) =>
  queryOptions({
    queryKey: ['painel', idest, 'cardapio'] as const,
    queryFn: ({ signal }) => getCardapio(idest, signal),
  });

export const useCardapio = (idest: number) => useQuery(getCardapioQueryOptions(idest));

const p = estPath;
export const catalogoApi = {
  criarCategoria: (idest: number, b: CategoriaInput) =>
    painelPost(p(idest, cardapioPaths.categorias), b, categoriaPainelSchema),
  renomearCategoria: (idest: number, id: number, b: CategoriaInput) =>
    painelPut(p(idest, cardapioPaths.categoria(id)), b, categoriaPainelSchema),
  excluirCategoria: (idest: number, id: number) => painelDelete(p(idest, cardapioPaths.categoria(id))),
  ordenarCategorias: (idest: number, ids: number[]) =>
    painelPut(p(idest, cardapioPaths.categoriasOrdem), { ids }, semCorpo),
  ordenarProdutos: (idest: number, idgrupo: number, ids: number[]) =>
    painelPut(p(idest, cardapioPaths.produtosOrdem(idgrupo)), { ids }, semCorpo),
  criarProduto: (idest: number, b: ProdutoInput) =>
    painelPost(p(idest, cardapioPaths.produtos), b, produtoPainelSchema),
  salvarProduto: (idest: number, id: number, b: ProdutoInput) =>
    painelPut(p(idest, cardapioPaths.produto(id)), b, produtoPainelSchema),
  excluirProduto: (idest: number, id: number) => painelDelete(p(idest, cardapioPaths.produto(id))),
  duplicarProduto: (idest: number, id: number) =>
    painelPost(p(idest, cardapioPaths.duplicar(id)), {}, produtoPainelSchema),
  criarGrupo: (idest: number, b: GrupoOpcaoInput) =>
    painelPost(p(idest, cardapioPaths.grupos), b, grupoOpcaoPainelSchema),
  salvarGrupo: (idest: number, id: number, b: GrupoOpcaoInput) =>
    painelPut(p(idest, cardapioPaths.grupo(id)), b, grupoOpcaoPainelSchema),
  criarOpcao: (idest: number, idgrupo: number, b: OpcaoInput) =>
    painelPost(p(idest, cardapioPaths.opcoes(idgrupo)), b, opcaoPainelSchema),
  salvarOpcao: (idest: number, idopcao: number, b: OpcaoInput) =>
    painelPut(p(idest, cardapioPaths.opcao(idopcao)), b, opcaoPainelSchema),
  excluirOpcao: (idest: number, idopcao: number) => painelDelete(p(idest, cardapioPaths.opcao(idopcao))),
  ordenarOpcoes: (idest: number, idgrupo: number, ids: number[]) =>
    painelPut(p(idest, cardapioPaths.opcoesOrdem(idgrupo)), { ids }, semCorpo),
  /** The photo's bytes; a type the server would not route as an image goes as bytes all the same. */
  enviarImagem: (idest: number, id: number, foto: File) =>
    painelPut(p(idest, cardapioPaths.imagem(id)), foto, produtoPainelSchema, {
      contentType: foto.type.startsWith('image/') ? foto.type : 'application/octet-stream',
    }),
  removerImagem: (idest: number, id: number) =>
    painelRequest(p(idest, cardapioPaths.imagem(id)), produtoPainelSchema, { method: 'DELETE' }),
};
