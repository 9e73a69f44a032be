import { createHash, randomBytes } from 'node:crypto';
import type { PedidoOperador } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { operatorRepository as repo } from './repository.ts';
import type { HistoricoRow, PedidoRow } from './repository.ts';

/** Operator keys read 'rop_' + 32 random bytes in base64url (43 characters). */
export const CHAVE_PREFIXO = 'rop_';
export const CHAVE_RE = /^rop_[A-Za-z0-9_-]{43}$/;
export const MAX_NOME_CHAVE = 100;

/** Only this is stored: a key of 256 random bits needs no slow hash, and lookup by hash needs no constant-time compare. */
export const hashChave = (chave: string): string => createHash('sha256').update(chave).digest('hex');

export interface ChaveCriada {
  id: number;
  /** Shown once; the database keeps only its hash. */
  chave: string;
  idestabelecimento: number;
  apelidooufantasia: string;
  nome: string;
}

/** A new operator key for one establishment. */
export async function criarChaveOperador(
  db: Db,
  idestabelecimento: number,
  nome = 'Operador',
): Promise<ChaveCriada> {
  const n = nome.trim() || 'Operador';
  // eslint-disable-next-line no-control-regex
  if (n.length > MAX_NOME_CHAVE || /[\u0000-\u001f\u007f]/.test(n)) {
    throw new Error(`Nome inválido (até ${MAX_NOME_CHAVE} caracteres).`);
  }
  const est = await repo.estabelecimento(db, idestabelecimento);
  if (!est) throw new Error(`Estabelecimento ${idestabelecimento} não encontrado.`);
  const chave = CHAVE_PREFIXO + randomBytes(32).toString('base64url');
  const id = await repo.insertToken(db, {
    idestabelecimento,
    nome: n,
    token_hash: hashChave(chave),
    criado_em: new Date().toISOString(),
  });
  return { id, chave, idestabelecimento, apelidooufantasia: est.apelidooufantasia, nome: n };
}

/** The establishment's keys (revoked ones too), oldest first; never their hashes. */
export function listarChavesOperador(db: Db, idestabelecimento: number) {
  return repo.listTokens(db, idestabelecimento);
}

/** One key's row by its id (to check whose it is), or undefined. */
export function chaveOperador(db: Db, id: number) {
  return repo.getToken(db, id);
}

/** Revokes a key by its id: 'revogada' now, 'ja-revogada' before; an unknown id throws. */
export async function revogarChaveOperador(db: Db, id: number): Promise<'revogada' | 'ja-revogada'> {
  const row = await repo.getToken(db, id);
  if (!row) throw new Error(`Chave ${id} não encontrada.`);
  return (await repo.revokeToken(db, id, new Date().toISOString())) ? 'revogada' : 'ja-revogada';
}

/** The establishment a live key opens, or undefined (unknown, malformed or revoked). */
export async function estabelecimentoDaChave(db: Db, chave: string): Promise<number | undefined> {
  if (!CHAVE_RE.test(chave)) return undefined;
  return repo.establishmentOfKey(db, hashChave(chave));
}

function presentPedido(row: PedidoRow, historico: readonly HistoricoRow[]): PedidoOperador {
  const pedido = JSON.parse(row.pedido_json) as PedidoOperador['pedido'];
  return {
    id: row.id,
    referencia: row.referencia,
    status: row.status,
    tipo: row.tipo,
    total: row.total,
    dthrpedido: row.dthrpedido,
    entregue_as: row.entregue_as,
    cliente: pedido.cliente.nome,
    pedido,
    historico: historico.map((h) => ({
      status: h.status,
      datahora: h.datahora,
      ...(h.motivo !== null ? { motivo: h.motivo } : {}),
    })),
  };
}

export interface ListaPedidosQuery {
  idestabelecimento: number;
  /** Open orders only (not Concluído nor cancelled). */
  abertos: boolean;
  limit: number;
  offset: number;
}

/** The establishment's orders, newest first. */
export async function listarPedidosOperador(db: Db, q: ListaPedidosQuery): Promise<PedidoOperador[]> {
  const rows = await repo.listPedidos(db, q);
  const historicos = await repo.historicos(
    db,
    rows.map((r) => r.id),
  );
  const por = new Map<number, HistoricoRow[]>();
  for (const h of historicos) {
    let list = por.get(h.idpedido);
    if (!list) por.set(h.idpedido, (list = []));
    list.push(h);
  }
  return rows.map((r) => presentPedido(r, por.get(r.id) ?? []));
}

/** One order; with an establishment, undefined for another establishment's. */
export async function obterPedidoOperador(
  db: Db,
  id: number,
  idestabelecimento?: number,
): Promise<PedidoOperador | undefined> {
  const row = await repo.getPedido(db, id, idestabelecimento);
  if (!row) return undefined;
  return presentPedido(row, await repo.historicos(db, [row.id]));
}
