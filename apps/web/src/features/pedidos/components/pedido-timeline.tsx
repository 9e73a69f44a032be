import { Text, VisuallyHidden } from '@mantine/core';
import { TIMELINE_MSG, type Etapa, type Timeline } from '@rango/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatDataHora, formatHora } from '../lib/datas.ts';
import classes from './pedido-timeline.module.css';

const ESTADO_TEXTO: Record<Etapa['estado'], string> = {
  feito: 'concluída',
  atual: 'etapa atual',
  pendente: 'ainda não',
};

/** 'às 19:32', with the date when it is not the order's day. */
function quando(datahora: string, dia: string): string {
  const completo = formatDataHora(datahora);
  return completo.startsWith(dia) ? `às ${formatHora(datahora)}` : completo;
}

/**
 * Spec section 4: Realizado, Confirmado, Pronto, Entregue (delivery only); a cancellation closes
 * the steps reached with the refund message and the reason. An ordered list, the current step
 * marked with aria-current.
 */
export function PedidoTimeline({ timeline, dia }: { timeline: Timeline; dia: string }) {
  return (
    <ol className={classes.timeline} aria-label="Andamento do pedido">
      {timeline.etapas.map((e) => (
        <li
          key={e.id}
          className={classes.etapa}
          data-estado={e.estado}
          aria-current={e.estado === 'atual' ? 'step' : undefined}
        >
          <span className={classes.bullet} aria-hidden>
            {e.estado === 'feito' ? <IconCheck size={14} stroke={3} /> : null}
          </span>
          <div>
            <Text fw={e.estado === 'pendente' ? 500 : 700} c={e.estado === 'pendente' ? 'dimmed' : undefined}>
              {e.titulo}
              <VisuallyHidden>, {ESTADO_TEXTO[e.estado]}</VisuallyHidden>
            </Text>
            {e.datahora ? (
              <Text size="sm" c="dimmed">
                {quando(e.datahora, dia)}
              </Text>
            ) : null}
          </div>
        </li>
      ))}
      {timeline.cancelado ? (
        <li className={classes.etapa} data-estado="cancelado" aria-current="step">
          <span className={classes.bullet} aria-hidden>
            <IconX size={14} stroke={3} />
          </span>
          <div>
            <Text fw={700} c="red.9">
              Cancelado
            </Text>
            <Text size="sm" c="dimmed">
              {quando(timeline.cancelado.datahora, dia)}
            </Text>
            <Text size="sm" mt={4}>
              {TIMELINE_MSG.cancelado}
            </Text>
            {timeline.cancelado.motivo ? (
              <Text size="sm" mt={2}>
                Motivo: {timeline.cancelado.motivo}
              </Text>
            ) : null}
          </div>
        </li>
      ) : null}
    </ol>
  );
}
