import { useCallback, useEffect } from 'react';

export const MSG_ALTERACOES = 'Há alterações não salvas. Sair sem salvar?';

/**
 * While there are unsaved changes: the browser asks before the tab closes or reloads
 * (beforeunload), and a click on any in-app link asks first. The panel runs on a plain
 * BrowserRouter (no data router, so no useBlocker): the link's click is caught on the document
 * in the capture phase, before React Router's own handler sees it. The answer `confirmar()` is
 * also what the editor asks before it switches products.
 */
export function useAvisoAlteracoes(ativo: boolean): () => boolean {
  useEffect(() => {
    if (!ativo) return;
    const antesDeSair = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      e.returnValue = '';
    };
    const clique = (e: MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!a || a.getAttribute('target') === '_blank' || a.getAttribute('href')?.startsWith('#')) return;
      if (!window.confirm(MSG_ALTERACOES)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', antesDeSair);
    document.addEventListener('click', clique, true);
    return () => {
      window.removeEventListener('beforeunload', antesDeSair);
      document.removeEventListener('click', clique, true);
    };
  }, [ativo]);
  return useCallback(() => !ativo || window.confirm(MSG_ALTERACOES), [ativo]);
}
