import { Alert, Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG_PEDIDO, currentStatus, formatBRL } from '@rango/domain';
import { IconCircleCheck, IconCopy, IconQrcode } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { usePedidoStatusPoll } from '../api/get-pedido-status.ts';
import type { PedidoDetalhe } from '../lib/pedido-json.ts';
import {
  PIX_POLL_MS,
  desfechoPagamento,
  quandoExpira,
  type PixPendente as PixPendenteDados,
} from '../lib/transacao.ts';
import { PainelPagamento } from './painel-pagamento.tsx';
import classes from './pagamento-online.module.css';

/** The async clipboard exists only on secure pages of browsers that have it. */
const clipboardDisponivel = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

function PainelPix({ pix, erroVerificacao }: { pix: PixPendenteDados; erroVerificacao: boolean }) {
  // No clipboard: the box for a manual copy from the start; the clipboard failed: the box, focused
  // with the code selected (the customer's click asked for it).
  const [manual, setManual] = useState(() => !clipboardDisponivel());
  const [focarCaixa, setFocarCaixa] = useState(false);
  const caixa = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!focarCaixa) return;
    caixa.current?.focus();
    caixa.current?.select();
  }, [focarCaixa]);

  async function copiar(codigo: string) {
    try {
      await navigator.clipboard.writeText(codigo);
      notifications.show({ color: 'green', message: MSG_PEDIDO.codigoPixCopiado });
    } catch {
      notifications.show({ color: 'red', message: MSG_PEDIDO.codigoPixNaoCopiado });
      setManual(true);
      setFocarCaixa(true);
    }
  }

  const { qrcode } = pix;
  return (
    <PainelPagamento icone={<IconQrcode size={22} aria-hidden />} titulo={MSG_PEDIDO.pixTitulo}>
      <Text size="sm">
        Valor:{' '}
        <Text span fw={700} size="sm">
          {formatBRL(pix.valor)}
        </Text>
      </Text>
      {qrcode === null ? (
        <Alert color="red" variant="light" role="alert">
          {MSG_PEDIDO.erroQrCode}
        </Alert>
      ) : (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          {pix.imagem ? (
            <img
              src={pix.imagem}
              alt={MSG_PEDIDO.pixQrCodeAlt}
              width={220}
              height={220}
              className={classes.qr}
            />
          ) : null}
          <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
            {pix.imagem ? (
              <Text size="sm" className={classes.somenteTelaGrande}>
                {MSG_PEDIDO.pixInstrucoes}
              </Text>
            ) : null}
            <Text size="sm" className={pix.imagem ? classes.somenteCelular : undefined}>
              {MSG_PEDIDO.pixInstrucoesCelular}
            </Text>
            {manual ? (
              <Textarea
                ref={caixa}
                label={MSG_PEDIDO.copieCodigoAbaixo}
                value={qrcode}
                readOnly
                rows={4}
                spellCheck={false}
                onFocus={(e) => e.currentTarget.select()}
                className={classes.manual}
              />
            ) : (
              <>
                <Text size="sm" fw={600}>
                  {MSG_PEDIDO.pixCodigoRotulo}
                </Text>
                <p className={classes.codigo}>{qrcode}</p>
                <Group>
                  <Button
                    onClick={() => void copiar(qrcode)}
                    leftSection={<IconCopy size={18} aria-hidden />}
                  >
                    {MSG_PEDIDO.copiarCodigo}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Group>
      )}
      {pix.expiraEm && quandoExpira(pix.expiraEm) ? (
        <Text size="sm" fw={600}>
          {MSG_PEDIDO.pixExpira(quandoExpira(pix.expiraEm))}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {MSG_PEDIDO.pixAguardando}
      </Text>
      {pix.url ? (
        <Text size="sm">
          <Anchor href={pix.url} target="_blank" rel="noopener">
            {MSG_PEDIDO.pixPagarNoSandbox}
          </Anchor>
        </Text>
      ) : null}
      {/* A failed poll is retried by the next one: a quiet note, read out politely. */}
      <div aria-live="polite" hidden={!erroVerificacao}>
        {erroVerificacao ? (
          <Text size="xs" c="dimmed">
            {MSG_PEDIDO.verificacaoFalhou}
          </Text>
        ) : null}
      </div>
    </PainelPagamento>
  );
}

interface PixPendenteProps {
  pedido: PedidoDetalhe;
  /** The pending charge while the order is at status 10; null after. */
  pix: PixPendenteDados | null;
}

/**
 * Spec section 4, pending PIX: the QR image (not on phones), the copy-and-paste code with a copy
 * button (a manual copy box where the clipboard is missing or fails) and the expiry. Asks every
 * 10 s, errors retried by the next tick; stays mounted after status 10 to say how it ended:
 * 'Pagamento efetuado com sucesso.' or 'Pagamento não efetuado.'.
 */
export function PixPendente({ pedido, pix }: PixPendenteProps) {
  const consulta = usePedidoStatusPoll(pedido, pix ? PIX_POLL_MS : false);
  const desfecho = desfechoPagamento(currentStatus(pedido.historico));
  return (
    <div>
      {pix ? <PainelPix pix={pix} erroVerificacao={consulta.isError} /> : null}
      {/* Read out when the panel turns into its answer. */}
      <div aria-live="polite">
        {desfecho === 'pago' ? (
          <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={20} aria-hidden />}>
            {MSG_PEDIDO.pagamentoEfetuado}
          </Alert>
        ) : desfecho === 'negado' ? (
          <Alert color="red" variant="light" role="alert">
            {MSG_PEDIDO.pagamentoNaoEfetuado}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
