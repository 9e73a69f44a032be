import { FORMATO_CARDAPIO } from '@rango/domain/painel/catalogo';
import type { CardapioArquivo, EstabelecimentoInput } from '@rango/domain/painel/catalogo';

/** A valid POST /painel/estabelecimentos/ body: a new establishment named `nome`. */
export function novoEstabelecimento(
  nome: string,
  extra: Partial<EstabelecimentoInput> = {},
): EstabelecimentoInput {
  return {
    apelidooufantasia: nome,
    nomeourazaosocial: `${nome} Ltda`,
    endereco: {
      rua: 'Rua Augusta',
      numero: '100',
      bairro: 'Consolação',
      complemento: null,
      cep: '01305-000',
      cidade: 'São Paulo',
      uf: 'SP',
    },
    fones: ['(11) 3333-4444'],
    pedidominimo: 2000,
    previsaoentregamin: 30,
    previsaoentregamax: 50,
    ...extra,
  };
}

/**
 * A menu file at the import's limits (LIMITES_IMPORTACAO): `produtos` products in categories of
 * 10; the first `comGrupo` have their own group of `opcoes` options, the rest none, so the CSV has
 * comGrupo × opcoes + the rest rows (the defaults: 2,000 products, 200 categories, 1,000 groups,
 * 4,000 options and exactly 5,000 rows). Ids far from any fixture's. For the benchmark and the
 * stall test.
 */
export function cardapioGrande({ produtos = 2000, comGrupo = 1000, opcoes = 4 } = {}): CardapioArquivo {
  const grupos: CardapioArquivo['grupos'] = [];
  for (let n = 0; n < produtos; n++) {
    const c = Math.floor(n / 10);
    if (n % 10 === 0) grupos.push({ idgrupo: 900_000 + c, descricao: `Categoria ${c + 1}`, produtos: [] });
    const idgrupoopcao = 900_000 + n;
    grupos[c]!.produtos.push({
      idproduto: 900_000 + n,
      descricao: `Produto ${n + 1} da casa`,
      detalhe: `Porção individual nº ${n + 1}, acompanha arroz, feijão, salada e molho da casa.`,
      imagem: null,
      preco: 10 + (n % 50) + 0.9,
      precooferta: 0,
      stindisponivel: 0,
      quantidade: 0,
      observacoes: null,
      grupoopcoes:
        n < comGrupo
          ? [
              {
                idgrupoopcao,
                descricao: `Adicionais ${n + 1}`,
                multiplo: true,
                qtdinclusa: 0,
                qtdmultiplomin: 0,
                qtdmultiplomax: 0,
                stprecopraticado: 0,
                stnegagrupoopcao: 0,
                stindisponivel: 0,
                opcoes: Array.from({ length: opcoes }, (_, k) => ({
                  idopcao: 9_000_000 + n * 10 + k,
                  descricao: `Adicional ${k + 1}`,
                  detalhe: null,
                  quantidade: 0,
                  qtdpadrao: 0,
                  qtdmax: 3,
                  preco: 100 * (k + 1),
                  precooferta: 0,
                  stindisponivel: 0,
                  valorafetatudo: 0,
                  valorafetaopcao: 0,
                  valorafetaproduto: 0,
                  stpercentualafetaopcao: 0,
                  stpercentualafetaproduto: 0,
                })),
              },
            ]
          : [],
    });
  }
  return { formato: FORMATO_CARDAPIO, versao: 1, grupos };
}
