import { describe, expect, it } from 'vitest';
import {
  COLUNAS_CSV,
  MSG_IMPORTACAO,
  cardapioParaCsv,
  csvParaCardapio,
  decodificarCsv,
  lerCsv,
} from './cardapio-io.ts';
import type { CardapioArquivo } from './cardapio-io.ts';

const arquivo: CardapioArquivo = {
  formato: 'rango.cardapio',
  versao: 1,
  grupos: [
    { idgrupo: 1, descricao: 'Vazia', produtos: [] },
    {
      idgrupo: 2,
      descricao: 'Lanches',
      produtos: [
        {
          idproduto: 10,
          descricao: '=Burger; "da casa"',
          detalhe: 'Pão\nbrioche',
          imagem: null,
          preco: 25.9,
          precooferta: 0,
          stindisponivel: 0,
          quantidade: 0,
          observacoes: null,
          grupoopcoes: [
            {
              idgrupoopcao: 5,
              descricao: 'Tamanho',
              multiplo: false,
              qtdinclusa: 0,
              qtdmultiplomin: 1,
              qtdmultiplomax: 1,
              stprecopraticado: 3,
              stnegagrupoopcao: 0,
              stindisponivel: 0,
              opcoes: [
                {
                  idopcao: 50,
                  descricao: 'Grande',
                  detalhe: null,
                  quantidade: 0,
                  qtdpadrao: 0,
                  qtdmax: 1,
                  preco: 150,
                  precooferta: 0,
                  stindisponivel: 0,
                  valorafetatudo: -25,
                  valorafetaopcao: 0,
                  valorafetaproduto: 12.5,
                  stpercentualafetaopcao: 0,
                  stpercentualafetaproduto: 1,
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  gruposopcao_avulsos: [
    {
      idgrupoopcao: 6,
      descricao: 'Extras',
      multiplo: true,
      qtdinclusa: 0,
      qtdmultiplomin: 0,
      qtdmultiplomax: 0,
      stprecopraticado: 0,
      stnegagrupoopcao: 0,
      stindisponivel: 0,
      opcoes: [],
    },
  ],
};

describe('menu CSV', () => {
  it('writes and reads back the same file (quotes, formulas, line breaks, negative cents, percents)', () => {
    const csv = cardapioParaCsv(arquivo);
    expect(csv.startsWith(`\uFEFF${COLUNAS_CSV.join(';')}\r\n`)).toBe(true);
    expect(csv).toContain('"=Burger; ""da casa"""');
    const lido = csvParaCardapio(decodificarCsv(new TextEncoder().encode(csv)));
    expect(lido).toMatchObject({ arquivo });
    expect('arquivo' in lido && lido.linhas.get('grupos.1.produtos.0')).toBe(3);
  });

  it('decodes Latin-1 when the bytes are not UTF-8', () => {
    expect(decodificarCsv(Uint8Array.from([0x50, 0xe3, 0x6f]))).toBe('Pão');
    expect(decodificarCsv(new TextEncoder().encode('\uFEFFPão'))).toBe('Pão');
  });

  it('refuses an open quote, wrong columns and a short row with their lines', () => {
    expect(lerCsv('a;b\n"x;y\n')).toEqual({
      erro: { linha: 2, caminho: '', msg: MSG_IMPORTACAO.aspasAbertas },
    });
    const cab = COLUNAS_CSV.join(';');
    expect(csvParaCardapio(`${cab};extra\n`)).toEqual({
      erros: [{ linha: 1, caminho: '', msg: MSG_IMPORTACAO.colunasDesconhecidas(['extra']) }],
    });
    expect(csvParaCardapio(`${cab}\nLanches;X\n`)).toEqual({
      erros: [{ linha: 2, caminho: '', msg: MSG_IMPORTACAO.colunasNaLinha(2, COLUNAS_CSV.length) }],
    });
  });
});
