import type { Db } from '../../db/index.ts';
import type { MarcaTable } from '../../db/types.ts';

/** The only SQL of the brand (table `marca`, issue 23 part 4). */
export const marcaRepository = {
  /** The brand without its bytes: colour, version and whether a logo is there. */
  async resumo(db: Db, idestabelecimento: number) {
    const r = await db
      .selectFrom('marca')
      .select(['cor', 'versao'])
      .select((eb) => eb('logo', 'is not', null).as('tem_logo'))
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    return r ? { cor: r.cor, versao: r.versao, temLogo: Boolean(r.tem_logo) } : undefined;
  },

  /** One image column's bytes and the version they belong to. */
  imagem(db: Db, idestabelecimento: number, coluna: 'logo' | 'icone_192' | 'icone_512' | 'icone_mascara') {
    return db
      .selectFrom('marca')
      .select([coluna, 'versao'])
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst() as Promise<{ versao: string; [k: string]: Buffer | string | null } | undefined>;
  },

  logo(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('marca')
      .select(['logo', 'cor'])
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
  },

  /** Writes the whole row (insert or replace). */
  async gravar(db: Db, row: MarcaTable): Promise<void> {
    await db
      .insertInto('marca')
      .values(row)
      .onConflict((oc) => oc.column('idestabelecimento').doUpdateSet(row))
      .execute();
  },

  /** The name the installed app shows; undefined for an unknown or unpublished establishment. */
  nomePublico(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('estabelecimento')
      .select(['apelidooufantasia', 'nomeourazaosocial'])
      .where('id', '=', idestabelecimento)
      .where('aprovado', '=', 1)
      .executeTakeFirst();
  },
};
