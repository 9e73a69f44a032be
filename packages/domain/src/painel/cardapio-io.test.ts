import { describe, expect, it } from 'vitest';
import type { Produto } from '../schemas.ts';
import {
  COLUNAS_CSV,
  LIMITES_IMPORTACAO,
  MSG_IMPORTACAO,
  cardapioParaCsv,
  cardapioParaCsvEmPassos,
  csvParaCardapio,
  decodificarCsv,
  lerCsv,
  problemasLimites,
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
    expect(csv).toContain(`"'=Burger; ""da casa"""`);
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

describe('menu import limits', () => {
  const produto = (i: number, opcoes = 0): Produto => ({
    ...arquivo.grupos[1]!.produtos[0]!,
    idproduto: 1000 + i,
    grupoopcoes:
      opcoes === 0
        ? []
        : [
            {
              ...arquivo.gruposopcao_avulsos![0]!,
              idgrupoopcao: 5000 + i,
              opcoes: Array.from({ length: opcoes }, (_, k) => ({
                ...arquivo.grupos[1]!.produtos[0]!.grupoopcoes[0]!.opcoes[0]!,
                idopcao: 10_000 * i + k,
              })),
            },
          ],
  });
  const com = (produtos: Produto[], categorias = 1): CardapioArquivo => ({
    formato: 'rango.cardapio',
    versao: 1,
    grupos: Array.from({ length: categorias }, (_, c) => ({
      idgrupo: c + 1,
      descricao: `C${c}`,
      produtos: c === 0 ? produtos : [],
    })),
  });
  const L = LIMITES_IMPORTACAO;

  it('at the limits: no refusal', () => {
    expect(
      problemasLimites(
        com(
          Array.from({ length: L.produtos }, (_, i) => produto(i)),
          L.categorias,
        ),
      ),
    ).toEqual([]);
    expect(problemasLimites(com([produto(1, L.opcoesPorProduto)]))).toEqual([]);
  });

  it('over them: each limit named with its maximum', () => {
    const demais = com(
      Array.from({ length: L.produtos + 1 }, (_, i) => produto(i)),
      L.categorias + 1,
    );
    expect(problemasLimites(demais).map((e) => e.msg)).toEqual([
      MSG_IMPORTACAO.categoriasDemais(L.categorias + 1),
      MSG_IMPORTACAO.produtosDemais(L.produtos + 1),
    ]);
    expect(MSG_IMPORTACAO.produtosDemais(2001)).toBe('O arquivo tem 2.001 produtos; o máximo é 2.000.');
    expect(problemasLimites(com([produto(1, L.opcoesPorProduto + 1)]))).toEqual([
      {
        linha: null,
        caminho: 'grupos.0.produtos.0',
        msg: MSG_IMPORTACAO.opcoesDemais(L.opcoesPorProduto + 1),
      },
    ]);
    // Rows: one per option of each product; groups: distinct ids.
    const linhas = com(Array.from({ length: 26 }, (_, i) => produto(i, 199)));
    expect(problemasLimites(linhas).map((e) => e.msg)).toEqual([MSG_IMPORTACAO.linhasDemais(26 * 199)]);
    const grupos = com(Array.from({ length: L.gruposOpcao + 1 }, (_, i) => produto(i, 1)));
    expect(problemasLimites(grupos).map((e) => e.msg)).toEqual([
      MSG_IMPORTACAO.gruposDemais(L.gruposOpcao + 1),
    ]);
    // Any shape is counted without throwing (the schema refuses it later).
    expect(
      problemasLimites({ grupos: [null, { produtos: 'x' }, { produtos: [1, { grupoopcoes: {} }] }] }),
    ).toEqual([]);
    expect(problemasLimites('x')).toEqual([]);
  });

  it('a CSV over the row limit is refused without reading it all; over another limit, with the line', () => {
    const cab = COLUNAS_CSV.join(';');
    const linha = (i: number) => `;C;;P${i};;;1;;;;;;;;;;;;;;;;;;;;;;;;;;;`;
    const corpo = Array.from({ length: L.linhas + 1 }, (_, i) => linha(i));
    expect(csvParaCardapio([cab, ...corpo].join('\n'))).toEqual({
      erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.linhasDemais(null) }],
    });
    const produtos = csvParaCardapio([cab, ...corpo.slice(0, L.produtos + 1)].join('\n'));
    expect(produtos).toEqual({
      erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.produtosDemais(L.produtos + 1) }],
    });
  });
});

describe('menu CSV reader', () => {
  it('reads quotes, doubled quotes, separators and line breaks inside quotes, CRLF, lone CR and blank lines', () => {
    expect(lerCsv('a;"b;c";"d ""e"""\r\n\r\n"x\ny";z\rw;"";"q"r\n')).toEqual({
      registros: [
        { linha: 1, campos: ['a', 'b;c', 'd "e"'] },
        { linha: 3, campos: ['x\ny', 'z'] },
        { linha: 5, campos: ['w', '', 'qr'] },
      ],
    });
    expect(lerCsv('a,b\n1,"2,3"', ',')).toEqual({
      registros: [
        { linha: 1, campos: ['a', 'b'] },
        { linha: 2, campos: ['1', '2,3'] },
      ],
    });
    expect(lerCsv('')).toEqual({ registros: [] });
    expect(lerCsv('a;b"c;d')).toEqual({ registros: [{ linha: 1, campos: ['a', 'b"c', 'd'] }] });
  });

  it('writes in steps what it writes at once', () => {
    const passos = cardapioParaCsvEmPassos(arquivo);
    let r = passos.next();
    while (!r.done) r = passos.next();
    expect(r.value).toBe(cardapioParaCsv(arquivo));
  });
});
