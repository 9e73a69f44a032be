import { notifications } from '@mantine/notifications';
import { MSG_CONTA } from '@rango/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { clearCustomerQueries } from '../../../lib/customer-queries.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { clearSession } from '../../../stores/session.ts';
import { getVisitedEstablishmentPath, removeKey, STORAGE_KEYS } from '../../../storage/index.ts';

/**
 * /logout (spec sections 2 and 4): forgets the tokens, the chosen address, the establishment
 * filter, the avatar and the customer's cached answers, says so, and returns to the last establishment.
 * `?motivo=sessao-expirada` (the HTTP client's refused refresh) and `?motivo=conta-excluida`
 * (after 'Excluir Conta') change the text.
 */
export default function LogoutPage() {
  useDocumentTitle('Sair');
  const [params] = useSearchParams();
  const motivo = params.get('motivo');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    // Idempotent (StrictMode runs it twice): the notice's id keeps a single one on screen.
    clearSession();
    removeKey(STORAGE_KEYS.endereco);
    removeKey(STORAGE_KEYS.filtroEstabelecimento);
    removeKey(STORAGE_KEYS.avatar);
    // The in-memory address store re-reads its key on a storage event (the browser sends one
    // only to other tabs).
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.endereco }));
    // The customer's cached answers go; menus and establishments stay for the next visit.
    clearCustomerQueries(queryClient);
    const expirou = motivo === 'sessao-expirada';
    notifications.show({
      id: 'logout',
      color: expirou ? 'yellow' : 'green',
      message: expirou
        ? MSG_CONTA.sessaoExpirada
        : motivo === 'conta-excluida'
          ? MSG_CONTA.contaExcluida
          : MSG_CONTA.logout,
    });
    void navigate(getVisitedEstablishmentPath() ?? paths.home, { replace: true });
  }, [motivo, navigate, queryClient]);

  return <PageLoader />;
}
