import { lazy, memo, Suspense, useImperativeHandle } from 'react';
import { countProdutos } from '../lib/menu-index.ts';
import { grupoDomId, GroupHeading, useWindowScroll, type ProductListProps as Props } from './list-parts.tsx';
import classes from './menu.module.css';
import { ProductCard } from './product-card.tsx';

export type { ProductListHandle } from './list-parts.tsx';

/** Above this many products the list is virtualised (only the rows near the viewport render). */
export const VIRTUALIZE_FROM = 150;

// The virtualiser (@tanstack/virtual-core) is only needed for long menus: its own chunk.
const VirtualList = lazy(() => import('./virtual-list.tsx').then((m) => ({ default: m.VirtualList })));

/** Memoised: a search keystroke re-renders the page, the list only when its (deferred) groups change. */
export const ProductList = memo(function ProductList(props: Props) {
  return countProdutos(props.grupos) > VIRTUALIZE_FROM ? (
    <Suspense fallback={null}>
      <VirtualList {...props} />
    </Suspense>
  ) : (
    <PlainList {...props} />
  );
});

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
    <div>
      {grupos.map((g) => (
        <section key={g.idgrupo} aria-labelledby={grupoDomId(g.idgrupo)} className={classes.group}>
          <GroupHeading grupo={g} />
          <div className={classes.grid}>
            {g.produtos.map((p) => (
              <ProductCard key={p.idproduto} produto={p} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
