/**
 * The queue's keyboard (issue 11): j/k and the arrows move between cards, h/l and the arrows
 * between columns, 1–5 jump to a column, Enter opens the card last visited, o acknowledges the
 * ringing orders and ? lists the keys. On a phone the columns are tabs.
 */
import { COLUNAS, type Coluna } from '@rango/domain/painel';
import type { RefObject } from 'react';
import { COLUNAS_OUTRAS, COLUNAS_TRABALHO, type ColunaOutra } from '../components/fila-board.tsx';
import { useAtalhos } from './use-atalhos.ts';

const ehSetaOuEnterEmControle = (e: KeyboardEvent) => {
  const alvo = e.target;
  return (
    alvo instanceof HTMLElement &&
    (alvo.closest('[role="tablist"], [role="radiogroup"], [role="menu"]') !== null ||
      alvo.tagName === 'INPUT')
  );
};

export interface NavegacaoFila {
  /** The card last visited: Enter opens it, closing the detail focuses it again. */
  cursor: RefObject<number | null>;
  /** The area holding the cards (`[data-pedido]`) and columns (`[data-coluna]`). */
  areaRef: RefObject<HTMLDivElement | null>;
  /** The board (five columns) or tabs. */
  largo: boolean;
  aba: Coluna;
  setAba: (c: Coluna) => void;
  outra: ColunaOutra;
  setOutra: (c: ColunaOutra) => void;
  /** Whether an order is still in the queue (Enter opens only those). */
  existe: (id: number) => boolean;
  abrir: (id: number) => void;
  okVi: () => void;
  atalhos: () => void;
  /** Keys are live only with no detail or dialog open. */
  ativo: boolean;
}

export function useNavegacaoFila(n: NavegacaoFila): void {
  const { cursor } = n;
  const cards = () => [...(n.areaRef.current?.querySelectorAll<HTMLElement>('[data-pedido]') ?? [])];
  const focarCard = (el: HTMLElement | undefined) => {
    if (!el) return;
    el.focus();
    el.scrollIntoView({ block: 'nearest' });
    cursor.current = Number(el.dataset.pedido);
  };
  const moverCursor = (passo: 1 | -1) => {
    const lista = cards();
    if (lista.length === 0) return;
    const atual = lista.findIndex(
      (el) => el === document.activeElement || Number(el.dataset.pedido) === cursor.current,
    );
    focarCard(
      lista[
        atual === -1
          ? passo === 1
            ? 0
            : lista.length - 1
          : Math.min(lista.length - 1, Math.max(0, atual + passo))
      ],
    );
  };
  const colunasVisiveis: Coluna[] = n.largo ? [...COLUNAS_TRABALHO, n.outra] : [n.aba];
  const irParaColuna = (c: Coluna) => {
    if (n.largo && (COLUNAS_OUTRAS as readonly Coluna[]).includes(c)) n.setOutra(c as ColunaOutra);
    n.setAba(c);
    requestAnimationFrame(() =>
      focarCard(
        n.areaRef.current?.querySelector<HTMLElement>(`[data-coluna="${c}"] [data-pedido]`) ?? undefined,
      ),
    );
  };
  const moverColuna = (passo: 1 | -1) => {
    if (!n.largo) {
      const i = COLUNAS.indexOf(n.aba);
      const c = COLUNAS[(i + passo + COLUNAS.length) % COLUNAS.length];
      if (c) irParaColuna(c);
      return;
    }
    const ativo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const atual = ativo?.closest<HTMLElement>('[data-coluna]')?.dataset.coluna as Coluna | undefined;
    const i = colunasVisiveis.indexOf(atual ?? n.aba);
    const c = colunasVisiveis[Math.min(colunasVisiveis.length - 1, Math.max(0, i + passo))];
    if (c) irParaColuna(c);
  };
  const setas = (fn: () => void) => (e: KeyboardEvent) => {
    if (ehSetaOuEnterEmControle(e)) return false;
    fn();
  };
  useAtalhos(
    {
      j: () => moverCursor(1),
      k: () => moverCursor(-1),
      ArrowDown: setas(() => moverCursor(1)),
      ArrowUp: setas(() => moverCursor(-1)),
      h: () => moverColuna(-1),
      l: () => moverColuna(1),
      ArrowLeft: setas(() => moverColuna(-1)),
      ArrowRight: setas(() => moverColuna(1)),
      Enter: (e) => {
        // On a card (a button) Enter already opens it; elsewhere it opens the card last visited.
        const alvo = e.target instanceof HTMLElement ? e.target : null;
        if (alvo && alvo !== document.body && alvo.id !== 'conteudo') return false;
        if (cursor.current !== null && n.existe(cursor.current)) n.abrir(cursor.current);
        else return false;
      },
      o: n.okVi,
      '?': n.atalhos,
      ...Object.fromEntries(COLUNAS.map((c, i) => [String(i + 1), () => irParaColuna(c)])),
    },
    n.ativo,
  );
}
