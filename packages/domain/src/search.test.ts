import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearch } from './search.ts';

describe('menu search', () => {
  it('ignores case and accents', () => {
    expect(normalizeSearch('  Pão  de QUEIJO ')).toBe('pao de queijo');
    expect(matchesSearch('Açaí na Tigela', 'acai')).toBe(true);
    expect(matchesSearch('Feijoada Completa', 'FEIJÔ')).toBe(true);
    expect(matchesSearch('Coxinha', 'pastel')).toBe(false);
    expect(matchesSearch('Coxinha', '   ')).toBe(true);
  });
});
