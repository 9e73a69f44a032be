import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { MSG, formatReais, type EstabelecimentoDetalhe } from '@rango/domain';
import { IconClock, IconReceipt2 } from '@tabler/icons-react';
import { memo } from 'react';
import { imageUrl } from '../../../config/paths.ts';

interface Props {
  detalhe: EstabelecimentoDetalhe;
  aberto: boolean;
}

/** Logo, name, FECHADO tag, delivery estimate and minimum order. */
export const EstabelecimentoHeader = memo(function EstabelecimentoHeader({ detalhe, aberto }: Props) {
  const nome = detalhe.estabelecimento.apelidooufantasia;
  const logo = imageUrl(detalhe.logo ?? detalhe.estabelecimento.logo);
  return (
    <Group wrap="nowrap" align="center" gap="md">
      <Avatar
        src={logo}
        alt={`Logo de ${nome}`}
        size={72}
        radius="md"
        color="brasa"
        imageProps={{ width: 72, height: 72 }}
      >
        {nome.slice(0, 2).toUpperCase()}
      </Avatar>
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
        </Group>
      </Stack>
    </Group>
  );
});
