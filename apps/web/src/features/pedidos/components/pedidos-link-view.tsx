import { ActionIcon, Indicator, Text, UnstyledButton } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HintTooltip } from '../../../components/hint-tooltip.tsx';
import { paths } from '../../../config/paths.ts';
import classes from './pedidos-link.module.css';

export type PedidosLinkVariant = 'desktop' | 'mobile';

const MEUS_PEDIDOS = 'Meus Pedidos';

/**
 * The orders link with the pending-orders count as a badge (none at 0), named 'Meus Pedidos, 2
 * pendentes': the visible text first (WCAG 2.5.3), the count after it.
 */
export function PedidosLinkView({ variant, pendentes }: { variant: PedidosLinkVariant; pendentes: number }) {
  const nome =
    pendentes > 0 ? `${MEUS_PEDIDOS}, ${pendentes} pendente${pendentes === 1 ? '' : 's'}` : MEUS_PEDIDOS;
  const mobile = variant === 'mobile';
  const icone = (
    <Indicator label={pendentes} size={18} disabled={pendentes === 0} offset={2} color="brasa">
      <IconReceipt size={mobile ? 26 : 24} stroke={1.7} aria-hidden />
    </Indicator>
  );
  return mobile ? (
    <UnstyledButton component={Link} to={paths.pedidos} className={classes.mobile} aria-label={nome}>
      {icone}
      <Text component="span" size="sm" fw={600}>
        {MEUS_PEDIDOS}
      </Text>
    </UnstyledButton>
  ) : (
    <HintTooltip label={MEUS_PEDIDOS}>
      <ActionIcon
        component={Link}
        to={paths.pedidos}
        variant="subtle"
        color="gray"
        size="xl"
        aria-label={nome}
      >
        {icone}
      </ActionIcon>
    </HintTooltip>
  );
}
