import type { Db } from '../../db/index.ts';

/** One row of the back office's audit log, as written. */
export interface AuditoriaNova {
  idestabelecimento: number;
  idfuncionario: number | null;
  entidade: string;
  identidade: number | null;
  acao: string;
  dados: string;
  criado_em: string;
}

/** SQL of the audit log (`auditoria`): the one writer of the table. */
export const auditRepository = {
  async insertAuditoria(db: Db, v: AuditoriaNova): Promise<void> {
    await db.insertInto('auditoria').values(v).execute();
  },

  auditoria(db: Db, id: number, antes: number | undefined, limite: number) {
    let q = db
      .selectFrom('auditoria as a')
      .leftJoin('funcionario as f', 'f.id', 'a.idfuncionario')
      .select([
        'a.id',
        'a.idfuncionario',
        'f.nome as funcionario',
        'a.entidade',
        'a.identidade',
        'a.acao',
        'a.dados',
        'a.criado_em',
      ])
      .where('a.idestabelecimento', '=', id);
    if (antes !== undefined) q = q.where('a.id', '<', antes);
    return q.orderBy('a.id', 'desc').limit(limite).execute();
  },
};
