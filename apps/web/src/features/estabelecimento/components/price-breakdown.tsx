import { Button, Group, Text } from '@mantine/core';
import { formatBRL, type ItemPrecificado, type Produto } from '@rango/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { composicaoDoItem } from '../lib/price-breakdown.ts';

function valor(cents: number): string {
  return cents < 0 ? `− ${formatBRL(-cents)}` : formatBRL(cents);
}

/** 'Como o total é calculado': the item total's lines, on demand (issue 14). */
export function PriceBreakdown({ produto, item }: { produto: Produto; item: ItemPrecificado }) {
  const [aberto, setAberto] = useState(false);
  const id = useId();
  const c = aberto ? composicaoDoItem(produto, item) : null;
  const lista = useRef<HTMLDListElement>(null);
  // Opened at the end of the drawer, the lines would sit under its sticky footer: bring them up.
  useEffect(() => {
    if (aberto) lista.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [aberto]);
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        aria-expanded={aberto}
        aria-controls={id}
        onClick={() => setAberto((a) => !a)}
      >
        {aberto ? 'Ocultar o cálculo do total' : 'Como o total é calculado'}
      </Button>
      <div id={id} hidden={!aberto}>
        {c && (
          <dl
            ref={lista}
            // The drawer's sticky footer (quantity and 'Adicionar') covers the last ~80 px.
            style={{ margin: 'var(--mantine-spacing-xs) 0 0', scrollMarginBottom: 96 }}
            aria-label="Cálculo do total"
          >
            {c.linhas.map((l, i) => (
              <Group key={i} justify="space-between" wrap="nowrap" gap="sm">
                <Text component="dt" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {l.rotulo}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'nowrap' }}>
                  {valor(l.valor)}
                </Text>
              </Group>
            ))}
            {c.quantidade > 1 && (
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text component="dt" size="sm">
                  Por unidade × {c.quantidade}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'nowrap' }}>
                  {formatBRL(c.unitario)} × {c.quantidade}
                </Text>
              </Group>
            )}
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text component="dt" size="sm" fw={700}>
                Total
              </Text>
              <Text component="dd" size="sm" m={0} fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatBRL(c.total)}
              </Text>
            </Group>
          </dl>
        )}
      </div>
    </div>
  );
}
