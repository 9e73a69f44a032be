import { Paper, Text, Title } from '@mantine/core';
import { Areas } from './areas.tsx';
import { Bairros } from './bairros.tsx';

/** Delivery: circles around the store (as numbers, over a map when tiles are configured) and the neighbourhood table. */
export function EntregaSecao({ idest }: { idest: number }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-entrega">
      <Title order={2} size="h3" id="loja-entrega" mb={4}>
        Áreas de entrega
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Círculos ao redor da loja: o cliente dentro de um círculo paga a menor taxa entre os que o cobrem;
        dentro de uma área &quot;não entrega&quot;, só retira na loja.
      </Text>
      <Areas idest={idest} />
      <Title order={3} size="h4" mt="lg" mb="xs">
        Taxas por bairro
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Usadas quando a loja não tem áreas de entrega.
      </Text>
      <Bairros idest={idest} />
    </Paper>
  );
}
