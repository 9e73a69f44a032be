import { ActionIcon, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
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
    // Named by its content (the count's badge hidden): axe's label-content-name-mismatch fails an
    // aria-label when the badge's digit comes first. With a count, the whole name is one hidden
    // text and the visible words are hidden from the name: a visually hidden part of its own is
    // positioned (a block), and browsers put a space before it ('Meus Pedidos , 1 pendente').
    <UnstyledButton component={Link} to={paths.pedidos} className={classes.mobile}>
      <span aria-hidden>{icone}</span>
      <Text component="span" size="sm" fw={600} aria-hidden={pendentes > 0 ? true : undefined}>
        {MEUS_PEDIDOS}
      </Text>
      {pendentes > 0 ? <VisuallyHidden>{nome}</VisuallyHidden> : null}
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
