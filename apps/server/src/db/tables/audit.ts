import type { Generated } from 'kysely';

/**
 * The back office's audit log.
 * Written only by modules/audit (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface AuditTables {
  auditoria: AuditoriaTable;
}

/** The back office's audit log (0009): who changed what and when. */
export interface AuditoriaTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** Null once the staff account is gone, or for an import by the CLI. */
  idfuncionario: number | null;
  /** 'produto', 'grupo_opcao', 'cupom', … (see the domain's auditoriaSchema). */
  entidade: string;
  identidade: number | null;
  /** 'criar' | 'alterar' | 'excluir' | 'ordenar' | … */
  acao: string;
  /** JSON: the change (the input, or what was removed). */
  dados: string;
  criado_em: string;
}
