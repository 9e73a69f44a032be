import { Alert, Anchor, Button, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG_PEDIDO, currentStatus, formatBRL } from '@rango/domain';
import { IconAlertTriangle, IconCircleCheck, IconCopy, IconQrcode, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { usePedidoStatusPoll } from '../api/get-pedido-status.ts';
import { useRenovarPix } from '../api/renovar-pix.ts';
import type { PedidoDetalhe } from '../lib/pedido-json.ts';
import { avisoPix, formatarRestante, marcoPix, restanteMs } from '../lib/pix-contagem.ts';
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

/** Issue 14: the expired code and its renewal. */
export const MSG_PIX_RENOVAR = {
  expiradoTitulo: 'Código PIX expirado',
  expirado: 'Este código não pode mais ser pago. Gere um novo código para pagar este mesmo pedido.',
  gerar: 'Gerar novo código',
  gerado: 'Novo código PIX gerado.',
} as const;

/** Now, every second while `ativo` (the countdown's clock). */
function useAgora(ativo: boolean): number {
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    if (!ativo) return;
    setAgora(Date.now());
    const t = setInterval(() => setAgora(Date.now()), 1000);
    return () => clearInterval(t);
  }, [ativo]);
  return agora;
}

function PainelPix({
  pix,
  idPedido,
  erroVerificacao,
}: {
  pix: PixPendenteDados;
  idPedido: number;
  erroVerificacao: boolean;
}) {
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

  const agora = useAgora(pix.expiraEm !== null);
  const restante = restanteMs(pix.expiraEm, agora);
  const expirado = restante !== null && restante <= 0;
  const marco = restante === null ? null : marcoPix(restante);
  const renovar = useRenovarPix(idPedido);
  // What a screen reader hears, politely: copied, the countdown's few moments, a new code.
  const [anuncio, setAnuncio] = useState('');
  const marcoAnterior = useRef(marco);
  useEffect(() => {
    if (marco === marcoAnterior.current) return;
    marcoAnterior.current = marco;
    if (marco !== null) setAnuncio(avisoPix(marco));
  }, [marco]);
  const copiarBotao = useRef<HTMLButtonElement>(null);
  const [focarNovo, setFocarNovo] = useState(false);
  useEffect(() => {
    if (!focarNovo || expirado) return;
    setFocarNovo(false);
    (copiarBotao.current ?? caixa.current)?.focus();
  }, [focarNovo, expirado]);

  function gerarNovo() {
    renovar.mutate(undefined, {
      onSuccess: () => {
        setAnuncio(MSG_PIX_RENOVAR.gerado);
        setFocarNovo(true);
      },
    });
  }

  async function copiar(codigo: string) {
    try {
      await navigator.clipboard.writeText(codigo);
      notifications.show({ color: 'green', message: MSG_PEDIDO.codigoPixCopiado });
      // Said again in the panel's own live region (the toast alone may go unread).
      setAnuncio('');
      setTimeout(() => setAnuncio(MSG_PEDIDO.codigoPixCopiado), 50);
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
      {expirado ? (
        <>
          {/* A note, not an alert: the live region below already said it expired. */}
          <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle aria-hidden />}>
            <Text size="sm" fw={700}>
              {MSG_PIX_RENOVAR.expiradoTitulo}
            </Text>
            <Text size="sm">{MSG_PIX_RENOVAR.expirado}</Text>
          </Alert>
          <Group>
            <Button
              onClick={gerarNovo}
              loading={renovar.isPending}
              leftSection={<IconRefresh size={18} aria-hidden />}
            >
              {MSG_PIX_RENOVAR.gerar}
            </Button>
          </Group>
          {renovar.isError ? (
            <Alert color="red" variant="light" role="alert">
              {renovar.error.message}
            </Alert>
          ) : null}
        </>
      ) : qrcode === null ? (
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
                    ref={copiarBotao}
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
      {!expirado && restante !== null && pix.expiraEm ? (
        // role="timer": read when reached, never every second (the live region below speaks).
        <Text size="sm" fw={600} role="timer" aria-atomic="true">
          {MSG_PEDIDO.pixExpira(`em ${formatarRestante(restante)}`)}
          {quandoExpira(pix.expiraEm) ? (
            <Text span size="sm" fw={400} c="dimmed">
              {` (${quandoExpira(pix.expiraEm)})`}
            </Text>
          ) : null}
        </Text>
      ) : null}
      {expirado ? null : (
        <Text size="sm" c="dimmed">
          {MSG_PEDIDO.pixAguardando}
        </Text>
      )}
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {anuncio}
      </VisuallyHidden>
      {pix.url && !expirado ? (
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
 * (issue 14) counts down to the expiry, and an expired code offers 'Gerar novo código' (a new
 * charge on the same order);
 * 'Pagamento efetuado com sucesso.' or 'Pagamento não efetuado.'.
 */
export function PixPendente({ pedido, pix }: PixPendenteProps) {
  const consulta = usePedidoStatusPoll(pedido, pix ? PIX_POLL_MS : false);
  const desfecho = desfechoPagamento(currentStatus(pedido.historico));
  return (
    <div>
      {pix ? <PainelPix pix={pix} idPedido={pedido.id} erroVerificacao={consulta.isError} /> : null}
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
