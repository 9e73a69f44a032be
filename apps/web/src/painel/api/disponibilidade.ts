/**
 * GET …/disponibilidade/ (products and options with their state) and the one-tap 'Em falta'
 * toggles (PUT …/produto/{id}/disponibilidade/, …/opcao/{id}/disponibilidade/).
 */
import { disponibilidadeSchema, type Disponibilidade } from '@rango/domain/painel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { estPath, painelGet, painelPut } from './client.ts';

export type TipoItem = 'produto' | 'opcao';
export interface MudancaDisponibilidade {
  tipo: TipoItem;
  id: number;
  stindisponivel: 0 | 1;
}

export const getDisponibilidade = (idest: number, signal?: AbortSignal): Promise<Disponibilidade> =>
  painelGet(estPath(idest, 'disponibilidade/'), disponibilidadeSchema, signal);

/** The live 'disponibilidade' event (another tablet's tap) invalidates this key. */
export const getDisponibilidadeQueryOptions = (idest: number) =>
  queryOptions({
    queryKey: ['painel', idest, 'disponibilidade'] as const,
    queryFn: ({ signal }) => getDisponibilidade(idest, signal),
  });

export const useDisponibilidade = (idest: number) => useQuery(getDisponibilidadeQueryOptions(idest));

const respostaSchema = z.object({ stindisponivel: z.int() });

export const putDisponibilidade = (idest: number, m: MudancaDisponibilidade) =>
  painelPut(
    estPath(idest, `${m.tipo}/${m.id}/disponibilidade/`),
    { stindisponivel: m.stindisponivel },
    respostaSchema,
  );

function aplicar(d: Disponibilidade, m: MudancaDisponibilidade, st: number): Disponibilidade {
  return m.tipo === 'produto'
    ? { ...d, produtos: d.produtos.map((p) => (p.idproduto === m.id ? { ...p, stindisponivel: st } : p)) }
    : { ...d, opcoes: d.opcoes.map((o) => (o.idopcao === m.id ? { ...o, stindisponivel: st } : o)) };
}

/**
 * One tap: the row changes at once (the kitchen must not wait for the network to see it), the
 * server's answer confirms it, and a refusal puts the row back (the caller says why).
 */
export function useMudarDisponibilidade(idest: number) {
  const qc = useQueryClient();
  const key = getDisponibilidadeQueryOptions(idest).queryKey;
  return useMutation({
    mutationFn: (m: MudancaDisponibilidade) => putDisponibilidade(idest, m),
    onMutate: async (m) => {
      await qc.cancelQueries({ queryKey: key });
      const antes = qc.getQueryData(key);
      if (antes) qc.setQueryData(key, aplicar(antes, m, m.stindisponivel));
    },
    onSuccess: (r, m) => {
      const atual = qc.getQueryData(key);
      if (atual) qc.setQueryData(key, aplicar(atual, m, r.stindisponivel));
    },
    onError: (_e, m) => {
      // Only this row goes back: other rows tapped meanwhile keep their own state.
      const atual = qc.getQueryData(key);
      if (atual) qc.setQueryData(key, aplicar(atual, m, m.stindisponivel === 1 ? 0 : 1));
    },
  });
}
