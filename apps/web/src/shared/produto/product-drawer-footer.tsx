import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { QuantityStepper } from './quantity-stepper.tsx';

/** Most units of one item the drawer lets the customer pick. */
export const QUANTIDADE_MAXIMA = 99;

interface Props {
  quantidade: number;
  /** Called with the new quantity, already kept within 1…QUANTIDADE_MAXIMA. */
  onQuantidade: (n: number) => void;
  /** Beside the stepper: the drawer's 'Adicionar R$ x' button, the panel preview's total. */
  children: ReactNode;
  /** Under the row, when given. */
  nota?: ReactNode;
}

/**
 * The product drawer's footer, kept at the drawer's bottom while the options scroll: the item's
 * quantity stepper and what goes with it. The panel's preview shows this same footer.
 */
export function ProductDrawerFooter({ quantidade, onQuantidade, children, nota }: Props) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <QuantityStepper
          valor={quantidade}
          onChange={(n) => onQuantidade(Math.min(QUANTIDADE_MAXIMA, Math.max(1, n)))}
          podeDiminuir={quantidade > 1}
          podeAumentar={quantidade < QUANTIDADE_MAXIMA}
          size="lg"
        />
        {children}
      </Group>
      {nota}
    </Box>
  );
}
