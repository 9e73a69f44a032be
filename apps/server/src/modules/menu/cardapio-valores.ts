import { grupoMenuSchema, reaisToCents } from '@rango/domain';
import type { GrupoOpcao, Opcao, Produto } from '@rango/domain';
import { FORMATO_CARDAPIO } from '@rango/domain/painel/catalogo';
import { z } from 'zod/mini';

// The menu file's rows as the import writes them, and the shapes it reads a piece at a time.

/** The values a product row gets from the file (cents); an empty image is none. */
export function produtoValores(p: Produto) {
  return {
    descricao: p.descricao.trim(),
    detalhe: p.detalhe,
    imagem: p.imagem ? p.imagem : null,
    preco: reaisToCents(p.preco),
    precooferta: reaisToCents(p.precooferta),
    stindisponivel: p.stindisponivel,
    quantidade: p.quantidade,
    observacoes: p.observacoes,
  };
}
export function grupoValores(g: GrupoOpcao) {
  return {
    descricao: g.descricao.trim(),
    multiplo: g.multiplo ? 1 : 0,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: g.stprecopraticado,
    stnegagrupoopcao: g.stnegagrupoopcao,
    stindisponivel: g.stindisponivel,
  };
}
export function opcaoValores(o: Opcao) {
  return {
    descricao: o.descricao.trim(),
    detalhe: o.detalhe,
    quantidade: o.quantidade,
    qtdpadrao: o.qtdpadrao,
    qtdmax: o.qtdmax,
    preco: o.preco,
    precooferta: o.precooferta,
    stindisponivel: o.stindisponivel,
    valorafetatudo: o.valorafetatudo,
    valorafetaopcao: o.valorafetaopcao,
    valorafetaproduto: o.valorafetaproduto,
    stpercentualafetaopcao: o.stpercentualafetaopcao,
    stpercentualafetaproduto: o.stpercentualafetaproduto,
  };
}

export const mesmo = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
export const temDuasCasas = (reais: number): boolean =>
  Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6;

// The file read a piece at a time (each product on its own), so a 5 MB file is checked in slices.
export const arquivoTopoSchema = z.object({
  formato: z.literal(FORMATO_CARDAPIO),
  versao: z.literal(1),
  grupos: z.array(z.unknown()),
  gruposopcao_avulsos: z.optional(z.array(z.unknown())),
});
export const categoriaArquivoSchema = z.object({ ...grupoMenuSchema.shape, produtos: z.array(z.unknown()) });

/** At most this many refusals are listed (a file wrong on every row says enough with these). */
export const MAX_ERROS = 200;
