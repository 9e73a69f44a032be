import '../../../components/overlay-styles.ts';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { MSG_PEDIDO } from '@rango/domain';
import { IconPrinter, IconReceipt } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { AppModal } from '../../../shared/components/app-modal.tsx';
import { useCupomPedido } from '../api/get-cupom-pedido.ts';
import classes from './pedido.module.css';

/**
 * The receipt (spec section 4: once a status of 30 or higher exists). Its HTML needs the Bearer
 * token, so it is fetched by the API client and shown in an <iframe srcdoc>: sandboxed without
 * scripts, same origin so 'Imprimir' can call the frame's print() (allow-modals lets it).
 */
export function CupomPedido({ id, referencia }: { id: number; referencia: string }) {
  const [aberto, setAberto] = useState(false);
  const cupom = useCupomPedido(id, aberto);
  const frame = useRef<HTMLIFrameElement>(null);
  const titulo = MSG_PEDIDO.cupomDoPedido(referencia);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconReceipt size={18} aria-hidden />}
        onClick={() => setAberto(true)}
      >
        {MSG_PEDIDO.verCupom}
      </Button>
      <AppModal opened={aberto} onClose={() => setAberto(false)} title={titulo} size="md" centered>
        {cupom.data !== undefined ? (
          <Stack gap="sm">
            <iframe
              ref={frame}
              title={titulo}
              srcDoc={cupom.data}
              sandbox="allow-same-origin allow-modals"
              className={classes.cupomFrame}
            />
            <Group justify="flex-end">
              <Button
                leftSection={<IconPrinter size={18} aria-hidden />}
                onClick={() => frame.current?.contentWindow?.print()}
              >
                {MSG_PEDIDO.imprimir}
              </Button>
            </Group>
          </Stack>
        ) : cupom.isError ? (
          <Alert color="red" role="alert" title={MSG_PEDIDO.erroCupomPedido}>
            <Button mt="xs" size="xs" variant="white" color="red.9" onClick={() => void cupom.refetch()}>
              {MSG_PEDIDO.tentarNovamente}
            </Button>
          </Alert>
        ) : (
          <Skeleton height={320} radius="sm" aria-label="Carregando o cupom" role="status" />
        )}
      </AppModal>
    </>
  );
}
