import type { ReactNode } from 'react';
import classes from './hint-tooltip.module.css';

/**
 * A visual tooltip shown on hover and keyboard focus, in CSS only. Mantine's Tooltip brings
 * floating-ui (~18 KiB gzip) into the entry, which the menu route's JS budget cannot carry. The
 * wrapped control already has the same text as its accessible name, so the hint is aria-hidden.
 */
export function HintTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.wrapper}>
      {children}
      <span className={classes.tip} aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
