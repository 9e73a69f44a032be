import type { Generated } from 'kysely';

/**
 * Restaurants' staff: accounts, roles, sessions, one-time links, pending invitations.
 * Written only by modules/staff (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface FuncionarioTables {
  funcionario: FuncionarioTable;
  funcionario_papel: FuncionarioPapelTable;
  funcionario_refresh: FuncionarioRefreshTable;
  funcionario_link: FuncionarioLinkTable;
  funcionario_convite: FuncionarioConviteTable;
}

/** A restaurant's staff member (0008): not a customer; roles per establishment in funcionario_papel. */
export interface FuncionarioTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  nome: string;
  /** argon2id PHC string; null until the invitation sets it. */
  senha_hash: string | null;
  criado_em: string;
  excluido_em: string | null;
}

export interface FuncionarioPapelTable {
  idfuncionario: number;
  idestabelecimento: number;
  /** 'dono' | 'atendente' */
  papel: string;
  criado_em: string;
}

export interface FuncionarioRefreshTable {
  id: Generated<number>;
  idfuncionario: number;
  familia: string;
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  revogado: number;
  criado_em: string;
}

/** One-time link (0008): an invitation (sets the first password and grants a role) or a password reset. */
export interface FuncionarioLinkTable {
  id: Generated<number>;
  /** 'convite' | 'senha' | 'cadastro' (TIPOS_LINK) */
  tipo: string;
  idfuncionario: number;
  idestabelecimento: number | null;
  papel: string | null;
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  criado_em: string;
}

/** A pending membership (0018): the role waits for the invited person to accept it. */
export interface FuncionarioConviteTable {
  idfuncionario: number;
  idestabelecimento: number;
  /** 'dono' | 'atendente' */
  papel: string;
  /** The name the inviter typed (shown to the team until accepted). */
  nome: string;
  expira_em: string;
  criado_em: string;
}
