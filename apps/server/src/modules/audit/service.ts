import type { Auditoria } from '@rango/domain/painel/catalogo';
import type { Db } from '../../db/index.ts';
import { auditRepository as repo } from './repository.ts';

const MAX_DADOS_AUDITORIA = 4000;
function dadosAuditoria(dados: unknown): string {
  const s = JSON.stringify(dados ?? null);
  // The log keeps what changed, not whole menus: a large change (an import) keeps its summary.
  return s.length <= MAX_DADOS_AUDITORIA ? s : JSON.stringify({ truncado: true, tamanho: s.length });
}

/** One back-office change as the audit log keeps it (`dados` is serialised and capped here). */
export interface Registro {
  idestabelecimento: number;
  idfuncionario: number | null;
  entidade: string;
  identidade: number | null;
  acao: string;
  dados: unknown;
}

/** Records one change in the caller's transaction (the write and its row commit together). */
export async function registrarAuditoria(db: Db, r: Registro): Promise<void> {
  await repo.insertAuditoria(db, {
    idestabelecimento: r.idestabelecimento,
    idfuncionario: r.idfuncionario,
    entidade: r.entidade,
    identidade: r.identidade,
    acao: r.acao,
    dados: dadosAuditoria(r.dados),
    criado_em: new Date().toISOString(),
  });
}

/** The establishment's log, newest first, 50 at a time (`antes`: the last id of the page read). */
export async function listarAuditoria(db: Db, id: number, antes: number | undefined): Promise<Auditoria> {
  const limite = 50;
  const rows = await repo.auditoria(db, id, antes, limite + 1);
  const itens = rows.slice(0, limite).map((r) => {
    let dados: unknown;
    try {
      dados = JSON.parse(r.dados);
    } catch {
      dados = null;
    }
    return { ...r, funcionario: r.funcionario ?? null, dados };
  });
  return { itens, proximo: rows.length > limite ? (itens[itens.length - 1]?.id ?? null) : null };
}
