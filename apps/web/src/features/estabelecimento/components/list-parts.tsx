import type { Ref } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { GrupoVisivel } from '../lib/menu-index.ts';
import classes from './menu.module.css';

export const GAP = 12;

export interface ProductListHandle {
  scrollToGroup: (idgrupo: number) => void;
}

export interface ProductListProps {
  grupos: readonly GrupoVisivel[];
  /** Pixels covered at the top of the window by sticky bars (the list scrolls groups below them). */
  getStickyOffset: () => number;
  onActiveGroupChange: (idgrupo: number | null) => void;
  ref?: Ref<ProductListHandle>;
}

export function grupoDomId(idgrupo: number) {
  return `grupo-${idgrupo}`;
}

/** Runs `fn` at most once per animation frame while the window scrolls. */
export function useWindowScroll(fn: () => void) {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        ref.current();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    onScroll();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
}

export function GroupHeading({ grupo }: { grupo: GrupoVisivel }) {
  return (
    <h2 id={grupoDomId(grupo.idgrupo)} tabIndex={-1} className={classes.groupHeading}>
      {grupo.descricao}
    </h2>
  );
}
