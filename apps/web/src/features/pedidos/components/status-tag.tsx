import { Badge } from '@mantine/core';
import { STATUS_TAG, statusTag, type HistoricoEntry, type StatusTag as Tag } from '@rango/domain';

/** Filled shades with white text at 4.5:1 or more (yellow: dark text on a light fill). */
const CORES: Record<Tag, { color: string; c?: string }> = {
  pagamentoPendente: { color: 'yellow.3', c: 'dark.9' },
  realizado: { color: 'blue.8' },
  confirmado: { color: 'indigo.7' },
  pronto: { color: 'violet.7' },
  entregue: { color: 'cyan.9' },
  concluido: { color: 'teal.9' },
  cancelado: { color: 'red.9' },
};

/** Spec section 4: the order's status tag, from its history. */
export function StatusTag({
  historico,
  size = 'md',
}: {
  historico: readonly HistoricoEntry[];
  size?: 'md' | 'lg';
}) {
  const tag = statusTag(historico);
  const { color, c } = CORES[tag];
  return (
    <Badge variant="filled" color={color} c={c} size={size} radius="sm" style={{ flexShrink: 0 }}>
      {STATUS_TAG[tag]}
    </Badge>
  );
}
