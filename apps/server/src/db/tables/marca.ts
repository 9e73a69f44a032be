/**
 * The restaurants' brands.
 * Written only by modules/establishments (its marca* files; scripts/check-table-owners.mjs);
 * `Database` (db/types.ts) is composed of each owner's tables.
 */
export interface MarcaTables {
  marca: MarcaTable;
}

/**
 * A restaurant's colour and logo (0025, issue 23 part 4), at most one row per establishment.
 * The logo is kept as the square PNG made from the upload, with the installed app's icons made
 * from it (the maskable one on the colour, so it is made again when the colour changes): an
 * instance serving a manifest never decodes an image. `versao` changes with any of them and
 * names the icons' URLs, so they can be cached for good.
 */
export interface MarcaTable {
  idestabelecimento: number;
  /** '#rrggbb', lower case; null: Rango's own. */
  cor: string | null;
  /** 512 × 512 PNG, the logo centred on transparency; null: no logo. */
  logo: Buffer | null;
  icone_192: Buffer | null;
  icone_512: Buffer | null;
  /** 512 × 512 PNG: the logo inside the maskable safe zone, on the colour. */
  icone_mascara: Buffer | null;
  versao: string;
  atualizado_em: string;
}
