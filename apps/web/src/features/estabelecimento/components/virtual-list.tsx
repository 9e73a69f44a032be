import { useMediaQuery } from '@mantine/hooks';
import type { Produto } from '@rango/domain';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GrupoVisivel } from '../lib/menu-index.ts';
import { GAP, GroupHeading, useWindowScroll, type ProductListProps as Props } from './list-parts.tsx';
import { CARD_HEIGHT, ProductCard } from './product-card.tsx';

const HEADER_HEIGHT = 52;

type Row =
  | { kind: 'grupo'; grupo: GrupoVisivel }
  | { kind: 'produtos'; idgrupo: number; produtos: Produto[]; chave: string };

function useColumns(): number {
  // Same breakpoints as the plain list's SimpleGrid (sm = 48em, lg = 75em).
  const lg = useMediaQuery('(min-width: 75em)');
  const sm = useMediaQuery('(min-width: 48em)');
  return lg ? 3 : sm ? 2 : 1;
}

/** The list of a long menu: only the rows near the viewport are mounted. */
export function VirtualList({ grupos, getStickyOffset, onActiveGroupChange, ref }: Props) {
  const cols = useColumns();
  const rows = useMemo(() => {
    const out: Row[] = [];
    for (const g of grupos) {
      out.push({ kind: 'grupo', grupo: g });
      for (let i = 0; i < g.produtos.length; i += cols) {
        const produtos = g.produtos.slice(i, i + cols);
        out.push({
          kind: 'produtos',
          idgrupo: g.idgrupo,
          produtos,
          chave: `${g.idgrupo}-${produtos[0]?.idproduto}`,
        });
      }
    }
    return out;
  }, [grupos, cols]);

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's distance from the top of the document changes when content above it does
  // ('Mais Informações' opening, images loading): re-measure on every layout change.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, []);

  // The sticky header and category bar cover the top of the window: rows align below them.
  const [stickyOffset, setStickyOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setStickyOffset(Math.round(getStickyOffset()));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [getStickyOffset]);

  const estimateSize = (i: number) => (rows[i]?.kind === 'grupo' ? HEADER_HEIGHT : CARD_HEIGHT + GAP);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    // A row with no layout (hidden, or a test DOM) keeps its estimate instead of collapsing to 0.
    measureElement: (el, entry, instance) =>
      measureElement(el, entry, instance) || estimateSize(instance.indexFromElement(el)),
    getItemKey: (i) => {
      const r = rows[i];
      return !r ? i : r.kind === 'grupo' ? `g${r.grupo.idgrupo}` : r.chave;
    },
    overscan: 4,
    scrollMargin,
    scrollPaddingStart: stickyOffset,
  });

  const scrollToGroup = useCallback(
    (idgrupo: number) => {
      const index = rows.findIndex((r) => r.kind === 'grupo' && r.grupo.idgrupo === idgrupo);
      // Instant, not smooth: rows measured on the way change the offsets, and the virtualiser
      // corrects an instant scroll until the target row sits under the sticky bars.
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
    },
    [rows, virtualizer],
  );
  useImperativeHandle(ref, () => ({ scrollToGroup }), [scrollToGroup]);

  useWindowScroll(() => {
    const offset = window.scrollY + getStickyOffset() + 24;
    const item = virtualizer.getVirtualItemForOffset(offset);
    const row = item ? rows[item.index] : rows[0];
    if (!row) return onActiveGroupChange(null);
    onActiveGroupChange(row.kind === 'grupo' ? row.grupo.idgrupo : row.idgrupo);
  });

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            {row.kind === 'grupo' ? (
              <GroupHeading grupo={row.grupo} />
            ) : (
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
                  gap: GAP,
                  paddingBottom: GAP,
                }}
              >
                {row.produtos.map((p) => (
                  <ProductCard key={p.idproduto} produto={p} />
                ))}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
