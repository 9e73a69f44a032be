import '../../../components/overlay-styles.ts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MSG_PEDIDO, currentStatus } from '@rango/domain';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AppModal } from '../../../shared/components/app-modal.tsx';
import { MOBILE_QUERY } from '../../../config/breakpoints.ts';
import { getPedidoQueryOptions } from '../api/get-pedido.ts';
import { usePedidoStatusPoll } from '../api/get-pedido-status.ts';
import type { PedidoDetalhe } from '../lib/pedido-json.ts';
import { DEBITO_RETORNO_POLL_MS, desfechoPagamento, isCallbackPagamento } from '../lib/transacao.ts';
import { PainelPagamento } from './painel-pagamento.tsx';
import classes from './pagamento-online.module.css';

interface DebitoPendenteProps {
  pedido: PedidoDetalhe;
  /** The bank's authentication page while the payment is pending (status 10); null after. */
  url: string | null;
  /** A credit card the bank challenged (Mercado Pago's 3-D Secure): credit's texts. */
  credito?: boolean;
}

/**
 * Spec section 4, pending debit payment: the bank's 3-D Secure page in a modal, opened by itself
 * once on arrival and again with 'Autenticar pagamento'. The order is asked again when the modal
 * closes and when /aguardando-pagamento (where the bank returns, inside the iframe) posts its
 * message. Stays mounted after the payment left status 10 to tell how it ended: approved (a
 * notice) or denied ('Autenticação negada para o pagamento em débito.', until the page is left).
 */
export function DebitoPendente({ pedido, url, credito = false }: DebitoPendenteProps) {
  const queryClient = useQueryClient();
  const telaCheia = useMediaQuery(MOBILE_QUERY) ?? false;
  const pendente = url !== null;
  const [aberto, setAberto] = useState(true);
  const [retornou, setRetornou] = useState(false);
  // The frame keeps its page while the modal closes (the url is gone with the new status).
  const [frameUrl, setFrameUrl] = useState(url);
  if (url !== null && url !== frameUrl) setFrameUrl(url);
  const desfecho = desfechoPagamento(currentStatus(pedido.historico));
  usePedidoStatusPoll(pedido, pendente && retornou ? DEBITO_RETORNO_POLL_MS : false);

  const { id } = pedido;
  const verificar = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: getPedidoQueryOptions(id).queryKey, exact: true });
  }, [queryClient, id]);

  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!pendente) return;
    function onMessage(event: MessageEvent) {
      // Mercado Pago's challenge (issue 23): the bank's page in our frame posts `{status:
      // 'COMPLETE'}` when it ends (any bank's origin: only our frame's window counts).
      const mercadoPago =
        frame.current !== null &&
        event.source === frame.current.contentWindow &&
        (event.data as { status?: unknown } | null)?.status === 'COMPLETE';
      if (!mercadoPago && !isCallbackPagamento(event)) return;
      setRetornou(true);
      verificar();
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [pendente, verificar]);

  // Once per page: a refetch or a re-render must not repeat the notice.
  const avisado = useRef(false);
  useEffect(() => {
    if (desfecho !== 'pago' || avisado.current) return;
    avisado.current = true;
    notifications.show({
      color: 'green',
      message: credito ? MSG_PEDIDO.creditoAprovado : MSG_PEDIDO.debitoAprovado,
    });
  }, [desfecho, credito]);

  // The modal closes by itself on the answer; the focus it held goes to the denial, not to <body>.
  // (`aberto` still says whether the modal was open when the answer came.)
  const negado = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (desfecho === 'negado' && aberto) negado.current?.focus();
  }, [desfecho, aberto]);

  function fechar() {
    setAberto(false);
    verificar();
  }

  return (
    <>
      {desfecho === 'negado' ? (
        <Alert ref={negado} tabIndex={-1} color="red" variant="light" role="alert">
          {credito ? MSG_PEDIDO.autenticacaoNegadaCredito : MSG_PEDIDO.autenticacaoNegadaDebito}
        </Alert>
      ) : pendente ? (
        <PainelPagamento
          icone={<IconShieldLock size={22} aria-hidden />}
          titulo={credito ? MSG_PEDIDO.creditoPendenteTitulo : MSG_PEDIDO.debitoPendenteTitulo}
        >
          <Text size="sm">{MSG_PEDIDO.debitoPendenteTexto}</Text>
          <Group>
            <Button onClick={() => setAberto(true)} leftSection={<IconShieldLock size={18} aria-hidden />}>
              {MSG_PEDIDO.autenticarPagamento}
            </Button>
          </Group>
        </PainelPagamento>
      ) : null}
      <AppModal
        opened={pendente && aberto}
        onClose={fechar}
        title={credito ? MSG_PEDIDO.autenticacaoCreditoTitulo : MSG_PEDIDO.autenticacaoDebitoTitulo}
        size={660}
        centered
        fullScreen={telaCheia}
      >
        {frameUrl ? (
          // The bank's page runs its scripts and posts its form inside the frame; it may not
          // navigate this page away (no allow-top-navigation): it returns to /aguardando-pagamento.
          <iframe
            ref={frame}
            src={frameUrl}
            title={MSG_PEDIDO.paginaBancoTitulo}
            className={classes.bancoFrame}
            data-tela-cheia={telaCheia || undefined}
            sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
          />
        ) : null}
      </AppModal>
    </>
  );
}
