import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { MSG, formatReais, type EstabelecimentoDetalhe } from '@rango/domain';
import { IconClock, IconReceipt2 } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { imageUrl } from '../../../shared/config/api.ts';
import classes from './menu.module.css';

interface Props {
  detalhe: EstabelecimentoDetalhe;
  aberto: boolean;
}

/** Logo, name, FECHADO tag, delivery estimate and minimum order. */
export const EstabelecimentoHeader = memo(function EstabelecimentoHeader({ detalhe, aberto }: Props) {
  const nome = detalhe.estabelecimento.apelidooufantasia;
  const logo = imageUrl(detalhe.logo ?? detalhe.estabelecimento.logo);
  const a = detalhe.avaliacao;
  // A logo that does not load shows the initials, as the avatar did.
  const [semLogo, setSemLogo] = useState(false);
  return (
    <Group wrap="nowrap" align="center" gap="md">
      {/* Plain markup, not Mantine's Avatar (its code and placeholder icon paid for the rating below). */}
      <span className={classes.logo}>
        {logo && !semLogo ? (
          <img src={logo} alt={`Logo de ${nome}`} width={72} height={72} onError={() => setSemLogo(true)} />
        ) : (
          nome.slice(0, 2).toUpperCase()
        )}
      </span>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
            {nome}
          </Title>
          {!aberto && (
            <Badge color="red.9" variant="filled" size="lg">
              {MSG.fechado}
            </Badge>
          )}
        </Group>
        <Group gap="md" wrap="wrap">
          {detalhe.previsaoentregamax > 0 && (
            <Group gap={4} wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                Entrega em {detalhe.previsaoentregamin}–{detalhe.previsaoentregamax} min
              </Text>
            </Group>
          )}
          {detalhe.pedidominimo > 0 && (
            <Group gap={4} wrap="nowrap">
              <IconReceipt2 size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                Pedido mínimo {formatReais(detalhe.pedidominimo)}
              </Text>
            </Group>
          )}
          {/* Issue 22: the last 90 days' average, from 5 ratings on (a few bytes: the route's budget). */}
          {a && (
            <Text size="sm" c="dimmed">
              <span aria-hidden>★ </span>
              {String(a.media).replace('.', ',')} de 5 ({a.quantidade} avaliações)
            </Text>
          )}
        </Group>
      </Stack>
    </Group>
  );
});
