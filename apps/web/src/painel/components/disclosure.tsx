import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import classes from './disclosure.module.css';

/**
 * A button that shows a short list of links or buttons (the user menu, the establishment
 * switcher, the sections under 'Mais'). A disclosure, not an ARIA menu: Mantine's Menu adds a focusable presentational
 * child that axe refuses inside role="menu" (as in the customer's user menu). Escape, a click
 * outside and a route change close it.
 */
export function Disclosure({
  label,
  ariaLabel,
  listLabel,
  children,
  align = 'right',
  buttonClassName,
  ativa,
}: {
  label: ReactNode;
  ariaLabel?: string;
  listLabel: string;
  children: ReactNode;
  align?: 'left' | 'right';
  /** The button's look instead of the default (the sections' 'Mais' looks like its sibling links). */
  buttonClassName?: string;
  /** Marks the button (data-ativa) when the current page is one of its links. */
  ativa?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [path, setPath] = useState(pathname);
  if (path !== pathname) {
    setPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onFocus = (e: FocusEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <div ref={root} className={classes.root}>
      <UnstyledButton
        ref={button}
        className={buttonClassName ?? classes.button}
        data-ativa={ativa || undefined}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <IconChevronDown size={16} aria-hidden="true" />
      </UnstyledButton>
      <ul id={id} className={classes.lista} data-align={align} hidden={!open} aria-label={listLabel}>
        {children}
      </ul>
    </div>
  );
}

/** The class of a link or button inside a Disclosure's list. */
export const itemClass = classes.item;
export const itemPerigoClass = `${classes.item} ${classes.perigo}`;
export const itemInfoClass = classes.info;
