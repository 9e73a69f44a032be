import type { Papel } from '@rango/domain/painel';
import { createContext, useContext } from 'react';

/** The establishment the panel is on (/painel/:id), with the signed-in person's role there. */
export interface EstabelecimentoAtual {
  id: number;
  nome: string;
  papel: Papel;
}

export const EstabelecimentoContext = createContext<EstabelecimentoAtual | null>(null);

/**
 * For pages under /painel/:id (the layout checked the id against GET /painel/eu/ before
 * rendering them, so this is always set there).
 */
export function useEstabelecimentoAtual(): EstabelecimentoAtual {
  const e = useContext(EstabelecimentoContext);
  if (!e) throw new Error('useEstabelecimentoAtual outside /painel/:id');
  return e;
}
