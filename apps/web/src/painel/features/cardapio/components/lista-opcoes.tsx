import type { OpcaoPainel } from '@rango/domain/painel/catalogo';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Atualizar } from '../lib/rascunho.ts';
import { errosDe } from './campos.tsx';
import { OpcaoEditor } from './opcao-editor.tsx';

export interface ListaOpcoes {
  opcoes: OpcaoPainel[];
  atualizar: Atualizar;
  tocar: (k: string) => void;
  /** The visible errors of the group and its options. */
  todos: Record<string, string>;
}

export interface LojaOpcoes {
  ler: () => ListaOpcoes;
  ouvir: (ouvinte: () => void) => () => void;
  definir: (lista: ListaOpcoes) => void;
}

export function novaLojaOpcoes(inicial: ListaOpcoes): LojaOpcoes {
  let atual = inicial;
  const ouvintes = new Set<() => void>();
  return {
    ler: () => atual,
    ouvir: (o) => {
      ouvintes.add(o);
      return () => ouvintes.delete(o);
    },
    definir: (lista) => {
      if (lista === atual) return;
      atual = lista;
      for (const o of ouvintes) o();
    },
  };
}

/**
 * A group's options reach their cards through a store read right under the drag list: a keystroke
 * in an option re-renders the group and this list, not the drag list between them. The context's
 * value is the store, which never changes: a context whose value changed made React walk every
 * fiber of the 200 cards under it looking for its readers, on every key (~40 % of a key's work
 * at 4× CPU).
 */
export const ListaOpcoesContext = createContext<LojaOpcoes | null>(null);

function Opcoes() {
  const loja = useContext(ListaOpcoesContext);
  if (!loja) throw new Error('Opcoes fora de um GrupoCampos');
  const { opcoes, atualizar, tocar, todos } = useSyncExternalStore(loja.ouvir, loja.ler);
  return opcoes.map((o, i) => (
    <OpcaoEditor
      key={o.idopcao}
      opcao={o}
      indice={i}
      total={opcoes.length}
      atualizar={atualizar}
      tocar={tocar}
      erros={errosDe(todos, `opcao.${o.idopcao}.`)}
    />
  ));
}

/** The same element every render: the drag list's children never change. */
export const OPCOES = <Opcoes />;
