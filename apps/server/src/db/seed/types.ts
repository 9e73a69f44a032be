import type { AreaEntrega, EstabelecimentoDetalhe, FormaPgto, Menu } from '@rango/domain';

/**
 * One demo establishment as the seeder takes it: the wire shapes of spec section 7 (reais for
 * product and establishment money, cents for options), with explicit ids unique across the seed.
 * The seeder converts money to integer cents for the database.
 */
export interface SeedEstablishment {
  detalhe: EstabelecimentoDetalhe;
  formaspgto: FormaPgto[];
  areasEntrega: AreaEntrega[];
  menu: Menu;
}
