import type { ReactNode } from 'react';
import classes from './rolagem.module.css';

/**
 * A table that may be wider than a phone: it scrolls sideways inside a region that takes the
 * keyboard's focus (arrow keys scroll it), named after its table.
 */
export function Rolagem({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className={classes.rolagem} role="region" aria-label={`Tabela: ${rotulo}`} tabIndex={0}>
      {children}
    </div>
  );
}
