import { Box, SimpleGrid, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Produto } from '@rango/domain';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { countProdutos, type GrupoVisivel } from '../lib/menu-index.ts';
import { CARD_HEIGHT, ProductCard } from './product-card.tsx';

/** Above this many products the list is virtualised (only the rows near the viewport render). */
export const VIRTUALIZE_FROM = 150;

const GAP = 12;
const HEADER_HEIGHT = 52;

export interface ProductListHandle {
  scrollToGroup: (idgrupo: number) => void;
}

interface Props {
  grupos: readonly GrupoVisivel[];
  /** Pixels covered at the top of the window by sticky bars (the list scrolls groups below them). */
  getStickyOffset: () => number;
  onActiveGroupChange: (idgrupo: number | null) => void;
  ref?: Ref<ProductListHandle>;
}

/** Memoised: a search keystroke re-renders the page, the list only when its (deferred) groups change. */
export const ProductList = memo(function ProductList(props: Props) {
  return countProdutos(props.grupos) > VIRTUALIZE_FROM ? (
    <VirtualList {...props} />
  ) : (
    <PlainList {...props} />
  );
});

function grupoDomId(idgrupo: number) {
  return `grupo-${idgrupo}`;
}

/** Runs `fn` at most once per animation frame while the window scrolls. */
function useWindowScroll(fn: () => void) {
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

function GroupHeading({ grupo }: { grupo: GrupoVisivel }) {
  return (
    <Title
      order={2}
      fz="lg"
      id={grupoDomId(grupo.idgrupo)}
      tabIndex={-1}
      pt="md"
      pb="xs"
      style={{ outline: 'none' }}
    >
      {grupo.descricao}
    </Title>
  );
}

function PlainList({ grupos, getStickyOffset, onActiveGroupChange, ref }: Props) {
  useImperativeHandle(
    ref,
    () => ({
      scrollToGroup(idgrupo) {
        const el = document.getElementById(grupoDomId(idgrupo));
        if (!el) return;
        const top = el.getBoundingClientRect().top + window.scrollY - getStickyOffset();
        window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
        el.focus({ preventScroll: true });
      },
    }),
    [getStickyOffset],
  );

  useWindowScroll(() => {
    const linha = getStickyOffset() + 24;
    let ativo: number | null = grupos[0]?.idgrupo ?? null;
    for (const g of grupos) {
      const el = document.getElementById(grupoDomId(g.idgrupo));
      if (el && el.getBoundingClientRect().top <= linha) ativo = g.idgrupo;
    }
    onActiveGroupChange(ativo);
  });

  return (
    <Box>
      {grupos.map((g) => (
        <Box component="section" key={g.idgrupo} aria-labelledby={grupoDomId(g.idgrupo)} pb="sm">
          <GroupHeading grupo={g} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={GAP} verticalSpacing={GAP}>
            {g.produtos.map((p) => (
              <ProductCard key={p.idproduto} produto={p} />
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Box>
  );
}

type Row =
  | { kind: 'grupo'; grupo: GrupoVisivel }
  | { kind: 'produtos'; idgrupo: number; produtos: Produto[]; chave: string };

function useColumns(): number {
  // Same breakpoints as the plain list's SimpleGrid (sm = 48em, lg = 75em).
  const lg = useMediaQuery('(min-width: 75em)');
  const sm = useMediaQuery('(min-width: 48em)');
  return lg ? 3 : sm ? 2 : 1;
}

function VirtualList({ grupos, getStickyOffset, onActiveGroupChange, ref }: Props) {
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
