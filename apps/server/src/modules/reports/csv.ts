import { CANAL_NOME, campoCsv } from '@rango/domain';
import { PROVEDOR_RELATORIO_NOME, TIPO_RELATORIO_NOME } from '@rango/domain/painel/relatorio';
import type { LinhaItem, Relatorio } from '@rango/domain/painel/relatorio';

/**
 * The report as CSV for a spreadsheet in Brazilian Portuguese (Excel pt-BR, LibreOffice,
 * Google Sheets): UTF-8 with a BOM (Excel otherwise reads it as Windows-1252), ';' between fields,
 * CRLF between lines, money in reais with a decimal comma and no thousands mark ('1234,56': a
 * number to the spreadsheet), dates as DD/MM/AAAA. Sections one after the other, each with its
 * own header, a blank line between. Each cell through campoCsv (packages/domain/src/csv.ts, the
 * menu export's too): a text a spreadsheet would run as a formula gets a leading apostrophe; a
 * field with ';', '"' or a line break is quoted.
 */
export const CSV_BOM = '\uFEFF';

const reais = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

const dataBr = (iso: string): string => iso.split('-').reverse().join('/');

export function relatorioCsv(r: Relatorio, estabelecimento: string): string {
  const linhas: (string | number)[][] = [];
  const itens = (titulo: string, lista: LinhaItem[]) => {
    linhas.push([], [titulo, 'Quantidade', 'Receita (R$)']);
    for (const i of lista) linhas.push([i.descricao, i.quantidade, reais(i.receita)]);
  };
  linhas.push(
    ['Relatório de vendas', estabelecimento],
    ['Período', dataBr(r.de), dataBr(r.ate)],
    [],
    ['Resumo', 'Valor'],
    ['Pedidos', r.pedidos],
    ['Receita (R$)', reais(r.receita)],
    ['Ticket médio (R$)', reais(r.ticketMedio)],
    ['Cancelamentos (pedidos)', r.cancelamentos.pedidos],
    ['Cancelamentos (R$)', reais(r.cancelamentos.valor)],
    ['Estornos (pagamentos)', r.estornos.pagamentos],
    ['Estornos (R$)', reais(r.estornos.valor)],
    ['Estornos pendentes (pagamentos)', r.estornos.pendentes],
    ['Estornos pendentes (R$)', reais(r.estornos.valorPendente)],
    [],
    ['Forma de pagamento', 'Pedidos', 'Receita (R$)'],
    ...r.porFormaPagamento.map((f) => [f.forma, f.pedidos, reais(f.receita)]),
    [],
    ['Tipo', 'Pedidos', 'Receita (R$)'],
    ...r.porTipo.map((t) => [TIPO_RELATORIO_NOME[t.tipo], t.pedidos, reais(t.receita)]),
    [],
    ['Canal', 'Pedidos', 'Receita (R$)'],
    ...r.porCanal.map((c) => [CANAL_NOME[c.canal], c.pedidos, reais(c.receita)]),
    [],
    ['Hora', 'Pedidos', 'Receita (R$)'],
    ...r.porHora.map((h) => [`${String(h.hora).padStart(2, '0')}h`, h.pedidos, reais(h.receita)]),
    [],
    ['Pagamentos online', 'Pagamentos', 'Bruto (R$)', 'Taxa da plataforma (R$)', 'Líquido (R$)'],
    ...r.pagamentosOnline.porProvedor.map((l) => [
      PROVEDOR_RELATORIO_NOME[l.provedor],
      l.pagamentos,
      reais(l.bruto),
      reais(l.taxa),
      reais(l.liquido),
    ]),
    [
      'Total',
      r.pagamentosOnline.porProvedor.reduce((a, l) => a + l.pagamentos, 0),
      reais(r.pagamentosOnline.bruto),
      reais(r.pagamentosOnline.taxa),
      reais(r.pagamentosOnline.liquido),
    ],
  );
  itens('Produtos mais vendidos (quantidade)', r.produtos.porQuantidade);
  itens('Produtos com maior receita', r.produtos.porReceita);
  itens('Opções mais escolhidas (quantidade)', r.opcoes.porQuantidade);
  itens('Opções com maior receita', r.opcoes.porReceita);
  return CSV_BOM + linhas.map((l) => l.map(campoCsv).join(';')).join('\r\n') + '\r\n';
}
