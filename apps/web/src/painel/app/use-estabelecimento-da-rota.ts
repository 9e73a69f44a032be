import { parseId } from '@rango/domain';
import { useMatch } from 'react-router';
import { useEu } from '../api/eu.ts';
import type { EstabelecimentoAtual } from '../lib/estabelecimento-atual.ts';

export type EstadoEstabelecimento =
  | { estado: 'nenhum' }
  | { estado: 'carregando' }
  | { estado: 'erro'; error: unknown; refetch: () => void }
  | { estado: 'sem-acesso' }
  | { estado: 'ok'; est: EstabelecimentoAtual };

/**
 * The establishment of /painel/:id/…, checked against the signed-in person's list (GET
 * /painel/eu/): an id they do not work for is 'sem-acesso' (the server would answer 404 anyway).
 */
export function useEstabelecimentoDaRota(): EstadoEstabelecimento {
  const match = useMatch('/:id/*');
  const eu = useEu();
  if (!match) return { estado: 'nenhum' };
  const id = parseId(match.params.id);
  if (id === undefined) return { estado: 'sem-acesso' };
  if (eu.isPending) return { estado: 'carregando' };
  if (eu.isError) return { estado: 'erro', error: eu.error, refetch: () => void eu.refetch() };
  const e = eu.data.estabelecimentos.find((x) => x.id === id);
  if (!e) return { estado: 'sem-acesso' };
  return { estado: 'ok', est: { id: e.id, nome: e.apelidooufantasia, papel: e.papel } };
}
