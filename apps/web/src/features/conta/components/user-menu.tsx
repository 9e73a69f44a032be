// The menu's own chunk: a visitor's first paint never carries it.
import { IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import classes from './user-menu.module.css';
import { UserMenuTarget } from './user-menu-target.tsx';

/**
 * The logged-in customer's menu (spec section 2): 'Alterar Dados' and 'Sair'.
 * A disclosure (a button that shows a list of links), not an ARIA menu: Mantine's Menu adds a
 * focusable presentational child that axe refuses inside role="menu", and two links need no
 * menu semantics. Escape, a click outside and a route change close it.
 */
export default function UserMenu({ saudacao, compact }: { saudacao: string; compact?: boolean | undefined }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const [path, setPath] = useState(location.pathname);
  if (path !== location.pathname) {
    setPath(location.pathname);
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
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={classes.root}>
      <UserMenuTarget
        ref={button}
        saudacao={saudacao}
        compact={compact}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      />
      <ul id={id} className={classes.lista} hidden={!open} aria-label="Minha conta">
        {/* Below 768 px the button is an icon: the greeting is said here. */}
        {compact ? <li className={classes.saudacao}>{saudacao}</li> : null}
        <li>
          <Link to={paths.cliente} className={classes.item}>
            <IconUserEdit size={18} aria-hidden="true" />
            Alterar Dados
          </Link>
        </li>
        <li>
          <Link to={paths.logout} className={`${classes.item} ${classes.sair}`}>
            <IconLogout size={18} aria-hidden="true" />
            Sair
          </Link>
        </li>
      </ul>
    </div>
  );
}
