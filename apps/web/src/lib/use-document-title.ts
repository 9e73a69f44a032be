import { useEffect } from 'react';

const SITE = 'Rango';

/** Sets the tab title to '<title> | Rango' (or 'Rango'), so screen readers announce the page. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : SITE;
  }, [title]);
}
