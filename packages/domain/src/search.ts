/** Lower-case, accents removed, spaces folded: 'Pão de Queijo' → 'pao de queijo'. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Does a product description match what was typed in 'Buscar no cardápio'? */
export function matchesSearch(descricao: string, query: string): boolean {
  const q = normalizeSearch(query);
  return q === '' || normalizeSearch(descricao).includes(q);
}
