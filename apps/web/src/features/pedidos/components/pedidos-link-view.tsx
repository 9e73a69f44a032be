import { ActionIcon, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HintTooltip } from '../../../components/hint-tooltip.tsx';
import { paths } from '../../../config/paths.ts';
import classes from './pedidos-link.module.css';

export type PedidosLinkVariant = 'desktop' | 'mobile';

const MEUS_PEDIDOS = 'Meus Pedidos';

const pendentesTexto = (n: number) => `${n} ${n === 1 ? 'pendente' : 'pendentes'}`;

/** The orders link with the pending-orders count as a badge (none at 0). */
export function PedidosLinkView({ variant, pendentes }: { variant: PedidosLinkVariant; pendentes: number }) {
  const icone = (size: number) => (
    <Indicator label={pendentes} size={18} disabled={pendentes === 0} offset={2} color="brasa">
      <IconReceipt size={size} stroke={1.7} aria-hidden />
    </Indicator>
  );
  if (variant === 'mobile') {
    // Named by its visible text plus the count: 'Meus Pedidos, 2 pendentes'.
    return (
      <UnstyledButton component={Link} to={paths.pedidos} className={classes.mobile}>
        <span aria-hidden>{icone(26)}</span>
        <Text component="span" size="sm" fw={600}>
          {MEUS_PEDIDOS}
        </Text>
        {pendentes > 0 ? <VisuallyHidden>, {pendentesTexto(pendentes)}</VisuallyHidden> : null}
      </UnstyledButton>
    );
  }
  return (
    <HintTooltip label={MEUS_PEDIDOS}>
      <ActionIcon
        component={Link}
        to={paths.pedidos}
        variant="subtle"
        color="gray"
        size="xl"
        aria-label={pendentes > 0 ? `${MEUS_PEDIDOS}, ${pendentesTexto(pendentes)}` : MEUS_PEDIDOS}
      >
        {icone(24)}
      </ActionIcon>
    </HintTooltip>
  );
}
