/**
 * Texts a spreadsheet would run as a formula ("CSV injection"), and the cell each must be written
 * as (campoCsv in packages/domain/src/csv.ts): one table for every CSV the app exports — the sales
 * report's (reports/csv.test.ts) and the menu's (menu/cardapio-io.test.ts).
 */
export const CASOS_FORMULA: readonly { texto: string; celula: string }[] = [
  { texto: '=1+1', celula: "'=1+1" },
  {
    texto: '=HYPERLINK("http://x.example";"clique")',
    celula: `"'=HYPERLINK(""http://x.example"";""clique"")"`,
  },
  { texto: '+5511999990000', celula: "'+5511999990000" },
  { texto: '-2+3', celula: "'-2+3" },
  { texto: '-Promoção', celula: "'-Promoção" },
  { texto: '@SOMA(A1:A9)', celula: "'@SOMA(A1:A9)" },
  { texto: '\t=1+1', celula: "'\t=1+1" },
  { texto: '\r=1+1', celula: `"'\r=1+1"` },
  // Already guarded by hand: one more apostrophe, so the import takes exactly one off.
  { texto: "'=1+1", celula: "''=1+1" },
  // Not formulas: as they are (a negative amount stays a number to the spreadsheet).
  { texto: '-12,50', celula: '-12,50' },
  { texto: "'Especial'", celula: "'Especial'" },
  { texto: 'Pizza = amor', celula: 'Pizza = amor' },
];
