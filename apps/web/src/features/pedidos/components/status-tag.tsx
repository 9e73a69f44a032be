import { STATUS_TAG, statusTag, type HistoricoEntry } from '@rango/domain';
import classes from './status-tag.module.css';

/**
 * Spec section 4: the order's status tag, from its history. A styled span rather than Mantine's
 * Badge: sharing Badge with the menu page would split it out of the menu route's chunk.
 */
export function StatusTag({
  historico,
  size = 'md',
}: {
  historico: readonly HistoricoEntry[];
  size?: 'md' | 'lg';
}) {
  const tag = statusTag(historico);
  return (
    <span className={classes.tag} data-tag={tag} data-size={size}>
      {STATUS_TAG[tag]}
    </span>
  );
}
