import { Anchor, Badge, Button, Group, Loader, Text, Title } from '@mantine/core';
import { CANAL_MENSAGEM_NOME, ESTADO_MENSAGEM_NOME } from '@rango/domain/painel';
import { IconBrandWhatsapp, IconExternalLink } from '@tabler/icons-react';
import { useMensagensDoPedido } from '../../../api/mensagens.ts';
import { formatQuando } from '../lib/formato.ts';
import classes from './detalhe.module.css';

/** The badge's color per state: failed red, read/delivered green, the rest neutral. */
const COR: Record<string, string> = {
  falhou: 'red.9',
  entregue: 'green.9',
  lida: 'green.9',
  enviada: 'blue.9',
  descartada: 'gray.7',
};

/**
 * The order drawer's 'Mensagens ao cliente' (issue 22): each message sent about the order with its
 * channel and state (enviada, entregue, lida, falhou), the customer's rating if any, and
 * 'Conversar no WhatsApp' (wa.me with the customer's phone and the order number).
 */
export function PedidoMensagens({
  idest,
  idpedido,
  agora,
}: {
  idest: number;
  idpedido: number;
  agora: number;
}) {
  const q = useMensagensDoPedido(idest, idpedido);
  return (
    <section
      aria-labelledby="detalhe-mensagens"
      className={classes.secao}
      aria-busy={q.isPending || undefined}
    >
      <Title order={3} size="h5" id="detalhe-mensagens">
        Mensagens ao cliente
      </Title>
      {q.isPending ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Carregando as mensagens…</Text>
        </Group>
      ) : q.isError ? (
        <Group gap="xs" role="alert">
          <Text size="sm">Não foi possível carregar as mensagens.</Text>
          <Button variant="default" size="compact-xs" onClick={() => void q.refetch()}>
            Tentar de novo
          </Button>
        </Group>
      ) : (
        <>
          {q.data.mensagens.length === 0 ? (
            <Text size="sm">Nenhuma mensagem enviada ao cliente sobre este pedido.</Text>
          ) : (
            <ul className={classes.historico} aria-label="Mensagens enviadas">
              {q.data.mensagens.map((m) => (
                <li key={m.id}>
                  <Group gap={6} wrap="wrap">
                    <strong>{formatQuando(m.enviado_em ?? m.criado_em, agora)}</strong>
                    <span>{CANAL_MENSAGEM_NOME[m.canal] ?? m.canal}:</span>
                    <span className={classes.quebra}>{m.titulo}</span>
                    <Badge size="sm" variant="light" color={COR[m.estado] ?? 'gray.7'}>
                      {ESTADO_MENSAGEM_NOME[m.estado] ?? m.estado}
                    </Badge>
                  </Group>
                </li>
              ))}
            </ul>
          )}
          {q.data.avaliacao ? (
            <Text size="sm">
              Avaliação do cliente: <strong>{q.data.avaliacao.nota} de 5</strong>
              {q.data.avaliacao.comentario ? ` — “${q.data.avaliacao.comentario}”` : ''}
            </Text>
          ) : null}
          {q.data.whatsapp ? (
            <Anchor
              href={q.data.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.icone}
            >
              <IconBrandWhatsapp size={16} aria-hidden="true" />
              Conversar no WhatsApp
              <IconExternalLink size={14} aria-hidden="true" />
              <span className={classes.sr}> (abre em nova aba)</span>
            </Anchor>
          ) : null}
        </>
      )}
    </section>
  );
}
