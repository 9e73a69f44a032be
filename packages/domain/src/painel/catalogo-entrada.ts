/**
 * The back office's contract (issue 12: editors, import/export), its own entry
 * (`@rango/domain/painel/catalogo`): re-exported from the panel's main entry it sat in the
 * panel's first chunk, and the sign-in page paid for every editor's schemas.
 */
export * from './catalogo.ts';
export * from './cardapio-io.ts';
export * from './cardapio-salvar-produto.ts';
