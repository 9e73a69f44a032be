import { Alert, Button, Group } from '@mantine/core';
import { IconBell, IconBellRinging, IconVolume } from '@tabler/icons-react';
import botao from '../../../components/botao-longo.module.css';
import type { useCampainha } from '../hooks/use-campainha.ts';
import type { useNotificacoes } from '../hooks/use-notificacoes.ts';
import classes from './fila.module.css';

/**
 * Above the queue: the button that unlocks the bell's sound, the ringing orders with 'Ok, vi',
 * and the offer to notify in the background.
 */
export function FilaAvisos({
  campainha,
  notif,
  tocando,
  okVi,
}: {
  campainha: ReturnType<typeof useCampainha>;
  notif: ReturnType<typeof useNotificacoes>;
  /** How many new orders are ringing. */
  tocando: number;
  okVi: () => void;
}) {
  return (
    <div className={classes.avisos}>
      {campainha.disponivel && !campainha.liberado ? (
        <Button
          color="brasa"
          size="md"
          classNames={{ root: botao.longo, label: botao.longoTexto }}
          leftSection={<IconVolume size={20} aria-hidden="true" />}
          onClick={() => void campainha.liberar()}
        >
          Clique para ativar o som dos novos pedidos
        </Button>
      ) : null}
      {tocando > 0 ? (
        <Alert
          // The live log announces each new order; this is the visible, persistent side.
          role="note"
          color="brasa"
          variant="filled"
          icon={<IconBellRinging aria-hidden="true" />}
          title={tocando === 1 ? '1 pedido novo aguardando' : `${tocando} pedidos novos aguardando`}
        >
          <Group gap="xs">
            <span>Abra o pedido para ver os itens e aceitar.</span>
            <Button size="compact-md" variant="white" color="brasa.9" onClick={okVi} aria-keyshortcuts="o">
              Ok, vi
            </Button>
          </Group>
        </Alert>
      ) : null}
      {notif.permissao === 'default' ? (
        <Group>
          <Button
            variant="default"
            size="compact-md"
            classNames={{ root: botao.longo, label: botao.longoTexto }}
            leftSection={<IconBell size={18} aria-hidden="true" />}
            onClick={() => void notif.pedir()}
          >
            Receber avisos de novos pedidos mesmo com a aba em segundo plano
          </Button>
        </Group>
      ) : null}
    </div>
  );
}
