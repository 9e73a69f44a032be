import { Badge } from '@mantine/core';
import { CANAL_NOME, isCancelado } from '@rango/domain';
import type { PainelConfig, PedidoPainel } from '@rango/domain/painel';
import {
  IconAlarm,
  IconAlertTriangle,
  IconBike,
  IconCalendarTime,
  IconClock,
  IconShoppingBag,
} from '@tabler/icons-react';
import { memo } from 'react';
import { dinheiro, formatHora, formatQuando } from '../lib/formato.ts';
import {
  ALERTA_TEXTO,
  alertaDe,
  colunaDe,
  motivoCancelamento,
  pagamentoTexto,
  tempoTexto,
  tipoTexto,
  trocoTexto,
} from '../lib/pedido-info.ts';
import classes from './fila.module.css';

export interface PedidoCardProps {
  pedido: PedidoPainel;
  agora: number;
  config: PainelConfig;
  /** Ringing: new and not yet acknowledged. */
  tocando: boolean;
  onAbrir: (id: number) => void;
}

/**
 * One order in the queue: a single button (Tab and the j/k keys reach it, Enter opens it) that
 * reads as a sentence: number, how long it has waited, customer, delivery or pickup, total,
 * payment. Amber and red are said in words too, never by colour alone.
 */
export const PedidoCard = memo(function PedidoCard({
  pedido: p,
  agora,
  config,
  tocando,
  onAbrir,
}: PedidoCardProps) {
  const alerta = alertaDe(p, config, agora);
  const troco = trocoTexto(p);
  const cancelado = isCancelado(p.status);
  const motivo = cancelado ? motivoCancelamento(p) : null;
  const Icone = alerta === 'vermelho' ? IconAlarm : alerta === 'amarelo' ? IconAlertTriangle : IconClock;
  return (
    <button
      type="button"
      className={classes.card}
      data-alerta={alerta}
      data-tocando={tocando || undefined}
      data-pedido={p.id}
      onClick={() => onAbrir(p.id)}
    >
      <span className={classes.cardTopo}>
        <span className={classes.cardNumero}>#{p.referencia}</span>
        {p.canal !== 'rango' ? (
          <Badge component="span" color="red" variant="light" size="sm" data-canal={p.canal}>
            {CANAL_NOME[p.canal]}
          </Badge>
        ) : null}
        {tocando ? (
          <Badge component="span" color="brasa" variant="filled" size="sm">
            Novo
          </Badge>
        ) : null}
      </span>
      {!cancelado && p.status !== 100 && colunaDe(p, agora) !== 'agendados' ? (
        <span className={classes.cardTempo} data-alerta={alerta}>
          <Icone size={16} aria-hidden="true" />
          {tempoTexto(p, agora)}
          {ALERTA_TEXTO[alerta] ? <span className={classes.sr}> ({ALERTA_TEXTO[alerta]})</span> : null}
        </span>
      ) : (
        <span className={classes.cardLinha}>Feito às {formatHora(p.dthrpedido)}</span>
      )}
      <span className={classes.cardCliente}>{p.cliente}</span>
      <span className={classes.cardLinha}>
        {p.tipo === 'DELIVERY' ? (
          <IconBike size={16} aria-hidden="true" />
        ) : (
          <IconShoppingBag size={16} aria-hidden="true" />
        )}
        {tipoTexto(p)}
        {p.entregue_as ? (
          <>
            <IconCalendarTime size={16} aria-hidden="true" className={classes.cardIconeExtra} />
            Agendado para {formatQuando(p.entregue_as, agora)}
          </>
        ) : null}
      </span>
      {p.previsao_em && !cancelado && p.status !== 100 ? (
        <span className={classes.cardLinha}>Previsão {formatHora(p.previsao_em)}</span>
      ) : null}
      <span className={classes.cardTotal}>
        <strong>{dinheiro(p.total)}</strong>
        <span className={classes.cardPagamento}>{pagamentoTexto(p)}</span>
      </span>
      {troco ? <span className={classes.cardTroco}>{troco}</span> : null}
      {motivo ? <span className={classes.cardLinha}>Motivo: {motivo}</span> : null}
    </button>
  );
});
