import { Box, Button, Group } from '@mantine/core';
import { memo, useEffect, useRef, type Ref } from 'react';
import type { GrupoVisivel } from '../lib/menu-index.ts';

interface Props {
  grupos: readonly GrupoVisivel[];
  ativo: number | null;
  onSelect: (idgrupo: number) => void;
  /** Pixels under the shell's sticky header. */
  top: number;
  ref?: Ref<HTMLElement>;
}

/** Memoised by value: a search keystroke builds new group objects, not new buttons. */
const CategoryButton = memo(function CategoryButton(props: {
  idgrupo: number;
  descricao: string;
  atual: boolean;
  onSelect: (idgrupo: number) => void;
}) {
  const { idgrupo, descricao, atual, onSelect } = props;
  return (
    <Button
      size="compact-sm"
      radius="xl"
      variant={atual ? 'filled' : 'default'}
      aria-current={atual ? 'true' : undefined}
      onClick={() => onSelect(idgrupo)}
      style={{ flexShrink: 0 }}
    >
      {descricao}
    </Button>
  );
});

/** The sticky, horizontally scrollable category bar; highlights the group in view. */
export const CategoryBar = memo(function CategoryBar({ grupos, ativo, onSelect, top, ref }: Props) {
  const trilho = useRef<HTMLDivElement>(null);

  // Keep the highlighted button in view horizontally. Not scrollIntoView: it would also scroll
  // the window and cut short a smooth scroll to a group.
  useEffect(() => {
    const el = trilho.current;
    const btn = el?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!el || !btn) return;
    const alvo = btn.offsetLeft - (el.clientWidth - btn.offsetWidth) / 2;
    el.scrollTo?.({ left: Math.max(0, alvo), behavior: 'smooth' });
  }, [ativo]);

  return (
    <Box
      component="nav"
      aria-label="Categorias do cardápio"
      ref={ref}
      pos="sticky"
      top={top}
      py={8}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Box ref={trilho} style={{ overflowX: 'auto', scrollbarWidth: 'thin' }} pb={4}>
        <Group gap={8} wrap="nowrap" px={2} py={2}>
          {grupos.map((g) => (
            <CategoryButton
              key={g.idgrupo}
              idgrupo={g.idgrupo}
              descricao={g.descricao}
              atual={g.idgrupo === ativo}
              onSelect={onSelect}
            />
          ))}
        </Group>
      </Box>
    </Box>
  );
});
