import { Title, type TitleProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import classes from './page-title.module.css';

const SITE = 'Painel | Rango';

/**
 * A page's <h1>, and its tab title. After an in-app navigation it takes the focus (not on the
 * first load: the browser starts at the top anyway), so a screen reader announces the new page
 * and Tab continues from there instead of from the link that was pressed.
 */
export function PageTitle({ children, title, ...props }: TitleProps & { children: string; title?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  const text = title ?? children;
  useEffect(() => {
    document.title = `${text} | ${SITE}`;
  }, [text]);
  useEffect(() => {
    // 'default' is the key of the location the app was opened at.
    if (key !== 'default') ref.current?.focus({ preventScroll: false });
  }, [key]);
  return (
    <Title order={1} size="h2" ref={ref} tabIndex={-1} className={classes.titulo} {...props}>
      {children}
    </Title>
  );
}
