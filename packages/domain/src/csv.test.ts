import { describe, expect, it } from 'vitest';
import { campoCsv, lerCampoCsv } from './csv.ts';

describe('campoCsv / lerCampoCsv', () => {
  it('guards formulas, leaves numbers and plain text, quotes separators', () => {
    expect(campoCsv('=1+1')).toBe("'=1+1");
    expect(campoCsv('-Promo')).toBe("'-Promo");
    expect(campoCsv('@x')).toBe("'@x");
    expect(campoCsv('+55')).toBe("'+55");
    expect(campoCsv('\tx')).toBe("'\tx");
    expect(campoCsv('\rx')).toBe(`"'\rx"`);
    expect(campoCsv("'=x")).toBe("''=x");
    expect(campoCsv('-12,50')).toBe('-12,50');
    expect(campoCsv('-3')).toBe('-3');
    expect(campoCsv(-3)).toBe('-3');
    expect(campoCsv("'a")).toBe("'a");
    expect(campoCsv('a;b "c"')).toBe('"a;b ""c"""');
  });

  it('reads back what it wrote (one apostrophe off, only before a formula)', () => {
    for (const t of ['=1+1', '-Promo', '@x', '+55', "'=x", "''=x", "'a", '-12,50', 'Pizza', "'"])
      expect(lerCampoCsv(campoCsv(t).replace(/^"|"$/g, '').replace(/""/g, '"')), t).toBe(t);
    // A cell typed in a spreadsheet with the apostrophe: the text without it.
    expect(lerCampoCsv("'-2,50")).toBe('-2,50');
    expect(lerCampoCsv("'Pizza")).toBe("'Pizza");
  });
});
